// CSV cells (src/shared/csv-cell.ts), the one writer every CSV the service emits goes through: a text
// a spreadsheet would run as a formula arrives as text; numbers, negative ones too, arrive as numbers.
import assert from 'node:assert/strict';
import { csvCell, csvLine } from '../../../src/shared/csv-cell';

describe('csv cells: formulas neutralised (OWASP CSV injection), numbers kept', () => {
  for (const formula of ['=1+1', '=HYPERLINK("http://x","y")', '+cmd|calc', '-2+3', '@SUM(A1)', '\tx', '\rx'])
    it(`when a text cell is ${JSON.stringify(formula)}, then it is written with a leading quote`, () => {
      const cell = csvCell(formula);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      assert.equal(unquoted, `'${formula}`);
    });

  for (const number of ['-0.35', '+12', '-1e-3', '0.5', '-.5', '42'])
    it(`when a text cell is the number ${number}, then it is written as it is`, () => {
      assert.equal(csvCell(number), number);
    });

  it('when cells hold numbers, blanks, commas and quotes, then the line is RFC 4180', () => {
    assert.equal(csvLine([-0.35, null, 'a,b', 'say "hi"', true, Number.NaN]), '-0.35,,"a,b","say ""hi""",true,\r\n');
  });
});
