// The complete real data set for the tests that need all of it (walking every page, relevance on real
// names). By default it is seeded once per test run (about 90 s) and dropped when the run ends.
// With TEST_FULL_CATALOG_KEEP=1 it is kept between runs under a name derived from everything that
// shapes it (the manifest, the reviewed companies, the mapping and the compiled seed, ingest and
// catalog code), so a second run, or a developer's next run, reuses it instead of seeding again; any
// change to those inputs names a new one. A kept catalog is complete only once its marker is written.
// When scripts/test.mjs runs the suite in several processes, it prepares the catalog once before they
// start (test/helpers/prepare-full-catalog.ts) and names it in TEST_FULL_CATALOG: each process opens
// that one, and the runner drops it when all of them have ended.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { openCatalog, type Catalog } from './catalog';
import { catalogProducts, forgetCatalogProducts } from './catalog-products';
import { ROOT, MONGODB_URI, uniqueName, mongoUriFor } from './engines';
import type { ProductDoc } from '../../src/catalog/product.types';

const KEEP = process.env.TEST_FULL_CATALOG_KEEP === '1';
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

/** Seeds the complete catalog, or with TEST_FULL_CATALOG_KEEP=1 finds the kept one (seeding it if need be). */
export function preparedCatalog(): Promise<Catalog> {
  return KEEP ? keptCatalog() : seededCatalog(uniqueName('full'));
}

export async function dropFullCatalog(): Promise<void> {
  if (pending && !KEEP && !PREPARED) await (await pending).drop();
}

async function seededCatalog(name: string): Promise<Catalog> {
  const started = Date.now();
  const catalog = await openCatalog(name);
  await catalog.seed();
  seedSeconds = (Date.now() - started) / 1000;
  return catalog;
}

async function keptCatalog(): Promise<Catalog> {
  const name = `fullkeep_${inputsDigest()}`;
  if (await isComplete(name)) return openCatalog(name);
  forgetCatalogProducts(name);
  const catalog = await seededCatalog(name);
  await catalog.mongo.db.collection<{ _id: string }>('test_markers').insertOne({ ...MARKER });
  return catalog;
}

async function isComplete(name: string): Promise<boolean> {
  const client = new MongoClient(mongoUriFor(name, MONGODB_URI), { serverSelectionTimeoutMS: 5000 });
  try {
    return (await client.db().collection<{ _id: string }>('test_markers').findOne(MARKER)) !== null;
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
