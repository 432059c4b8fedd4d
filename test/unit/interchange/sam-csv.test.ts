import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { headerText, readSamFile, recordText, neutralised } from '../../../src/interchange/sam-csv';
import { parseCsv } from '../../../src/shared/csv';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

describe('SAM CSV writer', () => {
  it('when a SAM file is read and written back, then every row parses to the cells of the file, quoted fields and line breaks included', () => {
    const text = readFileSync(path.join(ROOT, 'seed', 'sources', 'adr-library-cec-inverters-2019-03-05.csv'), 'utf8');
    const file = readSamFile(text);
    const written = headerText(file) + [...file.lines.values()].map((line) => recordText(line)).join('');
    const original = parseCsv(text).filter((r) => r.cells.some((c) => c.trim() !== ''));
    const again = parseCsv(written);
    assert.equal(again.length, original.length);
    again.forEach((row, i) => assert.deepEqual(row.cells, original[i].cells, `row ${i + 1}`));
    // The ADR coefficients are printed over several lines by numpy; the cell keeps them.
    assert.ok([...file.lines.values()].some((l) => l.includes('\n')));
  });

  it('when a cell would run as a formula, then it gets an apostrophe; a number never does', () => {
    assert.equal(neutralised('=HYPERLINK("x")'), `'=HYPERLINK("x")`);
    assert.equal(neutralised('@SUM(A1)'), `'@SUM(A1)`);
    assert.equal(neutralised('-cmd'), `'-cmd`);
    for (const n of ['-0.000041', '+5', '-1.36E-09', '-inf', '-nan', 'Mono-c-Si', '', 'N'])
      assert.equal(neutralised(n), n);
  });

  it('when the product id column is asked, then it is named in the header and last on every row, its units and SAM name blank', () => {
    const file = readSamFile('Name,Vac\nUnits,V\n[0],inv_snl_ac_voltage\n"A, B: C",240\n');
    assert.equal(headerText(file, 'Product_ID'), 'Name,Vac,Product_ID\nUnits,V,\n[0],inv_snl_ac_voltage,\n');
    assert.equal(recordText(file.lines.get(1)!, 'a-b-c'), '"A, B: C",240,a-b-c\n');
  });
});
