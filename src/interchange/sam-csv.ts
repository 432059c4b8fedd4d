// SAM's CSV library format, written from a source file's own cells: the three header rows (names,
// units, SAM variable names) and each record as the file printed it, so pvlib's retrieve_sam reads
// the same values from the export as from the file (pd.read_csv(..., index_col=0, skiprows=[1, 2])).
// Pure: text in, text out.
import { parseCsv } from '../shared/csv';
import { SAM_HEADER_ROWS } from '../catalog/sam-lists';

/** A SAM library file: its header lines and its data records' lines, each cell as printed (no newline). */
export interface SamFile {
  readonly header: readonly (readonly string[])[];
  /** By record number (1-based, counted as the seed counts them: blank rows skipped, headers not counted). */
  readonly lines: ReadonlyMap<number, string>;
}

/** A number as pandas reads one (sign, digits, point, exponent; inf and nan too). */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$|^[+-]?(inf|infinity|nan)$/i;

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first)
 * gets a leading apostrophe; numbers never do (`-0.5` stays a number). No text cell of the lists
 * starts so (checked on every cell of the seven SAM files), so what pvlib reads of a real row is
 * unchanged; only a hostile cell is defused.
 */
export function neutralised(cell: string): string {
  if (!/^[=+\-@\t\r]/.test(cell) || NUMBER.test(cell.trim())) return cell;
  return `'${cell}`;
}

/** One CSV field: quoted only when it must be (RFC 4180), so the reader sees the cell as printed. */
export function csvField(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** One CSV line of cells, without its newline. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((c) => csvField(neutralised(c))).join(',');
}

/**
 * Reads a SAM library file's text into its header rows and its records' lines by number. Lines,
 * not cells, are kept: a file's lines take about its size in memory, its cells several times that.
 */
export function readSamFile(text: string): SamFile {
  const rows = parseCsv(text).filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (rows.length < SAM_HEADER_ROWS) throw new Error(`a SAM library file has ${SAM_HEADER_ROWS} header rows`);
  const lines = new Map<number, string>();
  rows.slice(SAM_HEADER_ROWS).forEach((row, i) => lines.set(i + 1, csvLine(row.cells)));
  return { header: rows.slice(0, SAM_HEADER_ROWS).map((r) => r.cells), lines };
}

/** The header rows, with an extra last column when `extra` names one (its units and SAM name blank). */
export function headerText(file: SamFile, extra?: string): string {
  return file.header.map((row, i) => `${csvLine(extra ? [...row, i === 0 ? extra : ''] : row)}\n`).join('');
}

/** A record's line, with the extra column's value last when given. */
export function recordText(line: string, extra?: string): string {
  return extra === undefined ? `${line}\n` : `${line},${csvField(neutralised(extra))}\n`;
}
