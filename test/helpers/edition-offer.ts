// Offers for the import's edition check: the list's newest CEC module edition (the pinned 2024 file,
// its first records) in a scratch sources folder, and files offered as the next edition made from it.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SEED_DIR, loadManifest, type Manifest } from '../../src/ingest/convert';

export const NEWEST_MODULES = 'hisim-cec-modules-2024-11-14.csv';

export interface OfferFixture {
  readonly manifest: Manifest;
  readonly sourcesDir: string;
  /** The newest edition's lines: three header rows (names, units, SAM names), then its records. */
  readonly lines: readonly string[];
  /** Where a column stands in the header. */
  readonly at: (column: string) => number;
  /** Writes lines as an offered file of this name; returns its path. */
  readonly offer: (name: string, lines: readonly string[], end?: string) => string;
}

/** A scratch sources folder whose newest module edition holds the 2024 file's first `records` rows. */
export function offerFixture(records = 200): OfferFixture {
  const sourcesDir = mkdtempSync(path.join(os.tmpdir(), 'pds-edition-'));
  const all = readFileSync(path.join(DEFAULT_SEED_DIR, 'sources', NEWEST_MODULES), 'utf8')
    .trimEnd()
    .split('\n');
  const lines = all.slice(0, 3 + records);
  writeFileSync(path.join(sourcesDir, NEWEST_MODULES), lines.join('\n') + '\n');
  const header = lines[0].split(',');
  return {
    manifest: loadManifest(),
    sourcesDir,
    lines,
    at: (column) => header.indexOf(column),
    offer: (name, offered, end = '\n') => {
      const file = path.join(sourcesDir, name);
      writeFileSync(file, offered.join('\n') + end);
      return file;
    },
  };
}

/** The lines with one cell of each named record (1-based, after the header rows) set to a value. */
export function withCell(lines: readonly string[], at: number, records: readonly number[], value: string): string[] {
  const out = [...lines];
  for (const record of records) {
    const cells = out[2 + record].split(',');
    cells[at] = value;
    out[2 + record] = cells.join(',');
  }
  return out;
}
