// Reads a search's words into what they ask for: a category, attributes (spec values), quantities
// with units, companies by any name, and the words left over. Deterministic and pure: the same text
// and dictionary give the same reading, and each understood part names the ordinary parameters that
// select the same thing, so a client can show it and take a part away. Whatever is not understood
// stays text; a query with nothing understood is searched exactly as before.
import {
  BARE_MODULE_POWER,
  FILLER,
  PHRASES,
  QUANTITY_SPECS,
  QUANTITY_UNITS,
  TOLERANCE,
  ownEntry,
  type Condition,
  type Meaning,
} from '../catalog/query-words';
import { compactModel } from '../catalog/search-document';
import type { Category } from '../catalog/spec-catalog';
import type { RangeSpec } from '../catalog/product-query';
import { mainCategory, type MakerDictionary } from './maker-dictionary';

export type Part =
  | {
      readonly kind: 'category';
      readonly from: string;
      readonly label: string;
      readonly category: Category;
      readonly conditions: readonly Condition[];
    }
  | {
      readonly kind: 'attribute';
      readonly from: string;
      readonly label: string;
      readonly conditions: readonly Condition[];
    }
  | {
      readonly kind: 'manufacturer';
      readonly from: string;
      readonly label: string;
      readonly companies: readonly { id: string; name: string }[];
    }
  | {
      readonly kind: 'quantity';
      readonly from: string;
      readonly label: string;
      readonly spec: RangeSpec;
      readonly value: number;
      readonly unit: string;
      readonly tolerance: number;
      readonly min: number;
      readonly max: number;
    };

export interface Reading {
  readonly parts: readonly Part[];
  /** The words not understood, as typed; empty when none remain. */
  readonly text: string;
  /** The one category the query is about, named or implied (by an attribute, or the request's `category`). */
  readonly category?: Category;
}

interface Word {
  /** Lower-case, as compared. */
  readonly norm: string;
  readonly start: number;
  readonly end: number;
}

const QUANTITY = /^(\d+(?:[.,]\d+)?)(kw|w|v|cells?)$/;
const NUMBER = /^\d+(?:[.,]\d+)?$/;

// Every table is read as own entries only: a query is untrusted text, and "constructor" or
// "__proto__" must find nothing rather than Object.prototype's members (issue 42).
const PHRASE = new Map(Object.entries(PHRASES));
const UNITS = new Map(Object.entries(QUANTITY_UNITS));
const MAX_PHRASE_WORDS = Math.max(...[...PHRASE.keys()].map((p) => p.split(' ').length));

/** Splits a query into words with their places: "air-to-water" and "on/off" are several, "R-32" one, "60-cell" two. */
function words(q: string): Word[] {
  const out: Word[] = [];
  for (const m of q.matchAll(/\S+/g)) {
    const token = m[0].toLowerCase();
    const at = m.index;
    const refrigerant = /^r-(\d+[a-z]*)$/.exec(token);
    const counted = /^(\d+)-(cells?)$/.exec(token);
    if (refrigerant) out.push({ norm: `r${refrigerant[1]}`, start: at, end: at + token.length });
    else if (counted) {
      out.push({ norm: counted[1], start: at, end: at + counted[1].length });
      out.push({ norm: counted[2], start: at + counted[1].length + 1, end: at + token.length });
    } else if (/^\p{L}+(?:[-/]\p{L}+)+$/u.test(token)) {
      for (const part of token.matchAll(/\p{L}+/gu))
        out.push({ norm: part[0], start: at + part.index, end: at + part.index + part[0].length });
    } else out.push({ norm: token, start: at, end: at + token.length });
  }
  return out;
}

type Found =
  | { kind: 'phrase'; meaning: Meaning; span: number }
  | { kind: 'maker'; ids: readonly string[]; span: number }
  | { kind: 'quantity'; value: number; unit: string; span: number };

function phraseAt(ws: Word[], i: number): Found | undefined {
  for (let n = Math.min(MAX_PHRASE_WORDS, ws.length - i); n >= 1; n--) {
    const meaning = PHRASE.get(
      ws
        .slice(i, i + n)
        .map((w) => w.norm)
        .join(' '),
    );
    if (meaning) return { kind: 'phrase', meaning, span: n };
  }
  return undefined;
}

function makerAt(q: string, ws: Word[], i: number, dictionary: MakerDictionary): Found | undefined {
  for (let n = Math.min(dictionary.maxWords, ws.length - i); n >= 1; n--) {
    const key = compactModel(q.slice(ws[i].start, ws[i + n - 1].end));
    if (NUMBER.test(key)) continue;
    const ids = dictionary.byKey.get(key);
    if (ids) return { kind: 'maker', ids, span: n };
  }
  return undefined;
}

function quantityAt(ws: Word[], i: number): Found | undefined {
  const one = QUANTITY.exec(ws[i].norm);
  if (one) return { kind: 'quantity', value: Number(one[1].replace(',', '.')), unit: one[2], span: 1 };
  if (NUMBER.test(ws[i].norm) && i + 1 < ws.length && UNITS.has(ws[i + 1].norm))
    return { kind: 'quantity', value: Number(ws[i].norm.replace(',', '.')), unit: ws[i + 1].norm, span: 2 };
  return undefined;
}

