// Seeds an isolated database and index alias through the same service the seed command uses.
import { createEsClient } from '../../src/adapters/elasticsearch/client';
import { createMongo, type MongoHandle } from '../../src/adapters/mongo/client';
import { ensureIndexes } from '../../src/adapters/mongo/collections';
import { ProductRepository } from '../../src/adapters/mongo/product.repository';
import { RevisionRepository } from '../../src/adapters/mongo/revision.repository';
import { SourceRepository } from '../../src/adapters/mongo/source.repository';
import { ChangeRepository } from '../../src/adapters/mongo/change.repository';
import { CompanyRepository } from '../../src/adapters/mongo/company.repository';
import path from 'node:path';
import { IndexAdmin } from '../../src/adapters/elasticsearch/index-admin';
import type { SyncReport } from '../../src/ingest/catalog-sync.service';
import { ingestCatalog } from '../../src/ingest/catalog-ingest.usecase';
import { MongoLeaseStore } from '../../src/adapters/mongo/lease.repository';
import { loadManifest, DEFAULT_SEED_DIR, type ManifestSource } from '../../src/ingest/convert';
import { ELASTICSEARCH_URL, INDEX_LAYOUT, MONGODB_URI, uniqueName, mongoUriFor } from './engines';
import { dropTestData } from './cleanup';

export interface Catalog {
  readonly mongoUri: string;
  readonly alias: string;
  readonly mongo: MongoHandle;
  readonly products: ProductRepository;
  readonly revisions: RevisionRepository;
  readonly index: IndexAdmin;
  /** `now`: when the revisions it makes are dated (default: now); `only`: the manifest's sources to read (default: all). */
  seed(sourcesDir?: string, now?: Date, only?: (source: ManifestSource) => boolean): Promise<SyncReport>;
  drop(): Promise<void>;
}

/** `mongoBase`: another server than the shared one (a private engine), same database naming. */
export async function openCatalog(name = uniqueName('cat'), mongoBase = MONGODB_URI): Promise<Catalog> {
  const mongoUri = mongoUriFor(name, mongoBase);
  const mongo = createMongo(mongoUri, new URL(mongoUri).pathname.slice(1), 120000);
  await ensureIndexes(mongo.db);
  const es = createEsClient(ELASTICSEARCH_URL, 120000);
  const products = new ProductRepository(mongo.db);
  const revisions = new RevisionRepository(mongo.db);
  const sources = new SourceRepository(mongo.db);
  const changes = new ChangeRepository(mongo.db);
  const companies = new CompanyRepository(mongo.db);
  const index = new IndexAdmin(es, name, INDEX_LAYOUT);
  return {
    mongoUri,
    alias: name,
    mongo,
    products,
    revisions,
    index,
    async seed(sourcesDir = path.join(DEFAULT_SEED_DIR, 'sources'), now, only = () => true) {
      const all = loadManifest();
      const manifest = { ...all, sources: all.sources.filter(only) };
      // Fixture folders hold slices of the pinned files: their checksums differ by design.
      const outcome = await ingestCatalog(
        { command: 'test seed', manifest, sourcesDir, acceptChecksumMismatch: true, now },
        { products, revisions, changes, sources, companies, index, lease: new MongoLeaseStore(mongo.db) },
      );
      if (outcome.kind !== 'written') throw new Error(`the seed wrote nothing (${outcome.kind})`);
      return outcome.sync;
    },
    async drop() {
      await Promise.allSettled([mongo.client.close(), es.close()]);
      await dropTestData(mongoUri, name);
    },
  };
}
