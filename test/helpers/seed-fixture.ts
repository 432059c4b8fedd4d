// Source folders for seed tests: real records sliced from the committed files (header rows kept),
// optionally with one cell edited, so a test seeds in seconds and can change a value.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCsv } from '../../src/shared/csv';
import { loadManifest, readerOf, DEFAULT_SEED_DIR } from '../../src/ingest/convert';

export interface Slice {
  /** Keeps a data record when true; `cells` by column name. */
  readonly keep: (cells: Record<string, string>) => boolean;
  readonly limit: number;
}

/**
 * The fixture: a few makers from each file, chosen so some inverters appear in both inverter lists,
 * and some modules and inverters in both editions of theirs (Ablytek 6MN6A280 changes R_sh_ref, the
 * Q.PEAK DUO BLK-G5 modules come back under a renamed maker, two of them in all three module
 * editions); Trina Solar TSM-205DA01A is only in 2019, REC Solar REC385TP2M 72 XV only in 2022.
 */
export const DEFAULT_SLICES: Record<string, Slice> = {
  'cec-modules': {
    keep: (c) =>
      /^(Ablytek 6MN6A2[78]|Trina Solar TSM-20|Hanwha Q CELLS Q\.PEAK DUO|Canadian Solar Inc\. CS6P-25)/.test(c.Name),
    limit: 60,
  },
  // The edition between them: the same Q.PEAK DUO BLK-G5 modules under their 2019 name, and a model only 2022 lists.
  'cec-modules-2022': {
    keep: (c) => /^(Hanwha Q CELLS Q\.PEAK DUO BLK-G5 3[01]0$|REC Solar REC385TP2M 72 XV$)/.test(c.Name),
    limit: 10,
  },
  'cec-modules-2024': {
    keep: (c) => /^(Ablytek 6MN6A2[78]|Qcells North America Q\.PEAK DUO BLK-G5|Jinko Solar Co\. Ltd JKM4)/.test(c.Name),
    limit: 30,
  },
  'cec-inverters': {
    keep: (c) => /^(ABB: MICRO|ABB: PVI-3\.0-OUTD-S-US-A|Huawei Technologies)/.test(c.Name),
    limit: 30,
  },
  'cec-inverters-2024': { keep: (c) => /^(ABB: PVI-3\.0-OUTD-S-US-A|Huawei Technologies)/.test(c.Name), limit: 20 },
  'adr-inverters': { keep: (c) => /^(ABB|Huawei Technologies)/.test(c.Manufacturer), limit: 30 },
  'sandia-modules': { keep: (c) => /^(Advent|Trina)/.test(c.Name), limit: 10 },
  'hplib-heat-pumps': { keep: (c) => /^(Advantix|Viessmann)/.test(c.Manufacturer), limit: 12 },
};

export interface Edit {
  readonly sourceId: string;
  readonly match: (cells: Record<string, string>) => boolean;
  readonly column: string;
  readonly value: string;
}

/** A real module of the fixture, its identity key, and the edit that gives it another STC power. */
export const TRINA = 'Trina Solar TSM-205DA01A';
export const TRINA_KEY = `pv-module|${TRINA.toLowerCase()}`;
export const trinaStc = (value: string): Edit => ({
  sourceId: 'cec-modules',
  match: (c) => c.Name === TRINA,
  column: 'STC',
  value,
});

const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** A source file's header rows and the data records one slice keeps, before any edit. */
interface Sliced {
  readonly header: readonly string[];
  readonly headerRows: readonly (readonly string[])[];
  readonly kept: readonly (readonly string[])[];
}

/** What a source the slices do not name keeps: its header rows only. */
const NOTHING: Slice = { keep: () => false, limit: 0 };

/**
 * Slices already cut in this process, by slice and source file. About 30 files each write the fixture,
 * and parsing the committed files for it costs about 1.2 s of CPU a time (17 MB of CSV, every record
 * made an object for `keep`); a slice is a fixed object, so the same slice keeps the same records.
 */
const cut = new WeakMap<Slice, Map<string, Sliced>>();

function sliced(file: string, headerRows: number, slice: Slice): Sliced {
  let bySlice = cut.get(slice);
  if (!bySlice) cut.set(slice, (bySlice = new Map<string, Sliced>()));
  const known = bySlice.get(file);
  if (known) return known;
  const rows = parseCsv(readFileSync(path.join(DEFAULT_SEED_DIR, 'sources', file), 'utf8'));
  const header = rows[0].cells;
  const made: Sliced = {
    header,
    headerRows: rows.slice(0, headerRows).map((r) => r.cells),
    kept: rows
      .slice(headerRows)
      .map((r) => r.cells)
      .filter((cells) => slice.keep(recordOf(header, cells)))
      .slice(0, slice.limit),
  };
  bySlice.set(file, made);
  return made;
}

const recordOf = (header: readonly string[], cells: readonly string[]) =>
  Object.fromEntries(header.map((h, i) => [h, cells[i]]));

export function writeSources(
  slices: Record<string, Slice> = DEFAULT_SLICES,
  edits: readonly Edit[] = [],
  dir = mkdtempSync(path.join(os.tmpdir(), 'pds-sources-')),
): string {
  for (const source of loadManifest().sources) {
    // A JSON source (HiSim's 39 smart devices) is small: copied whole, as the manifest pins it.
    if (readerOf(source).read) {
      copyFileSync(path.join(DEFAULT_SEED_DIR, 'sources', source.file), path.join(dir, source.file));
      continue;
    }
    // A source the slices do not name keeps its header rows only: a test's own slices stay what they were.
    const { header, headerRows, kept } = sliced(source.file, readerOf(source).headerRows, slices[source.id] ?? NOTHING);
    const edited = kept.map((cells) => {
      const edit = edits.find((e) => e.sourceId === source.id && e.match(recordOf(header, cells)));
      if (!edit) return cells;
      const copy = [...cells];
      copy[header.indexOf(edit.column)] = edit.value;
      return copy;
    });
    const lines = [...headerRows, ...edited].map((cells) => cells.map(quote).join(','));
    writeFileSync(path.join(dir, source.file), `${lines.join('\n')}\n`);
  }
  return dir;
}
