import { MongoClient } from 'mongodb';
import { createEsClient } from '../../src/adapters/elasticsearch/client';
import { ELASTICSEARCH_URL } from './engines';

/** Drops a test's database and every index whose name starts with its alias name. */
export async function dropTestData(mongoUri: string, indexPrefix: string): Promise<void> {
  const mongo = new MongoClient(mongoUri, { serverSelectionTimeoutMS: 3000 });
  const es = createEsClient(ELASTICSEARCH_URL, 30000);
  try {
    await mongo.db().dropDatabase();
    await es.indices.delete({ index: `${indexPrefix}*`, ignore_unavailable: true, allow_no_indices: true });
  } finally {
    await Promise.allSettled([mongo.close(), es.close()]);
  }
}
