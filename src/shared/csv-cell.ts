// Every CSV the service emits is written through these two functions, so a text cell that a
// spreadsheet would run as a formula never reaches one as a formula (OWASP, "CSV Injection"): a text
// starting with =, +, -, @, a tab or a carriage return is prefixed with a single quote, which
// spreadsheets show as text. A number (or a text that is exactly a number, such as "-0.35" or "+1e3")
// is written as it is: neutralising it would turn a value into text.

/** The characters a spreadsheet reads as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A decimal number written whole: it is data, never a formula, whatever sign it starts with. */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** Cells holding these are quoted (RFC 4180). */
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | null | undefined;

/** One cell, neutralised and quoted as needed. Blank for null and undefined. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, ended by CRLF (RFC 4180). */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