const UNIT_LABEL: Record<string, string> = { w: 'W', kw: 'kW', v: 'V', cell: 'cells', cells: 'cells' };

/** Reads `q`; `explicit` is the category the request's parameters already select, if exactly one. */
export function understand(q: string, dictionary: MakerDictionary, explicit?: Category): Reading {
  const ws = words(q);
  const found: { at: number; f: Found }[] = [];
  const rest: number[] = [];
  for (let i = 0; i < ws.length;) {
    const phrase = phraseAt(ws, i);
    const maker = makerAt(q, ws, i, dictionary);
    // The longer reading wins; on a tie the vocabulary's ("bipv" is a word before it is a company).
    const f = phrase && (!maker || phrase.span >= maker.span) ? phrase : (maker ?? quantityAt(ws, i));
    if (f) found.push({ at: i, f });
    else rest.push(i);
    i += f?.span ?? 1;
  }
  const from = (at: number, span: number) => q.slice(ws[at].start, ws[at + span - 1].end);
  let named = [
    ...new Set(found.flatMap(({ f }) => (f.kind === 'phrase' && f.meaning.category ? [f.meaning.category] : []))),
  ];
  // "Inverter heat pump": the inverter is the compressor (variable speed), not a second product.
  const inverterWord = found.find(
    ({ f }) => f.kind === 'phrase' && f.meaning.category === 'inverter' && !f.meaning.conditions,
  );
  if (named.includes('heat-pump') && inverterWord) {
    (inverterWord as { f: Found }).f = {
      kind: 'phrase',
      meaning: PHRASE.get('variable speed')!,
      span: inverterWord.f.span,
    };
    named = named.filter((c) => c !== 'inverter');
  }
  const makers = [...new Set(found.flatMap(({ f }) => (f.kind === 'maker' ? f.ids : [])))];
  const implied = [
    ...new Set(found.flatMap(({ f }) => (f.kind === 'phrase' && f.meaning.implies ? [f.meaning.implies] : []))),
  ];
  const category: Category | undefined =
    named.length === 1
      ? named[0]
      : named.length === 0 && implied.length === 1
        ? implied[0]
        : named.length === 0 && implied.length === 0
          ? explicit
          : undefined;

  const parts: Part[] = [];
  for (const { at, f } of found) {
    const text = from(at, f.span);
    if (f.kind === 'phrase') {
      const m = f.meaning;
      if (m.within && category && category !== m.within) {
        rest.push(...Array.from({ length: f.span }, (_, k) => at + k));
        continue;
      }
      parts.push(
        m.category
          ? { kind: 'category', from: text, label: m.label, category: m.category, conditions: m.conditions ?? [] }
          : { kind: 'attribute', from: text, label: m.label, conditions: m.conditions ?? [] },
      );
    } else if (f.kind === 'maker') {
      const companies = f.ids.map((id) => ({ id, name: dictionary.companies.get(id)?.name ?? id }));
      parts.push({ kind: 'manufacturer', from: text, label: companies.map((c) => c.name).join(' or '), companies });
    } else {
      const typed = quantity(text, f.value, f.unit, category);
      if (typed) parts.push(typed);
      else rest.push(...Array.from({ length: f.span }, (_, k) => at + k));
    }
  }
  // A bare number after a module word or a maker of mostly modules ("Jinko 450") is the module's
  // power. A quantity with a unit needs no guess: with no category it bounds any category's power.
  const modules =
    (category ?? (named.length + implied.length === 0 ? mainCategory(dictionary, makers) : undefined)) === 'pv-module';
  if (modules && !parts.some((p) => p.kind === 'quantity')) {
    const bare = rest.find((i) => /^\d{3}$/.test(ws[i].norm));
    const watts = bare === undefined ? NaN : Number(ws[bare].norm);
    if (watts >= BARE_MODULE_POWER.min && watts <= BARE_MODULE_POWER.max) {
      parts.push(quantity(ws[bare!].norm, watts, 'w', 'pv-module')!);
      rest.splice(rest.indexOf(bare!), 1);
    }
  }
  const left = rest
    .sort((a, b) => a - b)
    .filter((i) => parts.length === 0 || !FILLER.has(ws[i].norm))
    .map((i) => q.slice(ws[i].start, ws[i].end));
  return { parts, text: left.join(' '), ...(category ? { category } : {}) };
}

function quantity(from: string, value: number, unit: string, category: Category | undefined): Part | undefined {
  const { dimension, factor } = UNITS.get(unit)!;
  const spec = ownEntry(QUANTITY_SPECS[dimension], category ?? 'any');
  if (!spec || !(value > 0)) return undefined;
  const tolerance = ownEntry(TOLERANCE, spec) ?? TOLERANCE.default;
  const target = value * factor;
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const unitLabel = ownEntry(UNIT_LABEL, unit)!;
  return {
    kind: 'quantity',
    from,
    label: `${value} ${unitLabel}${tolerance ? ` ± ${tolerance * 100}%` : ''}`,
    spec,
    value: target,
    unit: unitLabel === 'kW' ? 'W' : unitLabel,
    tolerance,
    min: round(target * (1 - tolerance)),
    max: round(target * (1 + tolerance)),
  };
}
