// Announcing to watches is the ingest story's last step (src/ingest/catalog-ingest.usecase.ts): the use
// case itself, as the seed and import commands and the tests call it, tells the watches what it wrote,
// while it still holds the operator lease; a dry run tells them nothing.
import assert from 'node:assert/strict';
import { ingestCatalog, type IngestPorts } from '../../src/ingest/catalog-ingest.usecase';
import { CATALOG_LEASE } from '../../src/ingest/operator-lease';
import { MongoLeaseStore } from '../../src/adapters/mongo/lease.repository';
import { catalogPorts } from '../../src/wiring/catalog';
import { loadManifest } from '../../src/ingest/convert';
import type { WatchDoc } from '../../src/catalog/watch.types';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources, DEFAULT_SLICES, TRINA_KEY, trinaStc, type Edit } from '../helpers/seed-fixture';

/** A heat pump of the fixture (hplib's Advantix i-SHWAK V4 06) with another rated thermal power. */
const heatPumpPower = (watts: string): Edit => ({
  sourceId: 'hplib-heat-pumps',
  match: (c) => c.Manufacturer.trim() === 'Advantix' && c.Model === 'i-SHWAK V4 06',
  column: 'P_th_h_ref [W]',
  value: watts,
});

/** Counts the reads of every product's listing from the record, passing each on. */
function countListings(products: Catalog['stores']['products']) {
  const read = products.listings.bind(products);
  const counted = { reads: 0, restore: () => void (products.listings = read) };
  products.listings = () => (counted.reads++, read());
  return counted;
}

