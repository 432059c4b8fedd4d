// The engines the integration and API tests run against: the URLs `npm test` exported, or the defaults.
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { esNodes } from '../../src/adapters/elasticsearch/client';
import type { IndexLayout } from '../../src/adapters/elasticsearch/index-admin';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const ENGINES_DIR = process.env.ENGINES_DIR
  ? path.resolve(process.env.ENGINES_DIR)
  : path.join(ROOT, '.engines');
export const ELASTICSEARCH_URL = process.env.ELASTICSEARCH_URL || 'http://127.0.0.1:9200';
/** The first of ELASTICSEARCH_URL's nodes, for a test that speaks HTTP to one node itself (a recording proxy). */
export const ELASTICSEARCH_NODE = esNodes(ELASTICSEARCH_URL)[0];
export const MONGODB_URI = process.env.MONGODB_URI || 'mongodb://127.0.0.1:27017/pds';
export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** How the indices tests create are laid out: ELASTICSEARCH_SHARDS and ELASTICSEARCH_REPLICAS, as the seed reads them. */
export const INDEX_LAYOUT: IndexLayout = (() => {
  const { ELASTICSEARCH_SHARDS, ELASTICSEARCH_REPLICAS } = process.env;
  const config = loadConfig({ ELASTICSEARCH_SHARDS, ELASTICSEARCH_REPLICAS });
  return { shards: config.ELASTICSEARCH_SHARDS, replicas: config.ELASTICSEARCH_REPLICAS };
})();
export const FERRETDB_BIN = path.join(ENGINES_DIR, 'ferretdb', 'bin', 'ferretdb-v1.24.2-pds1');

/** A name unique to this test run, for databases, indices and accounts. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/** The same server as MONGODB_URI, another database. */
export function mongoUriFor(dbName: string, base = MONGODB_URI): string {
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  return u.toString();
}
