// What every operator command shares: validated config, clients with timeouts fit for bulk work,
// indexes in place, and a clean close.
import { loadConfig, mongoDatabaseName, type Config } from '../config';
import { createEsClient, type EsClient } from '../adapters/elasticsearch/client';
import { createMongo, type MongoHandle } from '../adapters/mongo/client';
import { ensureIndexes } from '../adapters/mongo/collections';
import { IndexAdmin } from '../adapters/elasticsearch/index-admin';
import { ProductRepository } from '../adapters/mongo/product.repository';
import { RevisionRepository } from '../adapters/mongo/revision.repository';
import { SourceRepository } from '../adapters/mongo/source.repository';
import { ChangeRepository } from '../adapters/mongo/change.repository';
import { CompanyRepository } from '../adapters/mongo/company.repository';
import { MongoLeaseStore } from '../adapters/mongo/lease.repository';
import type { IngestPorts } from '../ingest/catalog-ingest.usecase';

export interface Operator {
  readonly config: Config;
  readonly es: EsClient;
  readonly mongo: MongoHandle;
  /** Administers the indices behind `alias`, creating them with the configured shards and replicas. */
  indexAdmin(alias: string): IndexAdmin;
  close(): Promise<void>;
}

const BULK_TIMEOUT_MS = 120000;

export async function openOperator(env: NodeJS.ProcessEnv = process.env): Promise<Operator> {
  const config = loadConfig(env);
  const es = createEsClient(config.ELASTICSEARCH_URL, BULK_TIMEOUT_MS);
  const mongo = createMongo(config.MONGODB_URI, mongoDatabaseName(config.MONGODB_URI), BULK_TIMEOUT_MS);
  await ensureIndexes(mongo.db);
  const layout = { shards: config.ELASTICSEARCH_SHARDS, replicas: config.ELASTICSEARCH_REPLICAS };
  return {
    config,
    es,
    mongo,
    indexAdmin: (alias) => new IndexAdmin(es, alias, layout),
    close: async () => void (await Promise.allSettled([es.close(), mongo.client.close()])),
  };
}

/** The record and the index behind the configured alias, as the catalog use cases take them. */
export function catalogPorts(op: Operator): IngestPorts {
  const db = op.mongo.db;
  return {
    products: new ProductRepository(db),
    revisions: new RevisionRepository(db),
    changes: new ChangeRepository(db),
    sources: new SourceRepository(db),
    companies: new CompanyRepository(db),
    lease: new MongoLeaseStore(db),
    index: op.indexAdmin(op.config.ELASTICSEARCH_INDEX),
  };
}

/** Runs a command's body, printing a failure as one line and exiting non-zero. */
export function runCommand(name: string, body: () => Promise<void>): void {
  body().then(
    () => process.exit(process.exitCode ?? 0),
    (err: unknown) => {
      process.stderr.write(`${name}: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
