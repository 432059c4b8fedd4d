// The import's check reads an offered edition in one pass: a row the list's reader cannot trust is
// refused and the next row read, not the whole file parsed again per refused row (it was, up to 51
// times), and the list's newest edition is read once for its header, units and row count (it was
// read twice). Counted by the CSV parser's own tally of the texts it parsed, not by a mock.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { csvParsed } from '../../../src/shared/csv';
import { checkEdition } from '../../../src/ingest/edition-check';
import { NEWEST_MODULES, offerFixture, withCell } from '../../helpers/edition-offer';

describe('edition check: one pass over the offered file', () => {
  it('when a file has 30 rows the reader cannot trust, then each is refused with its reason, and the file and the newest edition are each parsed once', () => {
    const f = offerFixture(200);
    const damaged = Array.from({ length: 30 }, (_, k) => 5 + 6 * k);
    const file = f.offer('cec-modules-2026-01-01.csv', withCell(f.lines, f.at('Manufacturer'), damaged, 'Nobody'));
    const before = csvParsed();
    const check = checkEdition({
      filePath: file,
      list: 'cec-modules',
      edition: '2026-01-01',
      manifest: f.manifest,
      sourcesDir: f.sourcesDir,
    });
    const after = csvParsed();
    assert.deepEqual(
      check.refused.map((r) => r.record),
      damaged,
    );
    for (const r of check.refused) assert.match(r.reason, /^Name '.+' does not start with its Manufacturer 'Nobody'$/);
    assert.equal(check.records, 170, 'the rows read: 200 less the 30 refused');
    assert.deepEqual(check.refusedCells, []);
    const chars = [file, path.join(f.sourcesDir, NEWEST_MODULES)].reduce(
      (n, p) => n + readFileSync(p, 'utf8').length,
      0,
    );
    assert.deepEqual(
      { texts: after.texts - before.texts, chars: after.chars - before.chars },
      { texts: 2, chars },
      'the offered file parsed once, the newest edition once',
    );
  });
});
