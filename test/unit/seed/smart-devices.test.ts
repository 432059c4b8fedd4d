// HiSim's smart-device table as two lists, home batteries and EV chargers: read from the committed
// file as the manifest pins it, each value the cell its pointer names, prices never read.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { convertSources, DEFAULT_SEED_DIR, loadManifest, toSourceDocs } from '../../../src/ingest/convert';
import { readJsonTable } from '../../../src/ingest/convert/json-table';
import { SPEC_NAMES } from '../../../src/catalog/spec-catalog';
import { checkEdition } from '../../../src/ingest/edition-check';

const manifest = loadManifest();
const storage = { ...manifest, sources: manifest.sources.filter((s) => s.file.startsWith('hisim-smart-devices')) };
const conversion = convertSources(storage);
const file = path.join(DEFAULT_SEED_DIR, 'sources', storage.sources[0].file);
const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>[]>;
const of = (category: string) => conversion.drafts.filter((d) => d.category === category);
const product = (model: string, variant = '') =>
  conversion.drafts.find((d) => d.model === model && d.variant === variant)!;

/** The value an RFC 6901 pointer names in the parsed file. */
function resolve(pointer: string): unknown {
  let at: unknown = json;
  for (const part of pointer.split('/').slice(1)) at = (at as Record<string, unknown>)[part.replace(/~1/g, '/')];
  return at;
}