describe('ingest: the use case announces what it wrote to the watches', function () {
  this.timeout(180000);
  let catalog: Catalog;
  let trinaId: string;
  const watch = (products: string[]): WatchDoc => {
    const at = new Date();
    return {
      _id: 'wh_0000000000000058',
      account_id: 'acct_ingest_announce',
      name: 'Trina',
      products,
      search: null,
      events: ['product.revised'],
      url: 'https://example.com/hook',
      secrets: [],
      status: 'active',
      disabled_reason: null,
      failing_since: null,
      created_at: at,
      updated_at: at,
    };
  };
  /** The use case as the seed command runs it (checksums of the fixture's slices differ by design). */
  const ingest = (sourcesDir: string, ports: IngestPorts, dryRun = false) =>
    ingestCatalog(
      { command: 'test ingest', manifest: loadManifest(), sourcesDir, acceptChecksumMismatch: true, dryRun },
      ports,
    );

  before(async () => {
    catalog = await openCatalog();
    const first = await catalog.seed(writeSources());
    assert.equal(first.announced?.baseline, true, 'the first run into an empty record sets the baseline');
    const trina = (await catalog.products.identities()).find((p) => p.key === TRINA_KEY);
    assert.ok(trina, 'the fixture has the Trina module');
    trinaId = trina._id;
    await catalog.stores.watches.insert(watch([trinaId]));
  });
  after(async () => {
    await catalog?.drop();
  });

  it('when a new edition revises a watched product, then the run announces it inside the lease and the watch has its delivery queued', async () => {
    const ports = catalogPorts(catalog.stores);
    let leaseHeldWhileAnnouncing: boolean | undefined;
    const outcome = await ingest(writeSources(undefined, [trinaStc('251.5')]), {
      ...ports,
      async announce(written) {
        const other = { token: 'someone-else', command: 'another seed', pid: process.pid, host: 'elsewhere' };
        leaseHeldWhileAnnouncing =
          (await new MongoLeaseStore(catalog.mongo.db).acquire(CATALOG_LEASE, other, 1000)) !== null;
        return ports.announce!(written);
      },
    });
    assert.equal(outcome.kind, 'written');
    assert.equal(leaseHeldWhileAnnouncing, true, 'another writer is refused the lease while the run announces');
    assert.equal(outcome.kind === 'written' && outcome.announced?.baseline, false);
    assert.ok(
      outcome.kind === 'written' && (outcome.announced?.events['product.revised'] ?? 0) >= 1,
      JSON.stringify(outcome),
    );
    const queued = await catalog.stores.outbox.logOf(watch([])._id, 10);
    assert.deepEqual(
      queued.map((d) => [d.event_type, d.status]),
      [['product.revised', 'pending']],
      'the watch has one delivery of the revision, waiting to be sent',
    );
  });

  it('when the same run is only planned (dry run), then nothing is announced and no delivery is queued', async () => {
    const before = await catalog.stores.outbox.logOf(watch([])._id, 10);
    let told = 0;
    const ports = catalogPorts(catalog.stores);
    const outcome = await ingest(
      writeSources(undefined, [trinaStc('252.5')]),
      { ...ports, announce: async (written) => (told++, ports.announce!(written)) },
      true,
    );
    assert.equal(outcome.kind, 'planned');
    assert.equal(told, 0, 'a dry run does not announce');
    assert.equal((await catalog.stores.outbox.logOf(watch([])._id, 10)).length, before.length);
  });

  it('when the watches cannot be told, then the run fails saying the catalog is written and the next run announces since', async () => {
    const ports = catalogPorts(catalog.stores);
    await assert.rejects(
      ingest(writeSources(undefined, [trinaStc('253.5')]), {
        ...ports,
        announce: () => Promise.reject(new Error('Redis is away')),
      }),
      /the catalog was written and indexed, but the watches were not told \(Redis is away\); the next seed or import announces every change since/,
    );
    const trina = (await catalog.products.identities()).find((p) => p.key === TRINA_KEY)!;
    assert.equal((await catalog.products.findById(trina._id))?.current_revision, 3, 'the revision is written');
    const again = await ingest(writeSources(undefined, [trinaStc('253.5')]), ports);
    assert.ok(again.kind === 'written' && again.announced?.events['product.revised'] === 1, JSON.stringify(again));
  });

  it('when the run holds every stored product, then the watches are compared with the states it wrote, not read back from the record', async () => {
    const ports = catalogPorts(catalog.stores);
    const listings = countListings(catalog.stores.products);
    try {
      const outcome = await ingest(writeSources(undefined, [trinaStc('254.5')]), ports);
      assert.ok(outcome.kind === 'written' && outcome.plan.absent === 0, 'every stored product is in the run');
      assert.deepEqual(
        outcome.announced?.events,
        { 'product.revised': 1 },
        'the revision is announced, and nothing else',
      );
      assert.equal(listings.reads, 0, 'no product is read back for the announcement');
      const unchanged = await ingest(writeSources(undefined, [trinaStc('254.5')]), ports);
      assert.ok(unchanged.kind === 'written');
      assert.deepEqual(unchanged.announced?.events, {}, 'a run that changed nothing announces nothing');
      assert.equal(listings.reads, 0);
    } finally {
      listings.restore();
    }
  });

  it('when stored products are absent from the run, then changes to them that were never announced are still announced', async () => {
    const ports = catalogPorts(catalog.stores);
    // A heat pump revised, and the watches not told.
    await assert.rejects(
      ingest(writeSources(undefined, [trinaStc('254.5'), heatPumpPower('4600')]), {
        ...ports,
        announce: () => Promise.reject(new Error('Redis is away')),
      }),
      /the watches were not told/,
    );
    // The next run's sources carry no heat pump: the stored ones are absent from its plan, so the run's own
    // states are not every product's, and the announcement reads the record.
    const { 'hplib-heat-pumps': _absent, ...withoutHeatPumps } = DEFAULT_SLICES;
    const listings = countListings(catalog.stores.products);
    try {
      const outcome = await ingest(writeSources(withoutHeatPumps, [trinaStc('254.5')]), ports);
      assert.ok(outcome.kind === 'written' && outcome.plan.absent > 0, JSON.stringify(outcome.kind));
      assert.deepEqual(outcome.announced?.events, { 'product.revised': 1 }, 'the heat pump revised by the run before');
      assert.equal(listings.reads, 1, 'every product read once from the record');
    } finally {
      listings.restore();
    }
  });
});
