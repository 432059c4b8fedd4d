import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources, DEFAULT_SLICES, TRINA_KEY, trinaStc } from '../helpers/seed-fixture';
import { ELASTICSEARCH_URL, ROOT } from '../helpers/engines';
import { parseCsv } from '../../src/shared/csv';
import { convertSources, loadManifest, readerOf } from '../../src/ingest/convert';
import { RevisionImmutableError } from '../../src/adapters/mongo/revision.repository';
import { provenanceOf } from '../../src/catalog/provenance';
import type { Claim } from '../../src/catalog/claim';
import type { ProductDraft } from '../../src/catalog/product.types';
import { syncCatalog } from '../../src/ingest/catalog-sync.service';
import { scaledCatalog } from '../../src/ingest/synthetic.service';
import { toSourceDocs } from '../../src/ingest/convert';
import { companyRecords } from '../../src/ingest/convert/companies';
import { ChangeRepository } from '../../src/adapters/mongo/change.repository';
import { SourceRepository } from '../../src/adapters/mongo/source.repository';
import { CompanyRepository } from '../../src/adapters/mongo/company.repository';
import { IndexAdmin } from '../../src/adapters/elasticsearch/index-admin';
import { createEsClient } from '../../src/adapters/elasticsearch/client';
import { freePort } from '../helpers/private-engines';

// Fixture folders hold slices of the pinned files: their checksums differ from the manifest by design.
function runSeed(catalog: Catalog, sourcesDir: string, flags = ['--accept-checksum-mismatch']) {
  return spawnSync(process.execPath, [path.join(ROOT, 'dist/src/cli/seed.js'), '--sources-dir', sourcesDir, ...flags], {
    env: { ...process.env, MONGODB_URI: catalog.mongoUri, ELASTICSEARCH_INDEX: catalog.alias, ELASTICSEARCH_URL },
    encoding: 'utf8',
  });
}

function rewrite(dir: string, file: string, change: (text: string) => string) {
  const target = path.join(dir, file);
  const text = readFileSync(target, 'utf8');
  const changed = change(text);
  if (changed === text) throw new Error(`the fixture edit of ${file} matched nothing`);
  writeFileSync(target, changed);
}

/** One revision per snapshot the editions give a product. */
const revisionsOf = (drafts: readonly ProductDraft[]) => drafts.reduce((n, d) => n + d.earlier!.length + 1, 0);

async function snapshot(catalog: Catalog) {
  return {
    products: await catalog.products.count(),
    revisions: await catalog.revisions.count(),
    targets: await catalog.index.targets(),
  };
}

