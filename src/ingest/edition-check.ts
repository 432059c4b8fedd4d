// Checks a file an operator offers as a new edition of a list before anything is written: that it is
// text in the list's encoding, has the list's header and units, is whole (not cut mid-row), is about
// as long as the list's newest edition, and which rows cannot be read (refused, with the reason) or
// name one product twice. A file that is not what it claims is refused with what gives it away.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../shared/csv';
import { READERS, type Reader } from './convert/readers';
import { decodeSource, readTable, type RefusedCell } from './convert/table';
import { ManufacturerDeriver } from './convert/manufacturer';
import { SourceError } from './convert/claims';
import type { Manifest, ManifestPackage, ManifestSource } from './convert';

/** The limits a new edition is held to, each with why (docs/operations.md "Importing a new edition"). */
export const EDITION_LIMITS = {
  /** A list does not halve from one edition to the next; a file that short was cut or is a sample. */
  minShareOfNewest: 0.5,
  /** Nor does it double: a file that long is another list, or rows repeated. */
  maxGrowthOfNewest: 2,
  /**
   * Refusals (rows and cells) one by one are the odd damaged row; more than this is a file of another
   * shape. `--accept-refusals N` raises it to N for one import.
   */
  maxRefusals: 50,
  /**
   * Hard caps, checked from the file's size and a streamed count of its lines before it is read:
   * the largest list we read is 5.4 MB and 21,538 lines; a file over either is not read at all
   * (a 60 MB file of 410,548 rows grew the command to 3.6 GB; the check of a file at the line cap
   * peaks at about 0.4 GB). No flag lifts them.
   */
  maxBytes: 16 * 1024 * 1024,
  maxLines: 50_000,
} as const;

export class EditionRefusedError extends Error {}

/** What the operator accepts beyond the limits for one import. */
export interface EditionAcceptance {
  /** A row count more than a factor of 2 from the newest edition's (--accept-size-change). */
  readonly sizeChange?: boolean;
  /** Up to this many refused rows and cells (--accept-refusals N). */
  readonly refusals?: number;
}

export interface EditionCheck {
  /** The manifest entry the edition is read by (and registered as). */
  readonly source: ManifestSource;
  readonly package: ManifestPackage;
  /** Already registered with this very file: importing it again changes nothing. */
  readonly registered: boolean;
  readonly records: number;
  readonly refused: readonly { readonly record: number; readonly reason: string }[];
  /** Cells not read (unreadable, or outside their physical range): the product keeps its value for the field. */
  readonly refusedCells: readonly RefusedCell[];
  /** Identity keys that more than one row names (kept: the later row's values are the product's). */
  readonly repeated: readonly { readonly key: string; readonly records: readonly number[] }[];
}

/** An offered file: the list and edition it claims to be, the manifest it joins, and what the operator accepts. */
export interface EditionOffer {
  /** The file offered. */
  readonly filePath: string;
  /** The list it is an edition of. */
  readonly list: string;
  /** Its edition, a date written YYYY-MM-DD. */
  readonly edition: string;
  /** The manifest it would join. */
  readonly manifest: Manifest;
  /** Where the manifest's sources lie (the newest edition is read from there to compare). */
  readonly sourcesDir: string;
  /** What the operator accepts beyond the limits. */
  readonly accept?: EditionAcceptance;
}

/** An offer under check, with the one way it is refused. */
interface Checking extends EditionOffer {
  readonly refuse: (why: string) => never;
}

/** The list's editions already known, and its newest. */
interface Known {
  readonly editions: readonly ManifestSource[];
  readonly newest: ManifestSource;
}

/** The offered file read leniently: rows refused (by record), identity keys, cells refused, rows read. */
interface ReadRows {
  readonly refused: ReadonlyMap<number, string>;
  readonly records: readonly { key: string; record: number }[];
  readonly refusedCells: RefusedCell[];
  readonly count: number;
}

/**
 * The checks in the order an operator meets them: the list and edition named, the file's size, its
 * place among the editions, its shape (encoding, header, units, whole), its rows, then its length.
 */
