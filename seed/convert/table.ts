// A source CSV: header rows (SAM-library files have three: names, units, SAM variable names; hplib's
// one), then one record a row.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SPECS, type SpecName } from '../../src/catalog/spec-catalog';
import { parseCsv } from './csv';
import { SourceError, type Claim, type Locator } from './claims';
import { parseCell } from './values';

export interface TableRecord {
  readonly record: number;
  readonly line: number;
  cell(column: string): string;
}

export interface Table {
  readonly file: string;
  readonly sourceId: string;
  readonly records: TableRecord[];
}

export function readTable(
  filePath: string,
  sourceId: string,
  requiredColumns: readonly string[],
  headerRows: number,
): Table {
  const file = path.basename(filePath);
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (err) {
    throw new SourceError(file, null, `cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  let rows;
  try {
    rows = parseCsv(text).filter((r) => r.cells.some((c) => c.trim() !== ''));
  } catch (err) {
    throw new SourceError(file, null, (err as Error).message);
  }
  if (rows.length < headerRows)
    throw new SourceError(file, null, `expected ${headerRows} header row${headerRows === 1 ? '' : 's'}`);
  const header = rows[0].cells.map((c) => c.trim());
  const index = new Map(header.map((name, i) => [name, i]));
  const missing = requiredColumns.filter((c) => !index.has(c));
  if (missing.length > 0)
    throw new SourceError(file, null, `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);

  const records = rows.slice(headerRows).map((row, i): TableRecord => {
    const record = i + 1;
    if (row.cells.length !== header.length) {
      throw new SourceError(
        file,
        record,
        `has ${row.cells.length} fields, the header has ${header.length} (line ${row.line})`,
      );
    }
    return { record, line: row.line, cell: (column) => row.cells[index.get(column)!] ?? '' };
  });
  return { file, sourceId, records };
}

export function locate(table: Table, rec: TableRecord, column: string): Locator {
  return { file: table.file, record: rec.record, line: rec.line, column };
}

/** Says that a cell, though not blank, states no value (a source's own convention for "not listed"). */
export type AbsentWhen = (column: string, raw: string) => boolean;

/** Claims for the mapped columns of one record; absent cells make no claim. */
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
      throw new SourceError(table.file, rec.record, `column ${column}: ${(err as Error).message}`);
    }
    if (value === undefined) continue;
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

export function identityClaim(
  table: Table,
  rec: TableRecord,
  field: 'manufacturer' | 'model' | 'name',
  value: string,
  column: string,
  derivation?: string,
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