describe('seed: home batteries and EV chargers from HiSim', () => {
  it('when the table is read, then it gives 31 home batteries and 8 EV chargers by the makers it lists', () => {
    assert.deepEqual(
      storage.sources.map((s) => s.id),
      ['hisim-batteries', 'hisim-wallboxes'],
    );
    assert.equal(of('home-battery').length, 31);
    assert.equal(of('ev-charger').length, 8);
    assert.deepEqual([...new Set(of('home-battery').map((d) => d.manufacturer))].sort(), [
      'LG Chem',
      'SENEC',
      'VARTA',
      'sonnen',
    ]);
    assert.deepEqual([...new Set(of('ev-charger').map((d) => d.manufacturer))].sort(), [
      'ABL',
      'Hardy Barth',
      'Heidelberg',
      'go-e',
      'myenergi',
    ]);
    assert.deepEqual(
      conversion.sources.map((s) => [s.id, s.records, s.loaded_sha256 === s.sha256]),
      [
        ['hisim-batteries', 31, true],
        ['hisim-wallboxes', 8, true],
      ],
    );
  });

  it("when a value is reported, then it equals its cell and its locator's pointer resolves to that cell", () => {
    const sonnen = product('sonnenBatterie 10 - 11 kWh');
    // The name carries the nominal 11 kWh; the table lists the usable 10.
    assert.equal(sonnen.specs.usable_capacity_kwh, 10);
    const claim = sonnen.claims.find((c) => c.field === 'usable_capacity_kwh')!;
    assert.deepEqual(claim.locator, {
      file: 'hisim-smart-devices-1.2.4.json',
      record: 2,
      line: 305,
      column: 'Capacity',
      pointer: '/Battery/1/Capacity',
    });
    assert.equal(claim.unit, 'kWh');
    assert.equal(resolve(claim.locator.pointer ?? ''), 10);
    let checked = 0;
    for (const draft of conversion.drafts)
      for (const c of draft.claims) {
        assert.equal(c.method, 'reported');
        const cell = resolve(c.locator.pointer!);
        if (c.field === 'cable_lengths_m') assert.equal(String(cell), c.raw, `${draft.key} ${c.field}`);
        else assert.equal(cell, typeof cell === 'number' ? Number(c.raw) : c.raw, `${draft.key} ${c.field}`);
        checked += 1;
      }
    // 31 x 5 identity, capacity and powers, 4 + 4 efficiencies, 4 addresses; 8 x 3, 5 cable lengths.
    assert.equal(checked, 196);
  });

  it('when the table writes a price, then no product, claim or spec carries it', () => {
    assert.ok(json.Battery.every((b) => 'Price' in b) && json.Wallbox.every((w) => 'Price' in w));
    assert.ok(!SPEC_NAMES.some((s) => /price|cost|eur/i.test(s)));
    for (const draft of conversion.drafts) {
      assert.ok(!draft.claims.some((c) => c.locator.column === 'Price'), draft.key);
      // "10438.00 EUR", 1069.95: the prices' text appears nowhere in what is stored.
      assert.doesNotMatch(JSON.stringify(draft), /EUR|1069\.95|10438/, draft.key);
    }
  });

  it('when names carry typos or repeat, then they stay as listed and one name at two powers is two chargers', () => {
    assert.ok(product('SENEC.HOME V3 hybrid du o- 7.5 kWh'), 'the typo is kept');
    const homefix = of('ev-charger').filter((d) => d.model === 'Charger HOMEfix');
    assert.deepEqual(
      homefix
        .map((d) => [d.variant, d.specs.charging_power_kw])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      [
        ['11 kW', 11],
        ['22 kW', 22],
      ],
    );
  });

  it('when a cable length is blank, two lengths or 0, then it is absent, both, or the 0 the table writes', () => {
    assert.equal(product('Charger HOMEfix', '11 kW').specs.cable_lengths_m, undefined, '[] states nothing');
    assert.deepEqual(product('Energy Control Wallbox', '11 kW').specs.cable_lengths_m, [5, 7.5]);
    assert.deepEqual(product('Wallbox ZAPPI 222TW', '22 kW').specs.cable_lengths_m, [6.5]);
    assert.deepEqual(product('ZAPPI 222UW', '22 kW').specs.cable_lengths_m, [0]);
    // Only sonnen's first four list efficiencies; the rest make no claim rather than a guess.
    assert.equal(of('home-battery').filter((d) => d.specs.battery_efficiency === 0.98).length, 4);
    assert.equal(of('home-battery').filter((d) => d.specs.battery_efficiency === undefined).length, 27);
  });

  it('when the sources are stored, then each states its limits', () => {
    for (const doc of toSourceDocs(storage, conversion)) {
      assert.match(doc.limits!, /hand-collected/);
      assert.match(doc.limits!, /prices .* not read/);
    }
  });

  it('when a JSON file repeats a key, lacks one or is cut short, then it is refused naming the place', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'smart-devices-'));
    const write = (text: string) => {
      const p = path.join(dir, 'smart.json');
      writeFileSync(p, text);
      return p;
    };
    const ok = write('{"Battery": [\n {"Manufacturer": "A", "Model": "B", "Capacity": 1.50, "Price": 1099.90}\n]}');
    const table = readJsonTable(ok, 'x', 'Battery', ['Manufacturer', 'Model', 'Capacity']);
    assert.equal(table.records[0].cell('Capacity'), '1.50', 'the literal as written');
    assert.equal(table.records[0].line, 2);
    assert.throws(
      () => readJsonTable(write('{"Battery": [{"Model": "B", "Model": "C"}]}'), 'x', 'Battery', []),
      /"Model" \(it is there twice\)/,
    );
    assert.throws(
      () => readJsonTable(write('{"Battery": [{"Model": "B"}]}'), 'x', 'Battery', ['Manufacturer']),
      /record 1: missing key Manufacturer/,
    );
    assert.throws(() => readJsonTable(write('{"Battery": [{"Model": "B"}'), 'x', 'Battery', []), /is not JSON/);
    assert.throws(() => readJsonTable(write('{"Wallbox": []}'), 'x', 'Battery', []), /no array "Battery"/);
  });

  it('when a new edition of a JSON list is offered to the import, then it is refused before anything is read as CSV', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'smart-devices-import-'));
    const copy = path.join(dir, 'smart-devices-2027.json');
    writeFileSync(copy, readFileSync(file));
    assert.throws(
      () =>
        checkEdition({
          filePath: copy,
          list: 'hisim-batteries',
          edition: '2027-01-01',
          manifest,
          sourcesDir: path.join(DEFAULT_SEED_DIR, 'sources'),
        }),
      /is not imported as hisim-batteries edition 2027-01-01: hisim-batteries is read from JSON .*only CSV lists/,
    );
  });
});
