// The complete real data set for the tests that need all of it (walking every page, relevance on real
// names). It is kept in the engines between runs under a name derived from everything that shapes it
// (the manifest, the reviewed companies, the mapping and the compiled seed, ingest and catalog code),
// so the next run, or a clean clone's with the engines' data kept, reuses it instead of seeding it
// again (about 90 s of both cores); any change to those inputs names a new one, and seeding a new one
// drops the kept ones no run has opened for an hour. A kept catalog is complete only once its marker
// is written. TEST_FULL_CATALOG_KEEP=0 seeds one for the run and drops it when the run ends.
// When scripts/test.mjs runs the suite in several processes, it prepares the catalog once before they
// start (test/helpers/prepare-full-catalog.ts) and names it in TEST_FULL_CATALOG: each process opens
// that one, and the runner drops it when all of them have ended.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { openCatalog, type Catalog } from './catalog';
import { catalogProducts, forgetCatalogProducts } from './catalog-products';
import { dropTestData } from './cleanup';
import { ROOT, MONGODB_URI, uniqueName, mongoUriFor } from './engines';
import type { ProductDoc } from '../../src/catalog/product.types';

const KEEP = process.env.TEST_FULL_CATALOG_KEEP !== '0';
/** A catalog the runner prepared for every process of this run. */
const PREPARED = process.env.TEST_FULL_CATALOG;
/** What the seeded catalog is made of: data and the code that turns it into products and an index. */
const INPUTS = [
  'seed/manifest.json',
  'seed/companies',
  'index-mappings',
  'dist/src/ingest',
  'dist/src/shared/csv.js',
  'dist/src/catalog',
  'dist/src/company-resolution',
  'dist/src/adapters/elasticsearch',
  'dist/src/adapters/mongo',
];
const MARKER = { _id: 'full-catalog' };
const PREFIX = 'fullkeep_';
/** A kept catalog no run has opened for this long is dropped when another one is seeded (866 MB in FerretDB each). */
const IDLE_MS = 60 * 60 * 1000;

let pending: Promise<Catalog> | undefined;
let stored: Promise<readonly ProductDoc[]> | undefined;
let seedSeconds: number | undefined;

/** How long this run spent seeding the full catalog (undefined: it did not seed one). */
export function fullCatalogSeedSeconds(): number | undefined {
  return seedSeconds;
}

export function fullCatalog(): Promise<Catalog> {
  pending ??= PREPARED ? openCatalog(PREPARED) : preparedCatalog();
  return pending;
}

/**
 * Every product of the complete catalog as MongoDB holds it, in id order, read once per process
 * (test/helpers/catalog-products.ts). Shared by every file that picks its cases from them: a file
 * must not change them.
 */
export function fullCatalogProducts(): Promise<readonly ProductDoc[]> {
  stored ??= fullCatalog().then((catalog) => catalogProducts(catalog, KEEP));
  return stored;
}

/** Finds the kept complete catalog (seeding it if need be), or with TEST_FULL_CATALOG_KEEP=0 seeds one for this run. */
export function preparedCatalog(): Promise<Catalog> {
  return KEEP ? keptCatalog() : seededCatalog(uniqueName('full'));
}

export async function dropFullCatalog(): Promise<void> {
  if (pending && !KEEP && !PREPARED) await (await pending).drop();
}

async function seededCatalog(name: string): Promise<Catalog> {
  const catalog = await openCatalog(name);
  await seed(catalog);
  return catalog;
}

async function seed(catalog: Catalog): Promise<void> {
  const started = Date.now();
  await catalog.seed();
  seedSeconds = (Date.now() - started) / 1000;
}

interface Marker {
  _id: string;
  /** When a run last opened it, or began seeding it. */
  opened_at?: Date;
  /** False while it is seeded (then another run leaves it alone for an hour). */
  complete?: boolean;
}

async function keptCatalog(): Promise<Catalog> {
  const name = `${PREFIX}${inputsDigest()}`;
  if (await opened(name)) return openCatalog(name);
  forgetCatalogProducts(name);
  await dropIdleKeptCatalogs(name);
  // A partial one (a run stopped while seeding it) is seeded on: the seed resumes.
  const catalog = await openCatalog(name);
  const markers = catalog.mongo.db.collection<Marker>('test_markers');
  await markers.updateOne(MARKER, { $set: { opened_at: new Date(), complete: false } }, { upsert: true });
  await seed(catalog);
  await markers.updateOne(MARKER, { $set: { complete: true } });
  return catalog;
}

/** Whether the kept catalog is complete; if so, marks it opened now. */
async function opened(name: string): Promise<boolean> {
  const client = new MongoClient(mongoUriFor(name, MONGODB_URI), { serverSelectionTimeoutMS: 5000 });
  try {
    const marked = await client
      .db()
      .collection<Marker>('test_markers')
      .updateOne({ ...MARKER, complete: { $ne: false } }, { $set: { opened_at: new Date() } });
    return marked.matchedCount === 1;
  } finally {
    await client.close();
  }
}

/** Drops the other kept catalogs no run has opened for an hour (one a worktree is using stays). */
async function dropIdleKeptCatalogs(current: string): Promise<void> {
  const client = new MongoClient(MONGODB_URI, { serverSelectionTimeoutMS: 5000 });
  try {
    const { databases } = await client.db().admin().listDatabases({ nameOnly: true });
    for (const { name } of databases.filter((d) => d.name.startsWith(PREFIX) && d.name !== current)) {
      const marker = await client.db(name).collection<Marker>('test_markers').findOne(MARKER);
      if (marker?.opened_at && Date.now() - marker.opened_at.getTime() < IDLE_MS) continue;
      await dropTestData(mongoUriFor(name, MONGODB_URI), name);
      forgetCatalogProducts(name);
    }
  } finally {
    await client.close();
  }
}

function inputsDigest(): string {
  const hash = createHash('sha256');
  for (const input of INPUTS)
    for (const file of filesUnder(path.join(ROOT, input))) {
      hash.update(path.relative(ROOT, file));
      hash.update(fs.readFileSync(file));
    }
  return hash.digest('hex').slice(0, 16);
}

function filesUnder(at: string): string[] {
  if (!fs.existsSync(at)) return [];
  if (!fs.statSync(at).isDirectory()) return [at];
  return fs
    .readdirSync(at)
    .sort()
    .flatMap((entry) => filesUnder(path.join(at, entry)));
}
