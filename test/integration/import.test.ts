// `npm run import`: a new edition of a list, checked before any write, shown as a diff by --dry-run,
// written as revisions with a fresh index otherwise, and a second run changes nothing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources } from '../helpers/seed-fixture';
import { ELASTICSEARCH_URL, ROOT } from '../helpers/engines';
import { DEFAULT_SEED_DIR } from '../../src/ingest/convert';

const MODULES_2024 = 'hisim-cec-modules-2024-11-14.csv';

function run(catalog: Catalog, command: 'seed' | 'import', args: string[]) {
  return spawnSync(process.execPath, [path.join(ROOT, `dist/src/cli/${command}.js`), ...args], {
    env: { ...process.env, MONGODB_URI: catalog.mongoUri, ELASTICSEARCH_INDEX: catalog.alias, ELASTICSEARCH_URL },
    encoding: 'utf8',
  });
}

async function state(catalog: Catalog) {
  return {
    products: await catalog.products.count(),
    revisions: await catalog.revisions.count(),
    targets: await catalog.index.targets(),
  };
}

/** A 2025 edition made from the fixture's 2024 one: one value changed, one product gone, one new, one broken row. */
function edition2025(sources: string, dir: string): string {
  const lines = readFileSync(path.join(sources, MODULES_2024), 'utf8').trimEnd().split('\n');
  const [header, ...rest] = lines;
  const stc = header.split(',').indexOf('STC');
  const records = rest.slice(2);
  const ablytek = records.findIndex((l) => l.startsWith('Ablytek 6MN6A280,'));
  const cells = records[ablytek].split(',');
  cells[stc] = '281.5';
  records[ablytek] = cells.join(',');
  // A model of ratings no other has (else the renamed-maker rule would take it for one of them).
  const freshCells = records[ablytek].replace('Ablytek 6MN6A280,', 'Ablytek 6MN6A299,').split(',');
  const at = (column: string) => header.split(',').indexOf(column);
  [freshCells[stc], freshCells[at('V_oc_ref')], freshCells[at('I_sc_ref')]] = ['299.9', '41.23', '9.87'];
  const fresh = freshCells.join(',');
  const gone = records.findIndex((l) => l.startsWith('Ablytek 6MN6A270,'));
  records.splice(gone, 1);
  const file = path.join(dir, 'cec-modules-2025-03-01.csv');
  writeFileSync(
    file,
    [header, ...rest.slice(0, 2), ...records, fresh, 'Broken Module X1,Broken,Mono-c-Si'].join('\n') + '\n',
  );
  return file;
}