export function checkEdition(offer: EditionOffer): EditionCheck {
  const o: Checking = { ...offer, refuse: refusalOf(offer) };
  const known = knownEditions(o);
  const bytes = readOffered(o);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const same = placeAmong(o, known, sha256);
  const reader = checkShape(o, bytes, known.newest);
  const id = same?.id ?? `${o.list}-${o.edition}`;
  const rows = readRows(o, { id, reader, newest: known.newest });
  checkLength(o, { reader, newest: known.newest, count: rows.count });
  return described(o, { same, newest: known.newest, sha256, id, rows });
}

function refusalOf({ filePath, list, edition }: EditionOffer): (why: string) => never {
  return (why) => {
    throw new EditionRefusedError(`${path.basename(filePath)} is not imported as ${list} edition ${edition}: ${why}`);
  };
}

/** The list named exists and the edition is a date; its newest edition is what the file is held against. */
function knownEditions({ manifest, list, edition, refuse }: Checking): Known {
  const editions = manifest.sources.filter((s) => s.list === list);
  if (editions.length === 0)
    refuse(`no list is called ${list}; the lists are ${[...new Set(manifest.sources.map((s) => s.list))].join(', ')}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(edition) || Number.isNaN(Date.parse(edition)))
    refuse('the edition is a date written YYYY-MM-DD');
  const newest = [...editions].sort((a, b) => b.edition.localeCompare(a.edition))[0];
  return { editions, newest };
}

/** The file's bytes, once its size and lines are within the hard caps. */
function readOffered({ filePath, refuse }: Checking): Buffer {
  checkSize(filePath, refuse);
  try {
    return readFileSync(filePath);
  } catch (err) {
    return refuse(`cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}

/** The edition already registered with this very file, if it is; else the file must be new and newer. */
function placeAmong(o: Checking, { editions, newest }: Known, sha256: string): ManifestSource | undefined {
  const { manifest, list, edition, filePath, refuse } = o;
  const same = editions.find((s) => s.edition === edition);
  if (same && same.sha256 !== sha256)
    refuse(`${list} already has edition ${edition} (${same.file}, sha256 ${same.sha256}); this file differs`);
  const namesake = manifest.sources.find((s) => path.basename(s.file) === path.basename(filePath));
  if (!same && namesake)
    refuse(`${namesake.list} edition ${namesake.edition} was read from a file of this name; rename the file`);
  if (!same && edition <= newest.edition)
    refuse(`the newest edition of ${list} is ${newest.edition}; an import adds a newer one`);
  return same;
}

/** A CSV list's file, in its encoding, with its header and units, not cut mid-row; returns the list's reader. */
function checkShape(o: Checking, bytes: Buffer, newest: ManifestSource): Reader {
  const { list, filePath, sourcesDir, refuse } = o;
  const reader: Reader = READERS[newest.reader];
  if (reader.read) refuse(`${list} is read from JSON (${newest.file}); only CSV lists are imported so far`);
  const text = decode(bytes, filePath, newest.encoding, refuse);
  const rows = parseCsv(text).filter((r) => r.cells.some((c) => c.trim() !== ''));
  const header = (rows[0]?.cells ?? []).map((c) => c.trim());
  checkHeader(o, header, reader);
  if (reader.headerRows > 1)
    checkUnits({ header, units: rows[1]?.cells ?? [], newestFile: path.join(sourcesDir, newest.file), reader, refuse });
  if (!/\n\s*$/.test(text)) {
    const last = rows[rows.length - 1];
    if (last && last.cells.length !== header.length)
      refuse(
        `it is truncated: its last row (line ${last.line}) has ${last.cells.length} of ${header.length} fields and the file ends without a line break`,
      );
  }
  return reader;
}

/** The header has the list's columns; one that has another list's is named as that list's. */
function checkHeader({ manifest, list, refuse }: Checking, header: readonly string[], reader: Reader): void {
  const missing = reader.required.filter((c) => !header.includes(c));
  if (missing.length === 0) return;
  const looksLike = Object.entries(READERS)
    .filter(([, r]) => r.required.every((c) => header.includes(c)))
    .flatMap(([name]) => manifest.sources.filter((s) => s.reader === name).map((s) => s.list));
  refuse(
    looksLike.length > 0 && !looksLike.includes(list)
      ? `its header is that of ${[...new Set(looksLike)].join(' or ')}, not ${list}`
      : `its header lacks the list's column${missing.length > 1 ? 's' : ''} ${missing.slice(0, 8).join(', ')}${missing.length > 8 ? ` and ${missing.length - 8} more` : ''}`,
  );
}

/**
 * The file read as the list's reader reads it, a row that stops the read refused and the read run
 * again, until it goes through or the refusals pass what is allowed.
 */
function readRows(
  o: Checking,
  { id, reader, newest }: { id: string; reader: Reader; newest: ManifestSource },
): ReadRows {
  const { filePath, accept = {}, refuse } = o;
  const refused = new Map<number, string>();
  const allowed = accept.refusals ?? EDITION_LIMITS.maxRefusals;
  const tooMany = (cells: readonly RefusedCell[]) => {
    const first = [...refused.values()][0] ?? (cells[0] && `${cells[0].column}: ${cells[0].reason}`);
    refuse(
      `${refused.size} rows and ${cells.length} cells cannot be read, more than the ${allowed} refusals allowed (the first: ${first}); ` +
        `it is not a file of this list's shape (pass --accept-refusals N to accept up to N)`,
    );
  };
  for (;;) {
    if (refused.size > allowed) tooMany([]);
    try {
      const table = readTable({
        filePath,
        sourceId: id,
        requiredColumns: reader.required,
        headerRows: reader.headerRows,
        lenient: true,
        refuse: refused,
        encoding: newest.encoding,
      });
      for (const r of table.refused) if (!refused.has(r.record)) refused.set(r.record, r.reason);
      const records = reader.convert(table, new ManufacturerDeriver(reader.derivedNames?.(table) ?? []));
      if (refused.size + table.refusedCells.length > allowed) tooMany(table.refusedCells);
      return { refused, records, refusedCells: table.refusedCells, count: table.records.length };
    } catch (err) {
      if (!(err instanceof SourceError) || err.record === null || refused.has(err.record)) throw err;
      refused.set(err.record, err.message.slice(err.message.indexOf(': ') + 2));
    }
  }
}

/** About as many readable rows as the newest edition: neither half nor double, unless the operator accepts it. */
function checkLength(
  { sourcesDir, accept = {}, refuse }: Checking,
  { reader, newest, count }: { reader: Reader; newest: ManifestSource; count: number },
): void {
  const newestCount = readTable({
    filePath: path.join(sourcesDir, newest.file),
    sourceId: newest.id,
    requiredColumns: reader.required,
    headerRows: reader.headerRows,
    refuse: new Map((newest.refused_records ?? []).map((r) => [r.record, r.reason])),
    encoding: newest.encoding,
  }).records.length;
  if (count < newestCount * EDITION_LIMITS.minShareOfNewest && !accept.sizeChange)
    refuse(
      `it has ${count} readable rows, under half the ${newestCount} of edition ${newest.edition}; a list does not halve between editions (pass --accept-size-change if it did)`,
    );
  if (count > newestCount * EDITION_LIMITS.maxGrowthOfNewest && !accept.sizeChange)
    refuse(
      `it has ${count} readable rows, over twice the ${newestCount} of edition ${newest.edition}; a list does not double between editions (pass --accept-size-change if it did)`,
    );
}

/** The check's answer: the edition as it would be registered (or is), its package, and what was refused or repeated. */
function described(
  { filePath, list, edition }: Checking,
  found: { same?: ManifestSource; newest: ManifestSource; sha256: string; id: string; rows: ReadRows },
): EditionCheck {
  const { same, newest, sha256, id, rows } = found;
  const byKey = new Map<string, number[]>();
  for (const r of rows.records) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r.record]);
  const packageKey = `import:${id}`;
  const refusedList = [...rows.refused]
    .map(([record, reason]) => ({ record, reason }))
    .sort((a, b) => a.record - b.record);
  return {
    registered: same !== undefined,
    source: same ?? {
      ...newest,
      id,
      edition,
      package: packageKey,
      // Read from where it lies; registered as imports/<its name> (claims locate cells by the file's name).
      file: path.resolve(filePath),
      path_in_package: path.basename(filePath),
      sha256,
      title: `${list} edition ${edition}, imported from ${path.basename(filePath)}`,
      url: `file:${path.basename(filePath)}`,
      ...(refusedList.length > 0 ? { refused_records: refusedList } : {}),
    },
    package: {
      name: `imported file ${path.basename(filePath)}`,
      version: edition,
      wheel: '',
      wheel_sha256: sha256,
      licence: newest.licence,
    },
    records: rows.count,
    refused: refusedList,
    refusedCells: rows.refusedCells,
    repeated: [...byKey]
      .filter(([, at]) => new Set(at).size > 1)
      .map(([key, at]) => ({ key, records: [...new Set(at)] })),
  };
}

