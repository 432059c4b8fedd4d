// What every operator command shares: validated config, the service's stores (wiring/stores.ts) with
// timeouts fit for bulk work, indexes in place, and a clean close.
import { loadConfig, type Config } from '../config';
import type { EsClient } from '../adapters/elasticsearch/client';
import type { MongoHandle } from '../adapters/mongo/client';
import type { IndexAdmin } from '../adapters/elasticsearch/index-admin';
import { createLogger } from '../shared/logger';
import { wireStores, type Stores } from '../wiring/stores';
import { catalogPorts as wiredCatalogPorts, indexAdmin } from '../wiring/catalog';

export interface Operator {
  readonly config: Config;
  readonly es: EsClient;
  readonly mongo: MongoHandle;
  /** The clients and repositories, as the service builds them. */
  readonly stores: Stores;
  /** Administers the indices behind `alias`, creating them with the configured shards and replicas. */
  indexAdmin(alias: string): IndexAdmin;
  close(): Promise<void>;
}

const BULK_TIMEOUT_MS = 120000;

export async function openOperator(env: NodeJS.ProcessEnv = process.env): Promise<Operator> {
  const config = loadConfig(env);
  const logger = createLogger('warn', (line) => process.stderr.write(`${line}\n`));
  const stores = wireStores(config, logger, { timeoutMs: BULK_TIMEOUT_MS });
  try {
    await stores.indexes;
  } catch (err) {
    await stores.close();
    throw err;
  }
  return {
    config,
    es: stores.es,
    mongo: stores.mongo,
    stores,
    indexAdmin: (alias) => indexAdmin(stores, alias),
    close: () => stores.close(),
  };
}

/** The record, the index behind the configured alias and the watches' announcement, as the catalog use cases take them. */
export function catalogPorts(op: Operator) {
  return wiredCatalogPorts(op.stores);
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
