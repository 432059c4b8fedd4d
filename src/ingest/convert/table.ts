// A source CSV: header rows (SAM-library files have three: names, units, SAM variable names; hplib's
// one), then one record a row.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SPECS, type SpecName } from '../../catalog/spec-catalog';
import { parseCsv, type CsvRow } from '../../shared/csv';
import { SourceError, type Claim, type Locator } from './claims';
import { parseCell } from './values';
import { outsideRange } from '../../catalog/physical-ranges';

export interface TableRecord {
  readonly record: number;
  readonly line: number;
  cell(column: string): string;
  /** Where a column's value stands in a JSON source (RFC 6901 pointer); a CSV's cells need none. */
  pointer?(column: string): string;
}

export interface Table {
  readonly file: string;
  readonly sourceId: string;
  readonly records: TableRecord[];
  /** Records left out: those the manifest refuses (with its reason), and in a lenient read the malformed ones. */
  readonly refused: readonly RefusedRecord[];
  /** Cells that could not be read or lie outside their physical range (filled in as records are converted). */
  readonly refusedCells: RefusedCell[];
}

/** A cell that is not a value: malformed, or outside what the physics allows (src/catalog/physical-ranges.ts). */
export interface RefusedCell {
  readonly record: number;
  readonly line: number;
  readonly column: string;
  readonly field: SpecName;
  readonly reason: string;
}

export interface RefusedRecord {
  readonly record: number;
  readonly line: number;
  readonly reason: string;
}

export interface ReadOptions {
  /** Records to leave out, with why (numbering is kept: the others keep their record numbers). */
  readonly refuse?: ReadonlyMap<number, string>;
  /** Collect rows of the wrong field count as refused instead of stopping (an import's check). */
  readonly lenient?: boolean;
  /** How the file's bytes are text: UTF-8 (strict: invalid bytes stop the read) or latin-1. */
  readonly encoding?: 'utf8' | 'latin1';
}

/** The file's text; UTF-8 is decoded strictly, so a file in another encoding is named, not garbled. */
export function decodeSource(bytes: Buffer, file: string, encoding: 'utf8' | 'latin1' = 'utf8'): string {
  if (encoding === 'latin1') return bytes.toString('latin1');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    throw new SourceError(
      file,
      null,
      `is not UTF-8: byte ${at} (0x${bytes[at].toString(16)}, line ${bytes.subarray(0, at).toString('latin1').split('\n').length}) ` +
        'is not valid UTF-8; convert the file (for latin-1: iconv -f latin1 -t utf-8)',
    );
  }
}

function firstInvalidUtf8(bytes: Buffer): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let lo = 0;
  let hi = bytes.length;
  // The shortest prefix that fails to decode ends at the first invalid byte (a cut sequence decodes as invalid too).
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    try {
      decoder.decode(bytes.subarray(0, mid + 1));
      lo = mid + 1;
    } catch {
      hi = mid;
    }
  }
  return Math.min(lo, bytes.length - 1);
}

/** A source CSV to read: where it is, whose it is, its shape, and how to read it (ReadOptions). */
export interface TableFile extends ReadOptions {
  /** The file's path. */
  readonly filePath: string;
  /** The manifest's id of the source (an edition of a list). */
  readonly sourceId: string;
  /** Columns the reader needs: a header without one stops the read. */
  readonly requiredColumns: readonly string[];
  /** Header rows before the first record. */
  readonly headerRows: number;
}

