// The reference tables in docs/ that are made from the code, not written by hand: the configuration
// table (docs/operations.md) from the config schema in src/config.ts, and the error table
// (docs/api.md) from the error catalog in src/errors/catalog.ts. Each sits between two markers,
// `<!-- <name>:start -->` and `<!-- <name>:end -->`; tables.test.ts compares and, with UPDATE_DOCS=1,
// rewrites what lies between them.

/** A value a configuration key may take or default to. */
type Scalar = string | number | boolean;

/** One configuration key as the JSON Schema in src/config.ts declares it. */
export interface ConfigProperty {
  readonly description?: string;
  readonly type?: string;
  readonly enum?: readonly Scalar[];
  readonly default?: Scalar;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
}

/** The part of the config schema the table is made from. */
export interface ConfigSchema {
  readonly properties: Readonly<Record<string, ConfigProperty>>;
}

/** One entry of the error catalog. */
export interface CatalogEntry {
  readonly status: number;
  readonly slug: string;
  readonly title: string;
  readonly description: string;
}

/** The command that rewrites the tables after the code changed. */
export const REGENERATE = 'npm run build && UPDATE_DOCS=1 npx mocha --no-config dist/test/unit/docs/tables.test.js';

/** A cell's text: pipes escaped, line breaks flattened, so a value never breaks the table. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

/** Inline code, fenced with enough backticks for any backtick inside. */
function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

function typeOf(p: ConfigProperty): string {
  if (p.type) return p.type;
  if (p.enum && p.enum.length > 0) return typeof p.enum[0];
  return '—';
}

/** The values a key accepts, in words: its enum, bounds, lengths and pattern. */
function allowedOf(p: ConfigProperty): string {
  const parts: string[] = [];
  if (p.enum) parts.push(p.enum.map((v) => code(String(v))).join(', '));
  if (p.minimum !== undefined && p.maximum !== undefined) parts.push(`${p.minimum} to ${p.maximum}`);
  else if (p.minimum !== undefined) parts.push(`≥ ${p.minimum}`);
  else if (p.maximum !== undefined) parts.push(`≤ ${p.maximum}`);
  const characters = (n: number) => `${n} character${n === 1 ? '' : 's'}`;
  if (p.minLength !== undefined && p.maxLength !== undefined)
    parts.push(`${p.minLength} to ${characters(p.maxLength)}`);
  else if (p.minLength !== undefined) parts.push(`at least ${characters(p.minLength)}`);
  else if (p.maxLength !== undefined) parts.push(`at most ${characters(p.maxLength)}`);
  if (p.pattern !== undefined) parts.push(`matches ${code(p.pattern)}`);
  return parts.length > 0 ? parts.join('; ') : '—';
}

/** The configuration table: one row per key, in the schema's order. */
export function configTable(schema: ConfigSchema): string {
  const rows = Object.entries(schema.properties).map(([name, p]) => {
    const byDefault = p.default === undefined ? '—' : code(String(p.default));
    return `| ${code(name)} | ${typeOf(p)} | ${cell(byDefault)} | ${cell(allowedOf(p))} | ${cell(p.description ?? '—')} |`;
  });
  return ['| variable | type | default | accepts | meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** The error table: one row per catalog entry, in the catalog's order, each type with its anchor (`api.md#<slug>`). */
export function errorTable(errors: Readonly<Record<string, CatalogEntry>>, typeBase = '/problems/'): string {
  const rows = Object.entries(errors).map(
    ([name, e]) =>
      `| ${code(name)} | ${e.status} | <a id="${e.slug}"></a>${code(typeBase + e.slug)} | ${cell(e.title)} | ${cell(e.description)} |`,
  );
  return ['| code | status | type | title | when |', '|---|---|---|---|---|', ...rows].join('\n');
}

const START = (name: string) => `<!-- ${name}:start -->`;
const END = (name: string) => `<!-- ${name}:end -->`;

/** What lies between the markers named `name`, or undefined when the text lacks them (or has them out of order). */
export function between(text: string, name: string): string | undefined {
  const start = text.indexOf(START(name));
  const end = text.indexOf(END(name));
  if (start < 0 || end < start) return undefined;
  return text.slice(start + START(name).length, end);
}

/** How a generated table sits between its markers: on lines of its own. */
export function framed(table: string): string {
  return `\n${table}\n`;
}

/** `text` with what lies between the markers named `name` replaced by `table`; throws when the markers are missing. */
export function replaceBetween(text: string, name: string, table: string): string {
  if (between(text, name) === undefined)
    throw new Error(`the markers ${START(name)} and ${END(name)} are missing or out of order`);
  const start = text.indexOf(START(name)) + START(name).length;
  return text.slice(0, start) + framed(table) + text.slice(text.indexOf(END(name)));
}
