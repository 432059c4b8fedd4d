// A JSON source read as a table: one array of objects under a top-level key is the list, each object a
// record and each key a column. The cell is kept as the file writes it (a number's literal, "1099.90"
// stays that, not 1099.9), so a claim's raw value is the file's text and its pointer (RFC 6901) finds it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceError } from './claims';
import { decodeSource, type Table, type TableRecord } from './table';

/** A parsed JSON value with the offsets of its text in the file. */
type Node =
  | { readonly kind: 'object'; readonly start: number; readonly members: ReadonlyMap<string, Node> }
  | { readonly kind: 'array'; readonly start: number; readonly items: readonly Node[] }
  | { readonly kind: 'scalar'; readonly start: number; readonly text: string; readonly value: unknown };

/** Reads the array under `key` of the file's top-level object; every record must carry `required`. */
export function readJsonTable(filePath: string, sourceId: string, key: string, required: readonly string[]): Table {
  const file = path.basename(filePath);
  let bytes: Buffer;
  try {
    bytes = readFileSync(filePath);
  } catch (err) {
    throw new SourceError(file, null, `cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  const text = decodeSource(bytes, file);
  let root: Node;
  try {
    root = new Parser(text).document();
  } catch (err) {
    throw new SourceError(file, null, `is not JSON: ${(err as Error).message}`);
  }
  const list = root.kind === 'object' ? root.members.get(key) : undefined;
  if (list?.kind !== 'array') throw new SourceError(file, null, `has no array "${key}" at the top level`);
  const lineAt = lineIndex(text);
  const records = list.items.map((item, i): TableRecord => {
    const record = i + 1;
    if (item.kind !== 'object') throw new SourceError(file, record, `/${key}/${i} is not an object`);
    const missing = required.filter((c) => !item.members.has(c));
    if (missing.length > 0)
      throw new SourceError(file, record, `missing key${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
    return {
      record,
      line: lineAt(item.start),
      cell: (column) => cellText(item.members.get(column)),
      pointer: (column) => `/${escape(key)}/${i}/${escape(column)}`,
    };
  });
  return { file, sourceId, records, refused: [], refusedCells: [] };
}

/**
 * A value as a cell: a number's literal, a string's text; an absent key, null or an empty array (the
 * table's way of leaving a value out) is blank; anything else its JSON text, which no spec parses.
 */
function cellText(node: Node | undefined): string {
  if (node === undefined) return '';
  if (node.kind === 'scalar') return node.value === null ? '' : typeof node.value === 'string' ? node.value : node.text;
  if (node.kind === 'array' && node.items.length === 0) return '';
  return node.kind === 'array' ? '[…]' : '{…}';
}

/** RFC 6901: "~" and "/" in a key are escaped. */
const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** The 1-based line of an offset. */
function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

const STRING = /"(?:[^"\\]|\\.)*"/y;
const LITERAL = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

/** JSON (RFC 8259) with offsets; JSON.parse checks each scalar's text, so only the structure is walked here. */
class Parser {
  private at = 0;
  constructor(private readonly text: string) {}

  document(): Node {
    const node = this.value();
    this.space();
    if (this.at !== this.text.length) throw this.error('text after the value');
    return node;
  }

  private value(): Node {
    this.space();
    const start = this.at;
    const c = this.text[this.at];
    if (c === '{') return this.object(start);
    if (c === '[') return this.array(start);
    const pattern = c === '"' ? STRING : LITERAL;
    pattern.lastIndex = this.at;
    const m = pattern.exec(this.text);
    if (!m) throw this.error('a value');
    this.at += m[0].length;
    return { kind: 'scalar', start, text: m[0], value: JSON.parse(m[0]) as unknown };
  }

  private object(start: number): Node {
    const members = new Map<string, Node>();
    this.at += 1;
    if (this.peek() === '}') return ((this.at += 1), { kind: 'object', start, members });
    for (;;) {
      const key = this.value();
      if (key.kind !== 'scalar' || typeof key.value !== 'string') throw this.error('a key');
      if (members.has(key.value)) throw this.error(`a key other than "${key.value}" (it is there twice)`);
      if (this.peek() !== ':') throw this.error('":"');
      this.at += 1;
      members.set(key.value, this.value());
      const next = this.peek();
      this.at += 1;
      if (next === '}') return { kind: 'object', start, members };
      if (next !== ',') throw this.error('"," or "}"', this.at - 1);
    }
  }

  private array(start: number): Node {
    const items: Node[] = [];
    this.at += 1;
    if (this.peek() === ']') return ((this.at += 1), { kind: 'array', start, items });
    for (;;) {
      items.push(this.value());
      const next = this.peek();
      this.at += 1;
      if (next === ']') return { kind: 'array', start, items };
      if (next !== ',') throw this.error('"," or "]"', this.at - 1);
    }
  }

  private peek(): string | undefined {
    this.space();
    return this.text[this.at];
  }

  private space(): void {
    while (this.at < this.text.length && ' \t\r\n'.includes(this.text[this.at])) this.at += 1;
  }

  private error(expected: string, at = this.at): Error {
    return new Error(`expected ${expected} at offset ${at}`);
  }
}
