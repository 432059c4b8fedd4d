import assert from 'node:assert/strict';
import { MongoClient } from 'mongodb';
import Redis from 'ioredis';
import { ELASTICSEARCH_URL, MONGODB_URI, REDIS_URL, uniqueName, mongoUriFor } from '../helpers/engines';

describe('local engines', () => {
  it('when asked, then Elasticsearch reports a healthy single node of the pinned version', async () => {
    const health = await fetch(`${ELASTICSEARCH_URL}/_cluster/health`);
    assert.equal(health.headers.get('x-elastic-product'), 'Elasticsearch');
    const body = (await health.json()) as { status: string; number_of_nodes: number };
    assert.ok(['green', 'yellow'].includes(body.status));
    const nodes = (await (await fetch(`${ELASTICSEARCH_URL}/_nodes/_local?filter_path=nodes.*.version`)).json()) as {
      nodes: Record<string, { version: string }>;
    };
    assert.deepEqual(
      Object.values(nodes.nodes).map((n) => n.version),
      ['9.3.2'],
    );
  });

  it('when a document is inserted through the mongodb driver, then it is found again', async () => {
    const client = new MongoClient(mongoUriFor(uniqueName('rt'), MONGODB_URI));
    try {
      const coll = client.db().collection<{ _id: string; n: number }>('roundtrip');
      await coll.insertOne({ _id: 'a', n: 42 });
      assert.deepEqual(await coll.findOne({ _id: 'a' }), { _id: 'a', n: 42 });
      await client.db().dropDatabase();
    } finally {
      await client.close();
    }
  });

  it('when a key is set in Redis, then it reads back and expires', async () => {
    const redis = new Redis(REDIS_URL);
    try {
      const key = uniqueName('rt');
      await redis.set(key, 'v', 'PX', 5000);
      assert.equal(await redis.get(key), 'v');
      assert.ok((await redis.pttl(key)) > 0);
      await redis.del(key);
    } finally {
      redis.disconnect();
    }
  });
});