describe('seed and reindex', function () {
  // Seeds of 1,500 products and more, five times, beside another test process on 2 cores: minutes.
  this.timeout(600000);
  let catalog: Catalog;
  let sources: string;

  before(async () => {
    catalog = await openCatalog();
    sources = writeSources();
  });
  after(() => catalog?.drop());

  it('when the seed runs on a fresh database, then every product gets a revision per edition that changed it and the alias serves them all', async () => {
    const { drafts } = convertSources(loadManifest(), sources);
    const report = await catalog.seed(sources);
    assert.equal(report.ingest.created, drafts.length);
    assert.equal(await catalog.products.count(), drafts.length);
    const histories = drafts.filter((d) => d.earlier!.length > 0).length;
    assert.ok(histories > 0, 'the fixture has products two editions describe differently');
    assert.ok(
      drafts.some((d) => d.earlier!.length === 2),
      'and products three editions describe differently',
    );
    assert.equal(report.ingest.revisions, revisionsOf(drafts));
    const targets = await catalog.index.targets();
    assert.equal(targets.length, 1);
    assert.equal(await catalog.index.count(targets[0]), await catalog.products.count());
    assert.equal(report.indexedWhileWriting, true, 'into an empty store, the index loads as the products are written');
    // Batches are written several at once: the changes feed still has every revision, and its
    // watermark stands at the last one, none left behind.
    const db = catalog.mongo.db;
    assert.equal(await db.collection('change_feed').countDocuments({}), report.ingest.revisions);
    const counters = await db.collection<{ _id: string; value: number }>('counters').find({}).toArray();
    const value = (id: string) => counters.find((c) => c._id === id)?.value;
    assert.equal(value('changes_settled'), value('revision_seq'));
    assert.equal(value('revision_seq'), report.ingest.revisions);
  });

  it('when the seed runs again on the same files, then it creates no revision and keeps the index', async () => {
    const before = await snapshot(catalog);
    const report = await catalog.seed(sources);
    assert.deepEqual([report.ingest.created, report.ingest.changed, report.ingest.revisions], [0, 0, 0]);
    assert.equal(report.reindex, undefined);
    assert.deepEqual(await snapshot(catalog), before);
  });

  it('then every spec value traces to the very cell of its source file', async () => {
    for await (const product of catalog.products.stream()) {
      const revision = await catalog.revisions.get(product._id, product.current_revision);
      assert.ok(revision, `${product._id} has its current revision`);
      const provenance = provenanceOf(revision.claims, revision.number);
      for (const [field, value] of Object.entries(product.specs)) {
        const p = provenance[field];
        assert.ok(p, `${product._id}.${field} has provenance`);
        const claim: Claim = revision.claims.find((c) => c.field === field)!;
        assert.deepEqual(claim.value, value);
        if (p.method === 'derived') continue;
        if (p.locator.pointer) {
          // A JSON source: the pointer names the value; a number's raw text is its literal.
          let cell: unknown = JSON.parse(readFileSync(path.join(sources, p.locator.file), 'utf8'));
          for (const key of p.locator.pointer.split('/').slice(1)) cell = (cell as Record<string, unknown>)[key];
          assert.equal(typeof cell === 'number' ? String(cell) : cell, claim.raw, `${product._id}.${field}`);
          continue;
        }
        const rows = parseCsv(readFileSync(path.join(sources, p.locator.file), 'utf8'));
        const header = rows[0].cells;
        const headerRows = readerOf(loadManifest().sources.find((s) => s.file === p.locator.file)!).headerRows;
        assert.equal(
          rows[p.locator.record + headerRows - 1].cells[header.indexOf(p.locator.column)],
          claim.raw,
          `${product._id}.${field}`,
        );
      }
    }
  });

  it('when one value changes in a source file, then exactly one new revision lists that change', async () => {
    const edited = writeSources(undefined, [trinaStc('251.5')]);
    const report = await catalog.seed(edited);
    assert.deepEqual([report.ingest.changed, report.ingest.revisions], [1, 1]);
    const product = (await catalog.products.identities()).find((p) => p.key === TRINA_KEY)!;
    const revision = await catalog.revisions.get(product._id, 2);
    assert.ok(revision);
    const stc = revision.changes.find((c) => c.field === 'stc_power_w')!;
    assert.deepEqual([stc.source_id, stc.to], ['cec-modules', 251.5]);
    // The values derived from it follow it in the same revision, and nothing else changes.
    assert.deepEqual(revision.changes.map((c) => c.field).sort(), [
      'module_efficiency_pct',
      'power_per_area_w_per_m2',
      'stc_power_w',
    ]);
    assert.equal(
      (await catalog.revisions.get(product._id, 1))!.claims.find((c) => c.field === 'stc_power_w')!.value,
      stc.from,
    );
    assert.equal((await catalog.seed(edited)).ingest.revisions, 0, 'and seeding the same edit again adds nothing');
  });

  it('when a stored revision is appended again with another snapshot, then it is refused and the stored one is unchanged', async () => {
    const [first] = await catalog.products.identities();
    const stored = (await catalog.revisions.get(first._id, 1))!;
    const tampered = { ...stored, snapshot_hash: 'forged', claims: [] };
    await assert.rejects(catalog.revisions.append([tampered]), RevisionImmutableError);
    assert.deepEqual(await catalog.revisions.get(first._id, 1), stored);
  });

  const breakages: [string, (dir: string) => void, RegExp][] = [
    [
      'a row with fields missing',
      (dir) => rewrite(dir, 'sam-library-sandia-modules-2015-6-30.csv', (t) => `${t}Broken Module [2010],2010,1.2\n`),
      /sam-library-sandia-modules-2015-6-30\.csv record \d+: has 3 fields, the header has 43/,
    ],
    [
      'a missing column',
      (dir) =>
        rewrite(dir, 'sam-library-cec-modules-2019-03-05.csv', (t) => t.replace(/^Name,Technology,/, 'Name,Tech,')),
      /sam-library-cec-modules-2019-03-05\.csv: missing column Technology/,
    ],
    [
      'an unreadable file',
      (dir) => rmSync(path.join(dir, 'adr-library-cec-inverters-2019-03-05.csv')),
      /adr-library-cec-inverters-2019-03-05\.csv: cannot read the file \(ENOENT\)/,
    ],
  ];
  it('when a source file has a malformed number, then the seed refuses that cell, naming file, record, line and column, and reads the rest of the row', async () => {
    const dir = writeSources();
    rewrite(dir, 'sam-library-cec-inverters-2019-03-05.csv', (t) =>
      t.replace(/^(ABB: [^,]+,\d+,[^,]+,)250,/m, '$1250 W,'),
    );
    // A catalog of its own: this seed writes, and the tests around it expect the shared one as it was.
    const own = await openCatalog();
    const res = runSeed(own, dir);
    await own.drop();
    assert.equal(res.status, 0, res.stderr);
    assert.match(
      res.stderr,
      /sam-library-cec-inverters-2019-03-05\.csv: refused cell: record \d+ \(line \d+\) column Paco: .*250 W/,
    );
  });

  for (const [what, breakIt, message] of breakages) {
    it(`when a source file has ${what}, then the seed command stops with a message naming the file, and the data is unchanged`, async () => {
      const dir = writeSources();
      breakIt(dir);
      const before = await snapshot(catalog);
      const res = runSeed(catalog, dir);
      assert.equal(res.status, 1, res.stderr);
      assert.match(res.stderr, message);
      assert.deepEqual(await snapshot(catalog), before);
    });
  }

  it('when reindex runs while a reader searches in a loop, then the reader never fails and never sees an empty result', async () => {
    let stop = false;
    const seen: number[] = [];
    const errors: string[] = [];
    const reader = (async () => {
      while (!stop) {
        const res = await fetch(`${ELASTICSEARCH_URL}/${catalog.alias}/_search?size=0&track_total_hits=true`);
        if (!res.ok) errors.push(`${res.status} ${await res.text()}`);
        else seen.push(((await res.json()) as { hits: { total: { value: number } } }).hits.total.value);
      }
    })();
    const before = await catalog.index.targets();
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/src/cli/reindex.js')], {
      env: { ...process.env, MONGODB_URI: catalog.mongoUri, ELASTICSEARCH_INDEX: catalog.alias, ELASTICSEARCH_URL },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    stop = true;
    await reader;
    assert.equal(status, 0, stderr);
    const after = await catalog.index.targets();
    assert.notDeepEqual(after, before, 'the alias moved to a new index');
    assert.deepEqual(errors, []);
    assert.ok(seen.length > 3, `the reader ran ${seen.length} searches`);
    assert.ok(
      seen.every((n) => n === seen[0] && n > 0),
      `totals seen: ${[...new Set(seen)].join(', ')}`,
    );
  });
  it('when the seed is killed during ingest and again during reindex, then the alias serves the old index throughout, and a rerun completes with no duplicate or missing revision', async () => {
    await catalog.seed(sources);
    // More products than one ingest batch (1,000), so a kill after the first batch is surely midway.
    const bigger = writeSources({ ...DEFAULT_SLICES, 'cec-modules': { keep: () => true, limit: 1500 } });
    // Products the earlier tests stored and these files no longer list stay (a seed never deletes).
    const keys = new Set([
      ...(await catalog.products.identities()).map((p) => p.key),
      ...convertSources(loadManifest(), bigger).drafts.map((d) => d.key),
    ]);
    const expected = keys.size;
    const served = await catalog.index.count(catalog.alias);
    const oldTargets = await catalog.index.targets();
    let stop = false;
    const seen = new Set<string>();
    const reader = (async () => {
      while (!stop) {
        const res = await fetch(`${ELASTICSEARCH_URL}/${catalog.alias}/_count`);
        seen.add(res.ok ? String(((await res.json()) as { count: number }).count) : `${res.status}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const killedAt = async (line: RegExp) => {
      const child = spawn(
        process.execPath,
        [path.join(ROOT, 'dist/src/cli/seed.js'), '--sources-dir', bigger, '--accept-checksum-mismatch'],
        {
          env: { ...process.env, MONGODB_URI: catalog.mongoUri, ELASTICSEARCH_INDEX: catalog.alias, ELASTICSEARCH_URL },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (c) => {
        stderr += c;
        if (line.test(stderr)) child.kill('SIGKILL');
      });
      const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
        child.on('exit', (c, s) => resolve([c, s])),
      );
      assert.equal(signal, 'SIGKILL', `the seed ended before ${line}: ${code} ${stderr}`);
    };
    try {
      await killedAt(/^products: \d+\//m);
      await killedAt(/^reindex: \d+\//m);
    } finally {
      stop = true;
      await reader;
    }
    assert.deepEqual([...seen], [String(served)], 'every count the alias answered meanwhile');
    assert.deepEqual(await catalog.index.targets(), oldTargets);

    const rerun = runSeed(catalog, bigger);
    assert.equal(rerun.status, 0, rerun.stderr);
    assert.equal(await catalog.products.count(), expected);
    const targets = await catalog.index.targets();
    assert.equal(await catalog.index.count(targets[0]), expected);
    const indices = await (
      await fetch(`${ELASTICSEARCH_URL}/_cat/indices/${catalog.alias}-v*?h=index&format=json`)
    ).json();
    assert.deepEqual(
      indices.map((i: { index: string }) => i.index),
      targets,
      'the loads of the killed runs are gone',
    );
    const revisions = new Map<string, { number: number; snapshot_hash: string }[]>();
    for await (const r of catalog.mongo.db
      .collection('revisions')
      .find({}, { projection: { product_id: 1, number: 1, snapshot_hash: 1 } })) {
      revisions.set(r.product_id, [
        ...(revisions.get(r.product_id) ?? []),
        { number: r.number, snapshot_hash: r.snapshot_hash },
      ]);
    }
    for (const p of await catalog.products.identities()) {
      const history = (revisions.get(p._id) ?? []).sort((a, b) => a.number - b.number);
      assert.deepEqual(
        history.map((r) => r.number),
        Array.from({ length: p.current_revision }, (_, i) => i + 1),
        `${p._id}: revisions 1..current, no gap, none beyond`,
      );
      assert.equal(
        history.at(-1)!.snapshot_hash,
        p.snapshot_hash,
        `${p._id}: the current revision holds the current snapshot`,
      );
      for (let i = 1; i < history.length; i++)
        assert.notEqual(
          history[i].snapshot_hash,
          history[i - 1].snapshot_hash,
          `${p._id}: revision ${i + 1} repeats revision ${i}`,
        );
    }
    const again = runSeed(catalog, bigger);
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stderr, /0 created, 0 changed, \d+ unchanged, 0 new revisions/);
  });
});

describe('seed: a newer edition of a list', function () {
  this.timeout(120000);
  let catalog: Catalog;
  let sources: string;
  const older = (s: { edition: string; list: string }) => !(s.list.startsWith('cec-') && s.edition >= '2022');

  before(async () => {
    catalog = await openCatalog();
    sources = writeSources();
  });
  after(() => catalog?.drop());

  it('when the 2022 and 2024 files are added to a database seeded without them, then exactly the products they change get a revision per edition that changed them and the others are created', async () => {
    const first = await catalog.seed(sources, undefined, older);
    const before = new Map((await catalog.products.identities()).map((p) => [p.key, p]));
    assert.equal(first.ingest.revisions, before.size, 'one edition each: revision 1 only');

    const { drafts } = convertSources(loadManifest(), sources);
    const changedByEdition = drafts.filter((d) => before.has(d.key) && d.earlier!.length > 0);
    const fresh = drafts.filter((d) => !before.has(d.key));
    const report = await catalog.seed(sources);
    assert.ok(changedByEdition.length > 0 && fresh.length > 0);
    assert.deepEqual(
      [report.ingest.changed, report.ingest.created, report.ingest.revisions],
      [
        changedByEdition.length,
        fresh.length,
        changedByEdition.reduce((n, d) => n + d.earlier!.length, 0) + revisionsOf(fresh),
      ],
    );
    for (const d of changedByEdition) {
      const stored = (await catalog.products.identities()).find((p) => p.key === d.key)!;
      assert.equal(stored.current_revision, d.earlier!.length + 1, d.key);
    }
    assert.equal((await catalog.seed(sources)).ingest.revisions, 0, 'and the same files again change nothing');
  });

  it('then Ablytek 6MN6A280 is at revision 2 from the 2024 edition, its refitted R_sh_ref the change, and revision 1 keeps the 2019 value', async () => {
    const ablytek = (await catalog.products.identities()).find((p) => p.key === 'pv-module|ablytek 6mn6a280')!;
    const [one, two] = [await catalog.revisions.get(ablytek._id, 1), await catalog.revisions.get(ablytek._id, 2)];
    assert.ok(one && two);
    const rsh = two.changes.find((c) => c.field === 'rsh_ref_ohm')!;
    assert.deepEqual([rsh.source_id, rsh.from, rsh.to], ['cec-modules-2024', 945.868958, 945.874]);
    assert.ok(
      !two.changes.some((c) => c.field === 'alpha_isc_a_per_k'),
      'alpha_sc 0.004866 vs 0.00486614 is the same value printed finer',
    );
    assert.match(two.summary, /cec-modules edition 2024-11-14/);
    assert.equal(one.claims.find((c) => c.field === 'rsh_ref_ohm')!.source_id, 'cec-modules');
    const product = await catalog.products.findById(ablytek._id);
    assert.deepEqual(
      [product!.listing.in_latest_edition, product!.listing.editions.map((e) => e.source_id)],
      [true, ['cec-modules', 'cec-modules-2024']],
    );
  });

  it('then a module 2019, 2022 and 2024 list (Q.PEAK DUO BLK-G5 310, renamed in 2024) is one product with a revision per edition, in edition order, and every edition in its listing', async () => {
    const qpeak = (await catalog.products.identities()).find(
      (p) => p.key === 'pv-module|hanwha q cells q.peak duo blk-g5 310',
    )!;
    const history = await Promise.all([1, 2, 3].map((n) => catalog.revisions.get(qpeak._id, n)));
    assert.deepEqual(
      history.map((r) => /cec-modules edition (\d{4}-\d\d-\d\d)/.exec(r!.summary)?.[1]),
      ['2019-03-05', '2022-11-16', '2024-11-14'],
    );
    const product = await catalog.products.findById(qpeak._id);
    assert.equal(product!.manufacturer, 'Qcells North America');
    assert.deepEqual(
      product!.listing.editions.map((e) => [e.edition, e.match?.method]),
      [
        ['2019-03-05', undefined],
        ['2022-11-16', 'same-identity'],
        ['2024-11-14', 'same-model-and-ratings'],
      ],
    );
  });
});

describe('seed: an edition that arrives between two stored ones', function () {
  this.timeout(120000);
  let catalog: Catalog;
  let sources: string;
  // ET SOLAR (2022) and EliTe Solar (2024) list one module: the 2022 name comes first, so its key moves.
  const ELITE = 'EliTe Solar Power HongKong Limited ET-M660BH345BB';
  const elite = (name: string) => name.toLowerCase() === ELITE.toLowerCase();
  const et = (name: string) => name === 'ET SOLAR POWER HONGKONG LIMITED ET-M660BH345BB';
  const slice = (id: string, also: (name: string) => boolean) => ({
    keep: (c: Record<string, string>) => DEFAULT_SLICES[id].keep(c) || also(c.Name),
    limit: DEFAULT_SLICES[id].limit + 1,
  });

  before(async () => {
    catalog = await openCatalog();
    sources = writeSources({
      ...DEFAULT_SLICES,
      'cec-modules-2022': slice('cec-modules-2022', et),
      'cec-modules-2024': slice('cec-modules-2024', elite),
    });
  });
  after(() => catalog?.drop());

  it('when the 2022 edition is added to a record of 2019 and 2024, then every product keeps its id, none is duplicated, and only the models 2022 alone lists are new', async () => {
    await catalog.seed(sources, undefined, (s) => s.id !== 'cec-modules-2022');
    const before = await catalog.products.identities();
    const moved = before.find((p) => p.key === `pv-module|${ELITE.toLowerCase()}`)!;
    assert.ok(moved, 'the 2024 name keys the product while 2022 is absent');

    const report = await catalog.seed(sources);
    const after = await catalog.products.identities();
    const ids = new Map(after.map((p) => [p._id, p]));
    for (const p of before) assert.ok(ids.has(p._id), `${p._id} kept`);
    const { drafts } = convertSources(loadManifest(), sources);
    const onlyIn2022 = drafts.filter((d) => d.listing.editions.every((e) => e.source_id === 'cec-modules-2022'));
    assert.deepEqual([report.ingest.created, after.length], [onlyIn2022.length, before.length + onlyIn2022.length]);
    assert.ok(onlyIn2022.some((d) => d.key === 'pv-module|rec solar rec385tp2m 72 xv'));
    // The moved key: same id, now keyed by the 2022 name, listed in both editions.
    const now = await catalog.products.findById(moved._id);
    assert.equal(now!.key, 'pv-module|et solar power hongkong limited et-m660bh345bb');
    assert.deepEqual(
      now!.listing.editions.map((e) => [e.source_id, e.match?.method]),
      [
        ['cec-modules-2022', undefined],
        ['cec-modules-2024', 'same-model-and-ratings'],
      ],
    );
    const again = await catalog.seed(sources);
    assert.deepEqual([again.ingest.created, again.ingest.changed, again.ingest.revisions], [0, 0, 0]);
  });
});

describe("seed: the scale rehearsal's synthetic editions (npm run bench -- --scale N)", function () {
  this.timeout(180000);
  let catalog: Catalog;

  before(async () => (catalog = await openCatalog()));
  after(() => catalog?.drop());

  const portsOf = (c: Catalog, index = c.index) => ({
    products: c.products,
    revisions: c.revisions,
    changes: new ChangeRepository(c.mongo.db),
    sources: new SourceRepository(c.mongo.db),
    companies: new CompanyRepository(c.mongo.db),
    index,
  });

  it('when Elasticsearch is away during a first seed, then the seed fails naming it, and the record is complete all the same', async () => {
    const away = await openCatalog();
    const es = createEsClient(`http://127.0.0.1:${await freePort()}`, 2000);
    try {
      const manifest = loadManifest();
      const conversion = convertSources(manifest, writeSources());
      // More batches than the hand-over to the index holds, so a writer left waiting on it would hang.
      const { drafts, sources } = scaledCatalog(conversion.drafts, toSourceDocs(manifest, conversion), 50);
      const companies = companyRecords(conversion.drafts).docs;
      await assert.rejects(
        syncCatalog({ sources, drafts, companies }, portsOf(away, new IndexAdmin(es, away.alias))),
        /ECONNREFUSED|ConnectionError|connect/i,
      );
      assert.equal(await away.products.count(), drafts.length, 'every product written');
      // The next seed, with the search engine back, finds the record whole and builds the index.
      const report = await syncCatalog({ sources, drafts, companies }, portsOf(away));
      assert.deepEqual([report.ingest.created, report.ingest.revisions], [0, 0]);
      assert.equal(await away.index.count(away.alias), drafts.length);
    } finally {
      await es.close();
      await away.drop();
    }
  });

  it('when the fixture is seeded 25 times over (batches written at once), then each copy is a product of its own with its own history and sources, and the index serves them all', async () => {
    const sources = writeSources();
    const manifest = loadManifest();
    const conversion = convertSources(manifest, sources);
    const times = 25;
    const scaled = scaledCatalog(conversion.drafts, toSourceDocs(manifest, conversion), times);
    assert.ok(scaled.drafts.length > 2000, 'enough for three batches of 1,000 at once');
    const db = catalog.mongo.db;
    const report = await syncCatalog(
      { sources: scaled.sources, drafts: scaled.drafts, companies: companyRecords(conversion.drafts).docs },
      portsOf(catalog),
    );
    assert.equal(report.ingest.created, times * conversion.drafts.length);
    assert.equal(report.ingest.revisions, times * revisionsOf(conversion.drafts));
    assert.equal(await catalog.revisions.count(), report.ingest.revisions);
    const identities = await catalog.products.identities();
    assert.equal(new Set(identities.map((p) => p._id)).size, times * conversion.drafts.length, 'distinct ids');
    const targets = await catalog.index.targets();
    assert.equal(await catalog.index.count(targets[0]), times * conversion.drafts.length);

    // Copy 2 of Trina's module: its own model, key and history, every value traced to copy 2's sources.
    const copy = identities.find((p) => p.key === `${TRINA_KEY}#s2`)!;
    const original = identities.find((p) => p.key === TRINA_KEY)!;
    assert.ok(copy && original && copy._id !== original._id);
    const product = (await catalog.products.findById(copy._id))!;
    assert.match(product.model, / S2$/);
    assert.equal(product.current_revision, original.current_revision);
    const cited = new Set(Object.values(product.provenance).map((p) => p.source_id));
    assert.ok(
      [...cited].every((id) => id.endsWith('~s2')),
      [...cited].join(', '),
    );
    for (const id of cited) assert.ok(await new SourceRepository(db).get(id), `source ${id} is stored`);
  });
});
