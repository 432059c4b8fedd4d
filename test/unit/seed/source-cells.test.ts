// Every value the complete data set serves, and every value in its history, is the very cell its
// locator names in the committed source files: checked on the conversion, without a database.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../seed/convert/csv';
import { convertSources, DEFAULT_SEED_DIR, loadManifest, readerOf } from '../../../seed/convert';
import { parseCell } from '../../../seed/convert/values';
import { isSpecName } from '../../../src/catalog/spec-catalog';

describe('seed: the complete data set against its files', function () {
  this.timeout(120000);

  it('when every file is converted, then each claim of every snapshot is its cell, parsed, and every file is read', () => {
    const manifest = loadManifest();
    const { drafts } = convertSources(manifest);
    const files = new Map(
      manifest.sources.map((s) => {
        const rows = parseCsv(readFileSync(path.join(DEFAULT_SEED_DIR, 'sources', s.file), 'utf8'));
        return [
          s.file,
          { header: rows[0].cells.map((c) => c.trim()), rows, headerRows: readerOf(s).headerRows },
        ] as const;
      }),
    );
    const seen = new Map<string, number>();
    let checked = 0;
    let derived = 0;
    for (const draft of drafts) {
      for (const snapshot of [...draft.earlier!, draft.claims]) {
        for (const claim of snapshot) {
          const file = files.get(claim.locator.file)!;
          const row = file.rows[claim.locator.record + file.headerRows - 1];
          assert.equal(row.line, claim.locator.line, `${draft.key} ${claim.field}: line`);
          // A derived value (Sandia's Pmax = Impo x Vmpo, a module's efficiency) cites its inputs rather than one cell.
          if (claim.method === 'derived') {
            if (claim.field === 'module_efficiency_pct') {
              // Its inputs are written in its raw form; the snapshot may hold another list's values for them.
              const [power, area] = /^([\d.e+-]+) W \/ \(([\d.e+-]+) m² × 1000 W\/m²\)$/
                .exec(claim.raw)!
                .slice(1)
                .map(Number);
              const of = (field: string) => (field === 'stc_power_w' ? power : area);
              const expected = (of('stc_power_w') / (of('area_m2') * 1000)) * 100;
              assert.ok(Math.abs((claim.value as number) - expected) <= 0.0005 + 1e-9, `${draft.key} efficiency`);
              derived += 1;
            }
            continue;
          }
          assert.equal(row.cells[file.header.indexOf(claim.locator.column)], claim.raw, `${draft.key} ${claim.field}`);
          if (isSpecName(claim.field))
            assert.deepEqual(parseCell(claim.field, claim.raw), claim.value, `${draft.key} ${claim.field}`);
          seen.set(claim.locator.file, (seen.get(claim.locator.file) ?? 0) + 1);
          checked += 1;
        }
      }
    }
    assert.deepEqual([...seen.keys()].sort(), manifest.sources.map((s) => s.file).sort());
    assert.ok(checked > 1_000_000, `${checked} claims`);
    assert.ok(derived > 20_000, `${derived} module efficiencies derived`);
    assert.ok(drafts.length >= 40_000, `${drafts.length} products`);
  });
});
