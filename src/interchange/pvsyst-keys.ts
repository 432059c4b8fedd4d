// A PVsyst file as a tree of keys, each with its class and where its value comes from, and the text
// PVsyst (and pvlib.iotools.read_panond) reads: `Key=value` lines, two spaces of indent per level, a
// block opened by a key whose next lines are indented and closed by its `End of ...` line.
//
// The classes: sourced (copied from one cell of a source record, cited), mapped (a cell's value in
// PVsyst's vocabulary), derived (computed; the method and its inputs named), default (PVsyst's own
// default or the format's fixed value, written and marked). A value that is unknown has no key at all:
// never `nan`, never a guess; the file's JSON twin lists it with what the user must supply.
import type { Provenance } from '../catalog/provenance';

export type KeyClass = 'sourced' | 'mapped' | 'derived' | 'default';

export interface Cited {
  /** The service's spec name the value was read from. */
  readonly spec: string;
  readonly provenance: Provenance;
}

export interface Key {
  readonly key: string;
  /** A number, text, or a list of numbers (printed comma-separated, as PVsyst writes profile points). */
  readonly value: number | string | readonly number[];
  readonly class: KeyClass;
  /** The cells the value comes from (sourced, mapped, and the inputs of a derived value). */
  readonly from?: readonly Cited[];
  /** How a derived, mapped or default value was got (a unit change of a sourced one, too). */
  readonly method?: string;
  /** Digits after the decimal point it is printed with (default: shortest exact form). */
  readonly decimals?: number;
}

export interface Block {
  readonly key: string;
  readonly value: string;
  /** The closing line, without its indent: `End of PVObject pvCommercial`. */
  readonly end: string;
  readonly class: KeyClass;
  readonly method: string;
  readonly children: readonly Node[];
}

export type Node = Key | Block;

/** A value that must be supplied by the user: the key PVsyst would want, and why it is not written. */
export interface Unknown {
  readonly key: string;
  readonly why: string;
}

export const isBlock = (n: Node): n is Block => 'children' in n;

/** One value in the file's notation: no `nan`, no exponent PVsyst would misread, no separator characters. */
export function printValue(value: Key['value'], decimals?: number): string {
  if (typeof value === 'string') return textValue(value);
  if (typeof value === 'number') return printNumber(value, decimals);
  return value.map((v) => printNumber(v, decimals)).join(',');
}

function printNumber(v: number, decimals?: number): string {
  if (!Number.isFinite(v)) throw new Error(`a PVsyst key cannot hold ${v}`);
  if (decimals !== undefined) return v.toFixed(decimals);
  if (Number.isInteger(v)) return String(v);
  const text = String(v);
  // Plain decimal notation for the small and large values JavaScript would print with an exponent.
  if (!/e/i.test(text)) return text;
  return v.toFixed(Math.min(20, Math.max(0, 1 - Math.floor(Math.log10(Math.abs(v))) + 6))).replace(/0+$/, '');
}

/** Text on a key's line: read_panond splits a value on `=` and `,`, so neither may appear in it. */
export function textValue(text: string): string {
  return ascii(text)
    .replaceAll('=', ':')
    .replaceAll(',', ';')
    .replaceAll(/[\r\n\t]+/g, ' ')
    .trim();
}

const ASCII: Readonly<Record<string, string>> = {
  '°': 'deg',
  '²': '2',
  '×': 'x',
  '−': '-',
  '–': '-',
  '·': '.',
  Σ: 'sum',
  '|': '|',
};

/** The file is ASCII: PVsyst reads it in the Windows code page, pvlib in the locale's. */
function ascii(text: string): string {
  return text.normalize('NFKD').replaceAll(/[^ -~]/gu, (ch) => ASCII[ch] ?? '');
}

/** The file's lines. */
export function render(root: Block): string {
  const lines: string[] = [];
  const walk = (node: Node, depth: number) => {
    const indent = '  '.repeat(depth);
    if (!isBlock(node)) {
      lines.push(`${indent}${node.key}=${printValue(node.value, node.decimals)}`);
      return;
    }
    lines.push(`${indent}${node.key}=${textValue(node.value)}`);
    for (const child of node.children) walk(child, depth + 1);
    lines.push(`${indent}${node.end}`);
  };
  walk(root, 0);
  // read_panond never reads a file's last line; PVsyst ends its files with a line break.
  return `${lines.join('\r\n')}\r\n`;
}

/** Every key of the tree with its path (`PVObject_/PVObject_Commercial/Model`), blocks included. */
export function flatten(root: Block): { path: string; node: Node }[] {
  const out: { path: string; node: Node }[] = [];
  const walk = (node: Node, prefix: string) => {
    const path = prefix ? `${prefix}/${node.key}` : node.key;
    out.push({ path, node });
    if (isBlock(node)) for (const child of node.children) walk(child, path);
  };
  walk(root, '');
  return out;
}

/** A key copied from a spec: which key, from which spec and cell, and how it is written. */
export interface SpecCopy {
  /** The file's key. */
  readonly key: string;
  /** The product's spec it is copied from. */
  readonly spec: string;
  /** The value written (scaled already when the file's unit differs). */
  readonly value: number | string;
  /** The spec's provenance: its cell, or the service's derivation. */
  readonly provenance: Provenance;
  /** How the value was brought to the file's terms, if it was. */
  readonly method?: string;
  /** Decimals to print. */
  readonly decimals?: number;
}

/** A key copied from a spec, `sourced` when its cell is reported and `derived` when the service derived it. */
export function fromSpec({ key, spec, value, provenance, ...extra }: SpecCopy): Key {
  const derived = provenance.method === 'derived';
  const method = [derived ? provenance.derivation : undefined, extra.method].filter(Boolean).join('; ');
  return {
    key,
    value,
    class: derived ? 'derived' : 'sourced',
    from: [{ spec, provenance }],
    ...(method ? { method } : {}),
    ...(extra.decimals !== undefined ? { decimals: extra.decimals } : {}),
  };
}

/** The `Remarks, Count=n` block PVsyst keeps free text in. */
export function remarks(lines: readonly string[]): Block {
  return {
    key: 'Remarks, Count',
    value: String(lines.length),
    end: 'End of Remarks',
    class: 'derived',
    method: 'Written by the service: where the file comes from, the class of every key, and what it leaves out.',
    children: lines.map((text, i) => ({ key: `Str_${i + 1}`, value: text, class: 'derived' as const })),
  };
}