describe('import: a new edition of a list', function () {
  this.timeout(120000);
  let catalog: Catalog;
  let seedDir: string;
  let sources: string;
  let work: string;
  let file: string;

  before(async () => {
    catalog = await openCatalog();
    seedDir = mkdtempSync(path.join(os.tmpdir(), 'pds-seed-'));
    copyFileSync(path.join(DEFAULT_SEED_DIR, 'manifest.json'), path.join(seedDir, 'manifest.json'));
    sources = path.join(seedDir, 'sources');
    mkdirSync(sources);
    writeSources(undefined, [], sources);
    const seeded = run(catalog, 'seed', ['--seed-dir', seedDir, '--accept-checksum-mismatch']);
    assert.equal(seeded.status, 0, seeded.stderr);
    work = mkdtempSync(path.join(os.tmpdir(), 'pds-import-'));
    file = edition2025(sources, work);
  });
  after(() => catalog?.drop());

  const importArgs = (f: string, ...more: string[]) => [
    f,
    '--list',
    'cec-modules',
    '--edition',
    '2025-03-01',
    '--seed-dir',
    seedDir,
    // The fixture's files are slices of the pinned ones.
    '--accept-checksum-mismatch',
    ...more,
  ];

  /** The id the dry run's plan gives the new model. */
  let newId = '';

  it('when --dry-run is given, then it prints new (with the id each will get), changed field by field, delisted and refused rows, and writes nothing', async () => {
    const before = await state(catalog);
    const res = run(catalog, 'import', importArgs(file, '--dry-run'));
    assert.equal(res.status, 0, res.stderr);
    const planned = /^new\t(\S+)\tpv-module\tAblytek\t6MN6A299$/m.exec(res.stdout);
    assert.ok(planned, res.stdout);
    newId = planned[1];
    assert.match(
      res.stdout,
      /^changed\t\S+\tAblytek\t6MN6A280\n\tstc_power_w\t280\.\d+ -> 281\.5\t\(cec-modules-2025-03-01\)$/m,
    );
    assert.match(res.stdout, /^delisted\t\S+\tAblytek\t6MN6A270\tlast listed 2024-11-14$/m);
    assert.match(res.stdout, /^refused\trecord \d+\thas 3 fields, the header has 27/m);
    assert.match(res.stdout, /^field\tstc_power_w\t1$/m);
    assert.match(res.stderr, /plan: 1 new, 1 changed, 1 delisted, \d+ unchanged/);
    assert.match(res.stderr, /dry run: nothing was written/);
    assert.deepEqual(await state(catalog), before);
    assert.ok(!existsSync(path.join(seedDir, 'imports.json')), 'nothing registered');
  });

  it('when run without --dry-run, then the change is a new revision, the new model a product, the index swapped; and again, nothing changes', async () => {
    const before = await state(catalog);
    const res = run(catalog, 'import', importArgs(file));
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stderr, /1 created, 1 changed, \d+ unchanged.*, 2 new revisions/);
    const after = await state(catalog);
    assert.equal(after.products, before.products + 1);
    assert.notDeepEqual(after.targets, before.targets);
    const identities = await catalog.products.identities();
    // The run writes the plan the dry run printed: the new model gets the id the plan gave it.
    assert.equal(identities.find((p) => p.key === 'pv-module|ablytek 6mn6a299')?._id, newId);
    const ablytek = identities.find((p) => p.key === 'pv-module|ablytek 6mn6a280')!;
    const revision = (await catalog.revisions.get(ablytek._id, ablytek.current_revision))!;
    const changes = revision.changes.map((c) => [c.field, c.to]);
    assert.deepEqual(changes[0], ['stc_power_w', 281.5]);
    assert.deepEqual(
      changes.slice(1).map(([field]) => field),
      ['module_efficiency_pct', 'power_per_area_w_per_m2'],
      'derived from STC power, they change with it',
    );
    assert.match(revision.summary, /cec-modules edition 2025-03-01/);
    const served = await (await fetch(`${ELASTICSEARCH_URL}/${catalog.alias}/_count?q=model:6MN6A299`)).json();
    assert.equal(served.count, 1, 'the new model is served');
    const imports = JSON.parse(readFileSync(path.join(seedDir, 'imports.json'), 'utf8'));
    assert.deepEqual(
      imports.sources.map((s: { id: string; file: string }) => [s.id, s.file]),
      [['cec-modules-2025-03-01', 'imports/cec-modules-2025-03-01.csv']],
    );

    const again = run(catalog, 'import', importArgs(file));
    assert.equal(again.status, 2, `a run that wrote nothing says so by its status: ${again.stderr}`);
    assert.match(again.stderr, /nothing was written/);
    assert.match(again.stderr, /already registered/);
    assert.match(again.stderr, /0 created, 0 changed, \d+ unchanged, 0 new revisions/);
    const seeded = run(catalog, 'seed', ['--seed-dir', seedDir, '--accept-checksum-mismatch']);
    assert.equal(seeded.status, 0, seeded.stderr);
    assert.match(
      seeded.stderr,
      /0 created, 0 changed, \d+ unchanged, 0 new revisions/,
      'the seed reads the imported edition too',
    );
    assert.deepEqual(await state(catalog), { ...after, targets: after.targets });
  });

  const broken: [string, (text: Buffer) => Buffer, RegExp][] = [
    [
      'a column of the list is missing',
      (b) => Buffer.from(b.toString('utf8').replace(',STC,', ',Power,')),
      /its header lacks the list's column STC/,
    ],
    [
      'the file is cut mid-row',
      (b) => b.subarray(0, Math.floor(b.length * 0.7)),
      /it is truncated: its last row \(line \d+\) has \d+ of 27 fields and the file ends without a line break/,
    ],
    [
      'it is another list',
      () => readFileSync(path.join(DEFAULT_SEED_DIR, 'sources', 'hisim-cec-inverters-2024-11-14.csv')),
      /its header is that of cec-inverters, not cec-modules/,
    ],
    [
      'it is latin-1, not UTF-8',
      (b) => Buffer.concat([b, Buffer.from('Soci\u00e9t\u00e9 Module Z9,Soci\u00e9t\u00e9,Mono-c-Si\n', 'latin1')]),
      /it is not UTF-8: byte \d+ \(0xe9, line \d+\) is not valid UTF-8/,
    ],
    [
      'it is far shorter than the newest edition',
      (b) => Buffer.from(b.toString('utf8').split('\n').slice(0, 6).join('\n') + '\n'),
      /it has 3 readable rows, under half the 16 of edition 2025-03-01/,
    ],
  ];
  for (const [what, breakIt, message] of broken) {
    it(`when ${what}, then the import is refused saying so, before any write`, async () => {
      const before = await state(catalog);
      const registry = readFileSync(path.join(seedDir, 'imports.json'), 'utf8');
      const bad = path.join(work, `bad-${what.replace(/\W+/g, '-')}.csv`);
      writeFileSync(bad, breakIt(readFileSync(file)));
      const res = run(catalog, 'import', [
        bad,
        '--list',
        'cec-modules',
        '--edition',
        '2025-04-01',
        '--seed-dir',
        seedDir,
        '--accept-checksum-mismatch',
      ]);
      assert.equal(res.status, 1, res.stderr);
      assert.match(res.stderr, message);
      assert.match(res.stderr, /is not imported as cec-modules edition 2025-04-01/);
      assert.deepEqual(await state(catalog), before);
      assert.equal(readFileSync(path.join(seedDir, 'imports.json'), 'utf8'), registry);
    });
  }

  it('when cells cannot be read (NaN, not a number) or lie outside their physical range (a negative power), then each is refused with its row and column, the product keeps its value and stays listed', async () => {
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const header = lines[0].split(',');
    const at = (column: string) => header.indexOf(column);
    const row = (prefix: string) => lines.findIndex((l) => l.startsWith(prefix));
    const damage: [string, string, string][] = [
      ['Ablytek 6MN6A280,', 'STC', 'NaN'],
      ['Ablytek 6MN6A299,', 'STC', '-299.9'],
      ['Ablytek 6MN6A299,', 'V_oc_ref', 'forty'],
    ];
    for (const [prefix, column, value] of damage) {
      const i = row(prefix);
      const cells = lines[i].split(',');
      cells[at(column)] = value;
      lines[i] = cells.join(',');
    }
    const damaged = path.join(work, 'cec-modules-2025-09-01.csv');
    writeFileSync(damaged, lines.join('\n') + '\n');
    const identities = async () => new Map((await catalog.products.identities()).map((p) => [p.key, p]));
    const before = await identities();
    const args = [damaged, '--list', 'cec-modules', '--edition', '2025-09-01', '--seed-dir', seedDir];
    const res = run(catalog, 'import', [...args, '--accept-checksum-mismatch']);
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stderr, /3 cells refused/);
    assert.match(
      res.stderr,
      /refused cell: record \d+ \(line \d+\) column STC: 'NaN' is not a number; the product keeps its stc_power_w/,
    );
    assert.match(res.stderr, /column STC: -299\.9 is below 0: a rated power is never negative/);
    assert.match(res.stderr, /column V_oc_ref: 'forty' is not a number/);
    assert.match(res.stderr, /plan: 0 new, \d+ changed, 0 delisted/, 'no product is delisted for a cell');
    const after = await identities();
    for (const key of ['pv-module|ablytek 6mn6a280', 'pv-module|ablytek 6mn6a299']) {
      assert.equal(after.get(key)!.current_revision, before.get(key)!.current_revision, `${key}: no new revision`);
      const revision = (await catalog.revisions.get(after.get(key)!._id, after.get(key)!.current_revision))!;
      const stc = revision.claims.find((c) => c.field === 'stc_power_w');
      assert.ok(stc && Number(stc.value) > 0, `${key} keeps its STC power`);
    }
    const listed = await catalog.products.findById(after.get('pv-module|ablytek 6mn6a280')!._id);
    assert.equal(listed?.listing.in_latest_edition, true, 'still listed');
    assert.equal(listed?.listing.last_edition, '2025-09-01');
  });

  it('when an edition is over twice the rows of the newest, or over the refusals bound, then it stops before any write unless the operator accepts it by flag', async () => {
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const [head, units, names, ...records] = lines;
    const grown = [head, units, names, ...records];
    for (let copy = 1; copy <= 2; copy++)
      grown.push(...records.map((r) => r.replace(/^([^,]*),/, `$1 copy${copy},`).replace(/^Ablytek /, 'Ablytek ')));
    const big = path.join(work, 'cec-modules-2025-10-01-big.csv');
    writeFileSync(big, grown.join('\n') + '\n');
    const args = (f: string, ...more: string[]) => [
      f,
      '--list',
      'cec-modules',
      '--edition',
      '2025-10-01',
      '--seed-dir',
      seedDir,
      '--accept-checksum-mismatch',
      '--dry-run',
      ...more,
    ];
    const before = await state(catalog);
    const refused = run(catalog, 'import', args(big));
    assert.equal(refused.status, 1, refused.stderr);
    assert.match(
      refused.stderr,
      /it has \d+ readable rows, over twice the \d+ of edition 2025-09-01; .*--accept-size-change/,
    );
    const accepted = run(catalog, 'import', args(big, '--accept-size-change'));
    assert.match(accepted.stderr, /dry run: nothing was written/, accepted.stderr);
    assert.equal(accepted.status, 0, 'a dry run that planned exits 0');

    const header = head.split(',');
    const damaged = records.map((r) => {
      const cells = r.split(',');
      for (const column of ['STC', 'PTC', 'A_c', 'I_sc_ref']) cells[header.indexOf(column)] = 'x';
      return cells.join(',');
    });
    const bad = path.join(work, 'cec-modules-2025-10-01-bad.csv');
    writeFileSync(bad, [head, units, names, ...damaged].join('\n') + '\n');
    const whole = records.filter((r) => r.split(',').length === header.length).length;
    const rows = records.length - whole;
    const cells = whole * 4;
    assert.ok(cells > 50);
    const tooMany = run(catalog, 'import', args(bad));
    assert.equal(tooMany.status, 1);
    assert.match(
      tooMany.stderr,
      new RegExp(
        `${rows} rows and ${cells} cells cannot be read, more than the 50 refusals allowed .*--accept-refusals N`,
      ),
    );
    const allowed = run(catalog, 'import', args(bad, '--accept-refusals', String(rows + cells)));
    assert.equal(allowed.status, 0, allowed.stderr);
    assert.deepEqual(await state(catalog), before);
  });

  it('when a file is over the byte or line cap, then it is refused before it is read, whatever the flags', async () => {
    const huge = path.join(work, 'cec-modules-2025-11-01-huge.csv');
    writeFileSync(huge, '');
    truncateSync(huge, 17 * 1024 * 1024);
    const long = path.join(work, 'cec-modules-2025-11-01-long.csv');
    writeFileSync(long, 'x\n'.repeat(50_001));
    for (const [f, message] of [
      [huge, /it is 17\.0 MiB, over the 16\.0 MiB an edition may be; it was not read/],
      [long, /it has 50001 lines, over the 50000 an edition may have; it was not read/],
    ] as const) {
      const res = run(catalog, 'import', [
        f,
        '--list',
        'cec-modules',
        '--edition',
        '2025-11-01',
        '--seed-dir',
        seedDir,
        '--accept-size-change',
        '--dry-run',
      ]);
      assert.equal(res.status, 1, res.stderr);
      assert.match(res.stderr, message);
    }
  });
});
