// The operator path cannot corrupt what the service serves (issue 42): one catalog writer at a time,
// companies never empty or partial, a reindex refusing a short company set, and source files held to
// the manifest's checksums.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Db } from 'mongodb';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources } from '../helpers/seed-fixture';
import { ELASTICSEARCH_URL, ROOT } from '../helpers/engines';
import { MongoLeaseStore } from '../../src/adapters/mongo/lease.repository';
import { CompanyRepository } from '../../src/adapters/mongo/company.repository';
import { CATALOG_LEASE } from '../../src/ingest/operator-lease';
import type { CompanyDoc } from '../../src/catalog/company-records';

function run(catalog: Catalog, command: 'seed' | 'reindex', args: string[] = []) {
  return spawnSync(process.execPath, [path.join(ROOT, `dist/src/cli/${command}.js`), ...args], {
    env: { ...process.env, MONGODB_URI: catalog.mongoUri, ELASTICSEARCH_INDEX: catalog.alias, ELASTICSEARCH_URL },
    encoding: 'utf8',
  });
}

async function state(catalog: Catalog) {
  return {
    products: await catalog.products.count(),
    revisions: await catalog.revisions.count(),
    companies: await catalog.mongo.db.collection('companies').countDocuments({}),
    targets: await catalog.index.targets(),
  };
}

/** The database as it is, except that every write to the companies collection fails (a crash there). */
function failingCompanyWrites(db: Db): Db {
  const fail = () => Promise.reject(new Error('connection lost while writing the companies'));
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'collection') return Reflect.get(target, prop, receiver);
      return (name: string) => {
        const coll = target.collection(name);
        if (name !== 'companies') return coll;
        return new Proxy(coll, {
          get: (c, p, r) =>
            ['insertMany', 'insertOne', 'bulkWrite', 'replaceOne', 'updateOne'].includes(String(p))
              ? fail
              : Reflect.get(c, p, r),
        });
      };
    },
  });
}

describe('operator path: one writer, whole companies, pinned files', function () {
  this.timeout(120000);
  let catalog: Catalog;
  let sources: string;

  before(async () => {
    catalog = await openCatalog();
    sources = writeSources();
  });
  after(() => catalog?.drop());

  it('when a source file differs from the manifest, then the seed refuses it naming the file and both checksums, and writes nothing', async () => {
    const before = await state(catalog);
    const res = run(catalog, 'seed', ['--sources-dir', sources]);
    assert.equal(res.status, 1, res.stderr);
    assert.match(
      res.stderr,
      /sam-library-cec-modules-2019-03-05\.csv has sha256 [0-9a-f]{64}, the manifest pins a7c3b1ad/,
    );
    assert.match(res.stderr, /--accept-checksum-mismatch/);
    assert.deepEqual(await state(catalog), before);
    const accepted = run(catalog, 'seed', ['--sources-dir', sources, '--accept-checksum-mismatch']);
    assert.equal(accepted.status, 0, accepted.stderr);
    assert.match(
      accepted.stderr,
      /accepted as it is: sam-library-cec-modules-2019-03-05\.csv differs from the manifest/,
    );
    assert.ok((await catalog.products.count()) > 0);
  });

  it('when another seed, import or reindex holds the operator lease, then a seed and a reindex are refused naming the holder, and nothing changes', async () => {
    const leases = new MongoLeaseStore(catalog.mongo.db);
    assert.equal(
      await leases.acquire(CATALOG_LEASE, { token: 'other', command: 'import', pid: 1, host: 'elsewhere' }, 60_000),
      null,
    );
    try {
      const before = await state(catalog);
      for (const [command, args] of [
        ['seed', ['--sources-dir', writeSources(), '--accept-checksum-mismatch']],
        ['reindex', []],
      ] as const) {
        const res = run(catalog, command, [...args]);
        assert.equal(res.status, 1, res.stderr);
        assert.match(res.stderr, /another catalog writer holds the operator lease: import \(pid 1 on elsewhere\)/);
      }
      assert.deepEqual(await state(catalog), before);
    } finally {
      await leases.release(CATALOG_LEASE, 'other');
    }
    const res = run(catalog, 'reindex');
    assert.equal(res.status, 0, res.stderr);
  });

  it('when the holder of the lease died, then its lease lapses and the next writer takes it over', async () => {
    const leases = new MongoLeaseStore(catalog.mongo.db);
    // Taken with a life already over: what a holder killed a minute ago leaves behind.
    assert.equal(
      await leases.acquire(CATALOG_LEASE, { token: 'dead', command: 'seed', pid: 2, host: 'elsewhere' }, -1),
      null,
    );
    const res = run(catalog, 'reindex');
    assert.equal(res.status, 0, res.stderr);
    assert.equal(await catalog.mongo.db.collection('operator_leases').countDocuments({}), 0, 'released after use');
  });

  it('when writing changed companies fails midway, then the stored set is whole (never emptied) and a reindex still joins every product', async () => {
    const db = catalog.mongo.db;
    const stored = await new CompanyRepository(db).all();
    assert.ok(stored.length > 3);
    const renamed: CompanyDoc[] = stored.map((c) => ({ ...c, name: `${c.name} (renamed)` }));
    await assert.rejects(new CompanyRepository(failingCompanyWrites(db)).replaceAll(renamed), /connection lost/);
    assert.deepEqual((await new CompanyRepository(db).all()).map((c) => c._id).sort(), stored.map((c) => c._id).sort());
    const res = run(catalog, 'reindex');
    assert.equal(res.status, 0, res.stderr);
    const joined = await (await fetch(`${ELASTICSEARCH_URL}/${catalog.alias}/_count?q=_exists_:company.id`)).json();
    assert.equal(joined.count, await catalog.products.count(), 'every product carries its company');
  });

  it('when the companies are empty or fewer than the last complete set, then a reindex refuses and the alias keeps its index', async () => {
    const companies = catalog.mongo.db.collection<CompanyDoc>('companies');
    const all = await companies.find({}).toArray();
    const targets = await catalog.index.targets();
    await companies.deleteOne({ _id: all[0]._id });
    const short = run(catalog, 'reindex');
    assert.equal(short.status, 1, short.stderr);
    assert.match(
      short.stderr,
      new RegExp(`hold ${all.length - 1} companies, fewer than the ${all.length} of the last complete set`),
    );
    await companies.deleteMany({});
    const empty = run(catalog, 'reindex');
    assert.equal(empty.status, 1, empty.stderr);
    assert.match(empty.stderr, /the company records are empty while products exist; the alias was not moved/);
    assert.deepEqual(await catalog.index.targets(), targets);
    const indices = await (
      await fetch(`${ELASTICSEARCH_URL}/_cat/indices/${catalog.alias}-v*?h=index&format=json`)
    ).json();
    assert.deepEqual(
      indices.map((i: { index: string }) => i.index),
      targets,
      'the refused loads were dropped',
    );
    // The seed writes them again, and the reindex goes through.
    const seeded = run(catalog, 'seed', ['--sources-dir', sources, '--accept-checksum-mismatch']);
    assert.equal(seeded.status, 0, seeded.stderr);
    assert.equal(await companies.countDocuments({}), all.length);
    assert.equal(run(catalog, 'reindex').status, 0);
  });
});