export function readTable({ filePath, sourceId, requiredColumns, headerRows, ...options }: TableFile): Table {
  const file = path.basename(filePath);
  let bytes: Buffer;
  try {
    bytes = readFileSync(filePath);
  } catch (err) {
    throw new SourceError(file, null, `cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  const rows = csvRows(decodeSource(bytes, file, options.encoding), file);
  return tableOfRows(rows, { file, sourceId, requiredColumns, headerRows, ...options });
}

/** A source's text as CSV rows, blank rows left out; a text that is not CSV is named by its file. */
export function csvRows(text: string, file: string): CsvRow[] {
  try {
    return parseCsv(text).filter((r) => r.cells.some((c) => c.trim() !== ''));
  } catch (err) {
    throw new SourceError(file, null, (err as Error).message);
  }
}

/** Rows already parsed, as a table: the file's name and the rest of what readTable reads it with. */
export interface ParsedTable extends Omit<TableFile, 'filePath'> {
  readonly file: string;
}

/** A table of rows already parsed (readTable's, or a check's that parsed the file once for all it asks). */
export function tableOfRows(
  rows: readonly CsvRow[],
  { file, sourceId, requiredColumns, headerRows, ...options }: ParsedTable,
): Table {
  if (rows.length < headerRows)
    throw new SourceError(file, null, `expected ${headerRows} header row${headerRows === 1 ? '' : 's'}`);
  const header = rows[0].cells.map((c) => c.trim());
  const index = new Map(header.map((name, i) => [name, i]));
  const missing = requiredColumns.filter((c) => !index.has(c));
  if (missing.length > 0)
    throw new SourceError(file, null, `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);

  const records: TableRecord[] = [];
  const refused: RefusedRecord[] = [];
  rows.slice(headerRows).forEach((row, i) => {
    const record = i + 1;
    const because = options.refuse?.get(record);
    if (because !== undefined) return void refused.push({ record, line: row.line, reason: because });
    if (row.cells.length !== header.length) {
      const reason = `has ${row.cells.length} fields, the header has ${header.length} (line ${row.line})`;
      if (!options.lenient) throw new SourceError(file, record, reason);
      return void refused.push({ record, line: row.line, reason });
    }
    records.push({ record, line: row.line, cell: (column) => row.cells[index.get(column)!] ?? '' });
  });
  return { file, sourceId, records, refused, refusedCells: [] };
}

export function locate(table: Table, rec: TableRecord, column: string): Locator {
  return {
    file: table.file,
    record: rec.record,
    line: rec.line,
    column,
    ...(rec.pointer ? { pointer: rec.pointer(column) } : {}),
  };
}

/** Says that a cell, though not blank, states no value (a source's own convention for "not listed"). */
export type AbsentWhen = (column: string, raw: string) => boolean;

/**
 * Claims for the mapped columns of one record; absent cells make no claim. A cell that cannot be read,
 * or whose value lies outside its physical range, makes no claim either: it is a refused cell, kept on
 * the table with its row, column and reason, and the product keeps the value it had (editions.ts).
 */
export function specClaims(
  table: Table,
  rec: TableRecord,
  columns: Readonly<Record<string, SpecName>>,
  absentWhen: AbsentWhen = () => false,
): Claim[] {
  const claims: Claim[] = [];
  for (const [column, spec] of Object.entries(columns)) {
    const raw = rec.cell(column);
    if (absentWhen(column, raw)) continue;
    let value;
    try {
      value = parseCell(spec, raw);
    } catch (err) {
      table.refusedCells.push({
        record: rec.record,
        line: rec.line,
        column,
        field: spec,
        reason: (err as Error).message,
      });
      continue;
    }
    if (value === undefined) continue;
    const outside = outsideRange(spec, value);
    if (outside !== undefined) {
      table.refusedCells.push({ record: rec.record, line: rec.line, column, field: spec, reason: outside });
      continue;
    }
    const unit = (SPECS[spec] as { unit?: string }).unit;
    claims.push({
      field: spec,
      value,
      ...(unit ? { unit } : {}),
      raw,
      source_id: table.sourceId,
      locator: locate(table, rec, column),
      method: 'reported',
    });
  }
  return claims;
}

/** An identity value of a record: which field, its value, the column it stands in, and how it was derived if it was. */
export interface IdentityCell {
  readonly field: 'manufacturer' | 'model' | 'name';
  readonly value: string;
  /** The column whose cell is the raw text. */
  readonly column: string;
  /** How the value was derived from the cell; absent when it is the cell as reported. */
  readonly derivation?: string;
}

export function identityClaim(
  table: Table,
  rec: TableRecord,
  { field, value, column, derivation }: IdentityCell,
): Claim {
  return {
    field,
    value,
    raw: rec.cell(column),
    source_id: table.sourceId,
    locator: locate(table, rec, column),
    method: derivation ? 'derived' : 'reported',
    ...(derivation ? { derivation } : {}),
  };
}
