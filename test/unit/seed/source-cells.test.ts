// Every value the complete data set serves, and every value in its history, is the very cell its
// locator names in the committed source files: checked on the conversion, without a database.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/shared/csv';
import { convertSources, DEFAULT_SEED_DIR, loadManifest, readerOf } from '../../../src/ingest/convert';
import { parseCell } from '../../../src/ingest/convert/values';
import { decodeSource } from '../../../src/ingest/convert/table';
import { isSpecName } from '../../../src/catalog/spec-catalog';
import type { Claim } from '../../../src/catalog/claim';

describe('seed: the complete data set against its files', function () {
  this.timeout(120000);

  it('when every file is converted, then each claim of every snapshot is its cell, parsed, and every file is read', () => {
    const manifest = loadManifest();
    const { drafts, sources } = convertSources(manifest);
    // The cells are compared with the files the manifest pins (as the wheels ship them), not with any copy.
    const bytes = new Map(
      manifest.sources.map((s) => {
        const b = readFileSync(path.join(DEFAULT_SEED_DIR, 'sources', s.file));
        assert.equal(createHash('sha256').update(b).digest('hex'), s.sha256, `${s.file}: the manifest's sha256`);
        return [s.file, decodeSource(b, s.file, s.encoding)] as const;
      }),
    );
    const jsonFiles = new Map(
      manifest.sources
        .filter((s) => readerOf(s).read)
        .map((s) => {
          const text = bytes.get(s.file)!;
          return [s.file, { text, lines: text.split('\n'), value: JSON.parse(text) as unknown }] as const;
        }),
    );
    const files = new Map(
      manifest.sources
        .filter((s) => !readerOf(s).read)
        .map((s) => {
          const rows = parseCsv(bytes.get(s.file)!);
          return [
            s.file,
            { header: rows[0].cells.map((c) => c.trim()), rows, headerRows: readerOf(s).headerRows },
          ] as const;
        }),
    );
    // A row the manifest refuses (the 2022 edition's truncated record) is refused with its reason, and no claim cites it.
    const refused = new Set<string>();
    for (const s of sources)
      for (const r of s.refused_records ?? []) {
        assert.deepEqual(
          s.refused.find((x) => x.record === r.record)?.reason,
          r.reason,
          `${s.file} record ${r.record} refused`,
        );
        refused.add(`${s.file}#${r.record}`);
      }
    const seen = new Map<string, number>();
    let checked = 0;
    let derived = 0;
    for (const draft of drafts) {
      for (const snapshot of [...draft.earlier!, draft.claims]) {
        for (const claim of snapshot) {
          const json = jsonFiles.get(claim.locator.file);
          if (json) {
            jsonCell(json, claim, draft.key);
            seen.set(claim.locator.file, (seen.get(claim.locator.file) ?? 0) + 1);
            checked += 1;
            continue;
          }
          const file = files.get(claim.locator.file)!;
          assert.ok(!refused.has(`${claim.locator.file}#${claim.locator.record}`), `${draft.key}: a refused record`);
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
    assert.deepEqual([...seen.keys()].sort(), [...new Set(manifest.sources.map((s) => s.file))].sort());
    assert.ok(checked > 1_000_000, `${checked} claims`);
    assert.ok(derived > 20_000, `${derived} module efficiencies derived`);
    assert.ok(drafts.length >= 40_000, `${drafts.length} products`);
  });
});

/**
 * A claim from a JSON source: its pointer names the value in the parsed file, its raw text is that
 * value as written (a number's literal on the lines of its record, a string's text), and it parses to
 * the claim's value; the record starts on the locator's line.
 */
function jsonCell(json: { text: string; lines: string[]; value: unknown }, claim: Claim, key: string): void {
  const pointer = claim.locator.pointer!;
  assert.ok(pointer, `${key} ${claim.field}: a JSON claim has a pointer`);
  const segments = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  assert.equal(
    segments[segments.length - 1],
    claim.locator.column,
    `${key} ${claim.field}: pointer ends in the column`,
  );
  assert.equal(Number(segments[1]) + 1, claim.locator.record, `${key} ${claim.field}: pointer names the record`);
  let at: unknown = json.value;
  for (const segment of segments) {
    assert.ok(at !== null && typeof at === 'object' && Object.hasOwn(at, segment), `${key}: ${pointer} resolves`);
    at = (at as Record<string, unknown>)[segment];
  }
  if (typeof at === 'string') assert.equal(claim.raw, at, `${key} ${claim.field}`);
  else {
    assert.equal(Number(claim.raw), at, `${key} ${claim.field}`);
    const record = json.lines.slice(claim.locator.line - 1).join('\n');
    const written = new RegExp(`"${claim.locator.column}"\\s*:\\s*${claim.raw.replace('.', '\\.')}\\s*[,}]`);
    assert.match(record.slice(0, record.indexOf('}') + 1), written, `${key} ${claim.field}: the literal as written`);
  }
  assert.match(json.lines[claim.locator.line - 1], /\{/, `${key} ${claim.field}: the record starts on its line`);
  if (isSpecName(claim.field))
    assert.deepEqual(parseCell(claim.field, claim.raw), claim.value, `${key} ${claim.field}`);
}