function decode(bytes: Buffer, filePath: string, encoding: ManifestSource['encoding'], refuse: (why: string) => never) {
  try {
    return decodeSource(bytes, path.basename(filePath), encoding);
  } catch (err) {
    return refuse((err as Error).message.replace(/^[^:]+: /, 'it '));
  }
}

/** The units row and what it is held against: the list's newest edition's file, read by its reader. */
interface UnitsRow {
  readonly header: readonly string[];
  readonly units: readonly string[];
  readonly newestFile: string;
  readonly reader: Reader;
  readonly refuse: (why: string) => never;
}

/** The units row (SAM files' second row) must give each column the unit the list's newest edition gives it. */
function checkUnits({ header, units, newestFile, reader, refuse }: UnitsRow): void {
  const known = parseCsv(readFileSync(newestFile, 'latin1').split('\n').slice(0, 3).join('\n'));
  const knownHeader = known[0].cells.map((c) => c.trim());
  const knownUnits = known[1]?.cells ?? [];
  const differ = reader.required.filter(
    (c) => (units[header.indexOf(c)] ?? '').trim() !== (knownUnits[knownHeader.indexOf(c)] ?? '').trim(),
  );
  if (differ.length > 0)
    refuse(
      `its units row differs from the list's: ${differ
        .slice(0, 5)
        .map(
          (c) =>
            `${c} in '${(units[header.indexOf(c)] ?? '').trim()}', not '${(knownUnits[knownHeader.indexOf(c)] ?? '').trim()}'`,
        )
        .join('; ')}`,
    );
}

/** Lines of a file, counted in 1 MiB chunks: nothing of it is held. */
function countLines(filePath: string): number {
  const fd = openSync(filePath, 'r');
  try {
    const chunk = Buffer.alloc(1024 * 1024);
    let lines = 0;
    let last = 0x0a;
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) {
      for (let i = 0; i < n; i++) if (chunk[i] === 0x0a) lines++;
      last = chunk[n - 1];
    }
    return last === 0x0a ? lines : lines + 1;
  } finally {
    closeSync(fd);
  }
}

/** The hard caps, from the file's size and its lines, before it is read. */
function checkSize(filePath: string, refuse: (why: string) => never) {
  let bytes: number;
  try {
    bytes = statSync(filePath).size;
  } catch (err) {
    return refuse(`cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
  if (bytes > EDITION_LIMITS.maxBytes)
    refuse(`it is ${mb(bytes)}, over the ${mb(EDITION_LIMITS.maxBytes)} an edition may be; it was not read`);
  const lines = countLines(filePath);
  if (lines > EDITION_LIMITS.maxLines)
    refuse(`it has ${lines} lines, over the ${EDITION_LIMITS.maxLines} an edition may have; it was not read`);
}
