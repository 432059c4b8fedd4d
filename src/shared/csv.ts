// RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks. Each row keeps the
// file line it starts on, so every value can be located in the file by a person.

export interface CsvRow {
  /** 1-based line of the file where the row starts. */
  readonly line: number;
  readonly cells: string[];
}

/** Texts parsed so far in this process and their characters: how a caller shows it parsed a file once. */
const parsed = { texts: 0, chars: 0 };

/** How many texts parseCsv has parsed in this process, and how many characters they held. */
export function csvParsed(): { readonly texts: number; readonly chars: number } {
  return { ...parsed };
}

export function parseCsv(text: string): CsvRow[] {
  parsed.texts++;
  parsed.chars += text.length;
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === '') {
      quoted = true;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      line++;
      rowLine = line;
    } else {
      cell += ch;
    }
  }
  if (quoted) throw new Error(`unterminated quoted field starting on line ${rowLine}`);
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
  }
  return rows;
}
