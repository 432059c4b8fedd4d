// Seeds an isolated database and index alias through the same use case and the same wiring of
// stores (src/wiring/) the seed command uses, announcing to watches as it does.
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/shared/logger';
import type { MongoHandle } from '../../src/adapters/mongo/client';
import type { ProductRepository } from '../../src/adapters/mongo/product.repository';
import type { RevisionRepository } from '../../src/adapters/mongo/revision.repository';
import type { IndexAdmin } from '../../src/adapters/elasticsearch/index-admin';
import type { SyncReport } from '../../src/ingest/catalog-sync.service';
import { ingestCatalog } from '../../src/ingest/catalog-ingest.usecase';
import type { AnnounceReport } from '../../src/catalog/watch.types';
import { loadManifest, DEFAULT_SEED_DIR, type ManifestSource } from '../../src/ingest/convert';
import { wireStores, type Stores } from '../../src/wiring/stores';
import { catalogPorts } from '../../src/wiring/catalog';
import { ELASTICSEARCH_URL, MONGODB_URI, REDIS_URL, uniqueName, mongoUriFor } from './engines';
import { dropTestData } from './cleanup';

export interface Catalog {
  readonly mongoUri: string;
  readonly alias: string;
  readonly mongo: MongoHandle;
  readonly products: ProductRepository;
  readonly revisions: RevisionRepository;
  readonly index: IndexAdmin;
  /** The stores the seed writes through (as the service and the commands build them), on the run's Redis. */
  readonly stores: Stores;
  /** `now`: when the revisions it makes are dated (default: now); `only`: the manifest's sources to read (default: all). */
  seed(
    sourcesDir?: string,
    now?: Date,
    only?: (source: ManifestSource) => boolean,
  ): Promise<SyncReport & { readonly announced?: AnnounceReport }>;
  drop(): Promise<void>;
}

/** `mongoBase`: another server than the shared one (a private engine), same database naming. */
export async function openCatalog(name = uniqueName('cat'), mongoBase = MONGODB_URI): Promise<Catalog> {
  const mongoUri = mongoUriFor(name, mongoBase);
  const { ELASTICSEARCH_SHARDS, ELASTICSEARCH_REPLICAS } = process.env;
  const config = loadConfig({
    NODE_ENV: 'test',
    ELASTICSEARCH_URL,
    ELASTICSEARCH_INDEX: name,
    MONGODB_URI: mongoUri,
    // The seed announces to watches under the shared lock: the run's Redis, not the default address.
    REDIS_URL,
    ELASTICSEARCH_SHARDS,
    ELASTICSEARCH_REPLICAS,
  });
  const stores = wireStores(config, createLogger('warn'), { timeoutMs: 120000 });
  await stores.indexes;
  const ports = catalogPorts(stores);
  const { mongo, products, revisions } = stores;
  const index = ports.index;
  return {
    mongoUri,
    alias: name,
    mongo,
    products,
    revisions,
    index,
    stores,
    async seed(sourcesDir = path.join(DEFAULT_SEED_DIR, 'sources'), now, only = () => true) {
      const all = loadManifest();
      const manifest = { ...all, sources: all.sources.filter(only) };
      // Fixture folders hold slices of the pinned files: their checksums differ by design.
      const outcome = await ingestCatalog(
        { command: 'test seed', manifest, sourcesDir, acceptChecksumMismatch: true, now },
        ports,
      );
      if (outcome.kind !== 'written') throw new Error(`the seed wrote nothing (${outcome.kind})`);
      return { ...outcome.sync, announced: outcome.announced };
    },
    async drop() {
      await stores.close();
      await dropTestData(mongoUri, name);
    },
  };
}
