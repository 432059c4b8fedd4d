import assert from 'node:assert/strict';
import { parseCsv } from '../../../src/shared/csv';
import { parseCell, isAbsent } from '../../../src/ingest/convert/values';
import { ManufacturerDeriver } from '../../../src/ingest/convert/manufacturer';
import { resolveEditions, type Edition } from '../../../src/ingest/convert/editions';
import type { SourceRecord } from '../../../src/ingest/convert/claims';
import { moduleDerivedClaims } from '../../../src/ingest/convert/module-derived';
import { specClaims, type Table } from '../../../src/ingest/convert/table';
import { CEC_MODULE_COLUMNS } from '../../../src/catalog/source-columns';

describe('seed converter', () => {
  it('when a CSV field is quoted, then commas, doubled quotes and line breaks stay in it, and rows keep their line', () => {
    const rows = parseCsv('Name,Vac\n"Ablerex Electronics Co., Ltd.: ES ""2200""",240\n"two\nlines",1\r\nlast,2');
    assert.deepEqual(
      rows.map((r) => r.cells),
      [
        ['Name', 'Vac'],
        ['Ablerex Electronics Co., Ltd.: ES "2200"', '240'],
        ['two\nlines', '1'],
        ['last', '2'],
      ],
    );
    assert.deepEqual(
      rows.map((r) => r.line),
      [1, 2, 3, 5],
    );
    assert.throws(() => parseCsv('a,"open\n'), /unterminated/);
  });

  it('when a cell is blank or n/a, then it is absent, never zero; malformed numbers are refused', () => {
    for (const cell of ['', ' ', 'n/a', 'N/A']) assert.equal(isAbsent(cell), true, cell);
    assert.throws(() => parseCell('stc_power_w', 'NaN'), /not a number/, 'NaN is no statement of absence');
    assert.equal(parseCell('stc_power_w', 'n/a'), undefined);
    assert.equal(parseCell('stc_power_w', '0'), 0);
    assert.equal(parseCell('stc_power_w', '175.0914'), 175.0914);
    assert.throws(() => parseCell('stc_power_w', '175W'), /not a number/);
    assert.throws(() => parseCell('cells_in_series', '72.5'), /whole number/);
    assert.equal(parseCell('bifacial', '1'), true);
    assert.equal(parseCell('bipv', 'N'), false);
    assert.equal(parseCell('cec_listing_date', '1/3/2019'), '2019-01-03');
    assert.equal(parseCell('keymark_date', '2020-05-26'), '2020-05-26');
  });

  it('when a list cell is printed the numpy way, then it is an array of numbers, line breaks and all; anything else is refused', () => {
    assert.deepEqual(
      parseCell('adr_coefficients', '[ 0.00216  0.00525 -0.11666  0.\n  0.35423]'),
      [0.00216, 0.00525, -0.11666, 0, 0.35423],
    );
    assert.throws(() => parseCell('adr_coefficients', '0.1 0.2'), /bracketed list/);
    assert.throws(() => parseCell('adr_coefficients', '[0.1 x]'), /bracketed list/);
    assert.throws(() => parseCell('adr_coefficients', '[]'), /bracketed list/);
  });

  it('when module names share a maker prefix, then the manufacturer is the prefix where they branch into models', () => {
    const names = [
      'Trina Solar TSM-170DA01',
      'Trina Solar TSM-260PD05',
      'Trina Solar TSM-310PE14A',
      'Hanwha Q CELLS Q.PEAK DUO L-G5.2 375',
      'Hanwha Q CELLS Q.PLUS BFR-G4.1 280',
      'Hanwha Q CELLS B.LINE PLUS BFR-G4.1 270',
      'Hanwha SolarOne HSL60P6-PB-4-250T',
      'Tynsolar TYNP62611250',
      'Canadian Solar Inc. CS6P-250P',
      'Canadian Solar Inc. CS6K-270M',
      'Canadian Solar CS3U-345P',
      'Canadian Solar CSX-310P',
      'Day4 Energy Day4 60MC-I 230',
      'Day4 Energy Day4 60MC-I 235',
      'Day4 Energy Day4 60MC-I 240',
    ];
    const deriver = new ManufacturerDeriver(names);
    assert.deepEqual(deriver.split('Trina Solar TSM-260PD05'), { manufacturer: 'Trina Solar', model: 'TSM-260PD05' });
    assert.deepEqual(deriver.split('Hanwha Q CELLS Q.PEAK DUO L-G5.2 375'), {
      manufacturer: 'Hanwha Q CELLS',
      model: 'Q.PEAK DUO L-G5.2 375',
    });
    assert.deepEqual(deriver.split('Tynsolar TYNP62611250'), { manufacturer: 'Tynsolar', model: 'TYNP62611250' });
    assert.deepEqual(
      deriver.split('Canadian Solar Inc. CS6P-250P'),
      { manufacturer: 'Canadian Solar Inc.', model: 'CS6P-250P' },
      'company words stay with the manufacturer',
    );
    assert.deepEqual(
      deriver.split('Day4 Energy Day4 60MC-I 235'),
      { manufacturer: 'Day4 Energy', model: 'Day4 60MC-I 235' },
      'a model is never a bare number',
    );
  });

  it('when two sources describe one product, then it is one product whose value comes from the earlier source and keeps both claims', () => {
    const locator = (file: string, record: number) => ({ file, record, line: record + 3, column: 'Paco' });
    const rec = (source_id: string, record: number, value: number): SourceRecord => ({
      key: 'inverter|abb|micro-0.25|208v',
      category: 'inverter',
      manufacturer: 'ABB',
      model: 'MICRO-0.25',
      variant: '208V',
      name: `${source_id} name`,
      source_id,
      record,
      claims: [
        {
          field: 'ac_power_w',
          value,
          unit: 'W',
          raw: String(value),
          source_id,
          locator: locator(source_id, record),
          method: 'reported',
        },
      ],
    });
    const edition = (id: string, records: SourceRecord[]): Edition => ({
      sourceId: id,
      list: id,
      edition: '2019-03-05',
      records,
      fields: new Set(['ac_power_w']),
      editionFields: new Set(),
      identityRule: 'same key',
    });
    const { drafts } = resolveEditions([
      edition('cec-inverters', [rec('cec-inverters', 7, 250), rec('cec-inverters', 9, 249)]),
      edition('adr-inverters', [rec('adr-inverters', 1, 251)]),
    ]);
    const [product, ...rest] = drafts;
    assert.equal(rest.length, 0);
    assert.equal(product.specs.ac_power_w, 249, 'the later record of the preferred source wins');
    assert.deepEqual(
      product.claims.map((c) => [c.source_id, c.value]),
      [
        ['cec-inverters', 249],
        ['cec-inverters', 250],
        ['adr-inverters', 251],
      ],
    );
    assert.deepEqual(
      product.aliases.map((a) => a.source_id),
      ['cec-inverters', 'adr-inverters'],
    );
  });

  it('when a module has its STC power and area, then efficiency and power per area are derived claims citing both cells', () => {
    const cells: Record<string, string> = { STC: '400.1', A_c: '1.94' };
    const table: Table = { file: 'modules.csv', sourceId: 'cec-modules', records: [], refused: [], refusedCells: [] };
    const rec = { record: 7, line: 10, cell: (c: string) => cells[c] ?? '' };
    const claims = moduleDerivedClaims(table, rec, specClaims(table, rec, CEC_MODULE_COLUMNS));
    assert.deepEqual(
      claims.map((c) => [c.field, c.value, c.unit, c.method, c.locator.column]),
      [
        ['module_efficiency_pct', 20.624, '%', 'derived', 'STC,A_c'],
        ['power_per_area_w_per_m2', 206.237, 'W/m2', 'derived', 'STC,A_c'],
      ],
    );
    assert.match(claims[0].derivation!, /stc_power_w \/ \(area_m2 × 1000 W\/m²\)/);
    assert.equal(claims[0].raw, '400.1 W / (1.94 m² × 1000 W/m²)');
    // Without an area, or with none to divide by, nothing is derived.
    for (const area of ['', '0']) {
      cells.A_c = area;
      assert.deepEqual(moduleDerivedClaims(table, rec, specClaims(table, rec, CEC_MODULE_COLUMNS)), [], area);
    }
  });

  it('when a listed area is too small to be real, then neither value is derived; a low efficiency (amorphous silicon) is', () => {
    const table: Table = { file: 'modules.csv', sourceId: 'cec-modules', records: [], refused: [], refusedCells: [] };
    const derive = (STC: string, A_c: string) => {
      const cells: Record<string, string> = { STC, A_c };
      const rec = { record: 1, line: 4, cell: (c: string) => cells[c] ?? '' };
      return moduleDerivedClaims(table, rec, specClaims(table, rec, CEC_MODULE_COLUMNS)).map((c) => c.value);
    };
    // Runergy HY-DH144P8-550 in the 2024 CEC list: 550.62 W over 1.69 m² would be 32.6%.
    assert.deepEqual(derive('550.62', '1.69'), []);
    assert.deepEqual(derive('388.16', '1.502'), [25.843, 258.429], 'a concentrator module at 25.8% is kept');
    assert.deepEqual(derive('17.1', '0.669'), [2.556, 25.561], 'Uni-Solar SHR-17 at 2.6% is kept');
  });
});
