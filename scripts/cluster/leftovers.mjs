// What scripts/rehearse-cluster.mjs leaves in the shared engines, removed by name: databases and
// Redis keys of its own runs (a Ctrl-C cuts the tests before their own cleanup).
import net from 'node:net';
import { MongoClient } from 'mongodb';
import Redis from 'ioredis';

/** Drops every database on the server of `uri` whose name matches `pattern`. */
export async function dropDatabases(uri, pattern) {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 3000 });
  try {
    const { databases } = await client.db().admin().listDatabases({ nameOnly: true });
    for (const { name } of databases.filter((d) => pattern.test(d.name))) await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
}

/** Deletes every key of `url` that matches the glob `match`. */
export async function dropRedisKeys(url, match) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for await (const keys of redis.scanStream({ match, count: 500 })) if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
