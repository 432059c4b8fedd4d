// Reads a search's words into what they ask for: a category, attributes (spec values), quantities
// with units, comparisons and ranges ("over 600W", "between 5 and 8 kW"), companies by any name, and
// the words left over. Deterministic and pure: the same text
// and dictionary give the same reading, and each understood part names the ordinary parameters that
// select the same thing, so a client can show it and take a part away. Whatever is not understood
// stays text; a query with nothing understood is searched exactly as before.
//
// A short story over stages, each in its own file: tokens (query-tokens.ts) -> matches, the first of
// an ordered table of matchers at each word (query-matchers.ts) -> the context exceptions below, as
// data -> the category -> parts (query-parts.ts) -> bounds moved to a design point (query-design-parts.ts)
// -> a bare module power -> the words left over.
import { BARE_MODULE_POWER, FILLER } from './query-words';
import type { Category } from '../catalog/spec-catalog';
import { mainCategory, type MakerDictionary } from './maker-dictionary';
import { words, type Word } from './query-tokens';
import { PHRASE, scan, type Match } from './query-matchers';
import { partsOf, quantity, type Part } from './query-parts';
import { atDesignPoint } from './query-design-parts';

export type { Part } from './query-parts';

export interface Reading {
  readonly parts: readonly Part[];
  /** The words not understood, as typed; empty when none remain. */
  readonly text: string;
  /** The one category the query is about, named or implied (by an attribute, or the request's `category`). */
  readonly category?: Category;
  /** Comparisons nothing can satisfy ("efficiency above 400%"), each said in words: the search refuses them. */
  readonly refused?: readonly string[];
}

/**
 * Context exceptions: a category word that, beside another category, names a feature of that
 * product rather than a second product. The word is read as the phrase `reads` instead.
 */
const CONTEXT_READINGS: readonly {
  readonly word: Category;
  readonly beside: Category;
  readonly reads: string;
  readonly why: string;
}[] = [
  {
    word: 'inverter',
    beside: 'heat-pump',
    reads: 'variable speed',
    why: '"Inverter heat pump": the inverter is the compressor (variable speed), not a second product.',
  },
  {
    word: 'home-battery',
    beside: 'inverter',
    reads: 'hybrid',
    why: '"Hybrid inverter with battery": beside an inverter, a battery is what it works with (the hybrid flag), not a second product.',
  },
];

/** Reads `q`; `explicit` is the category the request's parameters already select, if exactly one. */
export function understand(q: string, dictionary: MakerDictionary, explicit?: Category): Reading {
  const ws = words(q);
  const scanned = scan({ q, ws, dictionary });
  const { found, named } = inContext(scanned.found);
  const { category, modules } = categoryOf({ found, named, dictionary, explicit });
  const read = partsOf({ q, ws, dictionary, found, category, modules });
  const { parts, rest } = withBareModulePower({
    ws,
    modules,
    parts: atDesignPoint(read.parts),
    rest: [...scanned.rest, ...read.unread],
  });
  const text = leftovers({ q, ws, rest, anyParts: parts.length > 0 });
  return {
    parts,
    text,
    ...(category ? { category } : {}),
    ...(read.refused.length ? { refused: read.refused } : {}),
  };
}

/** The categories named, after the context exceptions (CONTEXT_READINGS) read some category words as features. */
function inContext(scanned: readonly Match[]): { found: readonly Match[]; named: Category[] } {
  let found = scanned;
  let named = [
    ...new Set(found.flatMap(({ f }) => (f.kind === 'phrase' && f.meaning.category ? [f.meaning.category] : []))),
  ];
  for (const { word, beside, reads } of CONTEXT_READINGS) {
    const hit = found.find(({ f }) => f.kind === 'phrase' && f.meaning.category === word && !f.meaning.conditions);
    if (!named.includes(beside) || !hit) continue;
    const as: Match = { at: hit.at, f: { kind: 'phrase', meaning: PHRASE.get(reads)!, span: hit.f.span } };
    found = found.map((m) => (m === hit ? as : m));
    named = named.filter((c) => c !== word);
  }
  return { found, named };
}

/**
 * The one category the query is about (named, else implied, else the request's), and whether a bare
 * number may be a module's power: a module word, or a maker of mostly modules.
 */
function categoryOf({
  found,
  named,
  dictionary,
  explicit,
}: {
  found: readonly Match[];
  named: readonly Category[];
  dictionary: MakerDictionary;
  explicit: Category | undefined;
}): { category: Category | undefined; modules: boolean } {
  const makers = [...new Set(found.flatMap(({ f }) => (f.kind === 'maker' ? f.ids : [])))];
  const implied = [
    ...new Set(
      found.flatMap(({ f }) =>
        f.kind === 'phrase' && f.meaning.implies
          ? [f.meaning.implies]
          : f.kind === 'series'
            ? [f.series.category]
            : f.kind === 'design-point' && f.point.kind === 'heat-pump' && f.point.explicit
              ? ['heat-pump' as const]
              : [],
      ),
    ),
  ];
  const category: Category | undefined =
    named.length === 1
      ? named[0]
      : named.length === 0 && implied.length === 1
        ? implied[0]
        : named.length === 0 && implied.length === 0
          ? explicit
          : undefined;
  const modules =
    (category ?? (named.length + implied.length === 0 ? mainCategory(dictionary, makers) : undefined)) === 'pv-module';
  return { category, modules };
}

/**
 * A bare number after a module word or a maker of mostly modules ("Jinko 450") is the module's power.
 * A quantity with a unit needs no guess: with no category it bounds any category's power.
 */
function withBareModulePower({
  ws,
  modules,
  parts,
  rest,
}: {
  ws: Word[];
  modules: boolean;
  parts: Part[];
  rest: number[];
}): { parts: Part[]; rest: number[] } {
  if (!modules || parts.some((p) => p.kind === 'quantity' || p.kind === 'range')) return { parts, rest };
  const bare = rest.find((i) => /^\d{3}$/.test(ws[i].norm));
  const watts = bare === undefined ? NaN : Number(ws[bare].norm);
  if (!(watts >= BARE_MODULE_POWER.min && watts <= BARE_MODULE_POWER.max)) return { parts, rest };
  const left = [...rest];
  left.splice(left.indexOf(bare!), 1);
  return { parts: [...parts, quantity(ws[bare!].norm, watts, 'w', 'pv-module')!], rest: left };
}

/** The words no part took, in the order typed; filler words go too once anything is understood. */
function leftovers({ q, ws, rest, anyParts }: { q: string; ws: Word[]; rest: number[]; anyParts: boolean }): string {
  return [...rest]
    .sort((a, b) => a - b)
    .filter((i) => !anyParts || !FILLER.has(ws[i].norm))
    .map((i) => q.slice(ws[i].start, ws[i].end))
    .join(' ');
}
