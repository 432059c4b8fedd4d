// Reads a search's words into what they ask for: a category, attributes (spec values), quantities
// with units, comparisons and ranges ("over 600W", "between 5 and 8 kW"), companies by any name, and
// the words left over. Deterministic and pure: the same text
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
  type Dimension,
  type Meaning,
} from './query-words';
import {
  AFTER_COMPARATORS,
  COMPARATORS,
  DOMAIN,
  RANGE_JOINERS,
  RANKINGS,
  RANKING_SPECS,
  SPEC_WORDS,
  type Comparator,
  type Ranking,
} from './query-comparisons';
import { compactModel } from '../catalog/search-document';
import { SERIES, type Series } from '../catalog/series';
import { SPECS, type Category, type SpecName } from '../catalog/spec-catalog';
import { NOMINAL_POWER, type RangeOp, type RangeSpec } from '../catalog/product-query';
import { mainCategory, type MakerDictionary } from './maker-dictionary';
import { manufacturerPart, type ManufacturerPart } from './named-companies';

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
  | ManufacturerPart
  | {
      /** A comparison or a range ("over 600W", "between 5 and 8 kW"): bounds as typed, strict or inclusive. */
      readonly kind: 'range';
      readonly from: string;
      readonly label: string;
      readonly spec: RangeSpec;
      readonly unit: string;
      readonly operator: RangeOp | 'between';
      readonly bounds: Partial<Record<RangeOp, number>>;
      readonly conditions: readonly Condition[];
    }
  | {
      /** A product line from the reviewed table (series.ts): its companies and model prefixes. */
      readonly kind: 'series';
      /** The entry, as `series=` takes it. */
      readonly id: string;
      readonly from: string;
      readonly label: string;
      readonly category: Category;
      readonly companies: readonly { id: string; name: string }[];
      readonly models: readonly string[];
    }
  | {
      /**
       * An exclusion ("not bifacial", "without SMA"): products with these spec values, or of these
       * companies, are left out; a product with no value for the spec is kept.
       */
      readonly kind: 'exclusion';
      readonly from: string;
      readonly label: string;
      readonly companies: readonly { id: string; name: string }[];
      readonly conditions: readonly Condition[];
    }
  | {
      /** A superlative ("most efficient"): a sort, the rest of the query its filter; `sort` absent when nothing can order by it. */
      readonly kind: 'ranking';
      readonly from: string;
      readonly label: string;
      readonly sort?: { readonly spec: SpecName; readonly desc: boolean };
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
  /** Comparisons nothing can satisfy ("efficiency above 400%"), each said in words: the search refuses them. */
  readonly refused?: readonly string[];
}

interface Word {
  /** Lower-case, as compared. */
  readonly norm: string;
  readonly start: number;
  readonly end: number;
}

const NUMBER = /^\d+(?:[.,]\d+)?$/;
/** A number a comparison may bound by ("over -5 W" is read, and answered as what it is). */
const SIGNED = /^-?\d+(?:[.,]\d+)?$/;
const WITH_UNIT = /^(-?\d+(?:[.,]\d+)?)(\D.*)$/;
const SYMBOL_FIRST = /^(>=|<=|≥|≤|>|<)([^=].*)$/;
const SPAN_TOKEN = /^(\d+(?:[.,]\d+)?[^\d\s.,\-–—]*)([-–—])(\d+(?:[.,]\d+)?\D*)$/;

// Every table is read as own entries only: a query is untrusted text, and "constructor" or
// "__proto__" must find nothing rather than Object.prototype's members (issue 42).
const PHRASE = new Map(Object.entries(PHRASES));
const UNITS = new Map(Object.entries(QUANTITY_UNITS));
const BEFORE = new Map(Object.entries(COMPARATORS));
const AFTER = new Map(Object.entries(AFTER_COMPARATORS));
const SPEC_WORD = new Map(Object.entries(SPEC_WORDS));
const RANKING = new Map(Object.entries(RANKINGS));
const SERIES_BY_WORDS = new Map(SERIES.flatMap((s) => s.words.map((w) => [w, s] as const)));
const longest = (keys: Iterable<string>) => Math.max(...[...keys].map((p) => p.split(' ').length));
const MAX_PHRASE_WORDS = longest(PHRASE.keys());
const MAX_COMPARATOR_WORDS = Math.max(longest(BEFORE.keys()), longest(AFTER.keys()));
const MAX_RANKING_WORDS = longest(RANKING.keys());
const MAX_SERIES_WORDS = longest(SERIES_BY_WORDS.keys());

/**
 * The unit a spec's values are in, as a quantity unit: its dimension (a unit typed after a spec word
 * must have it) and its factor (a spec in kW or kWh holds 11 for 11 kW, so a typed value is divided by it).
 */
function specUnit(spec: RangeSpec): { readonly dimension?: Dimension; readonly factor: number } {
  const unit = unitOf(spec).toLowerCase();
  return (unit && UNITS.get(unit)) || { factor: 1 };
}

/**
 * Splits a query into words with their places: "air-to-water" and "on/off" are several, "R-32" one,
 * "60-cell" two, "5-8kW" three ("5", "-", "8kW"), ">600W" and "600W+" two.
 */
function words(q: string): Word[] {
  const out: Word[] = [];
  const push = (norm: string, start: number) => out.push({ norm, start, end: start + norm.length });
  const token = (t: string, at: number) => {
    const refrigerant = /^r-(\d+[a-z]*)$/.exec(t);
    const counted = /^(\d+)-(cells?)$/.exec(t);
    const symbol = SYMBOL_FIRST.exec(t);
    const span = SPAN_TOKEN.exec(t);
    if (refrigerant) out.push({ norm: `r${refrigerant[1]}`, start: at, end: at + t.length });
    else if (counted) {
      push(counted[1], at);
      push(counted[2], at + counted[1].length + 1);
    } else if (symbol) {
      push(symbol[1], at);
      token(symbol[2], at + symbol[1].length);
    } else if (span) {
      push(span[1], at);
      push(span[2], at + span[1].length);
      push(span[3], at + span[1].length + 1);
    } else if (/^\d\S*\+$/.test(t)) {
      push(t.slice(0, -1), at);
      push('+', at + t.length - 1);
    } else if (/^\p{L}+(?:[-/]\p{L}+)+$/u.test(t)) {
      for (const part of t.matchAll(/\p{L}+/gu)) push(part[0], at + part.index);
    } else push(t, at);
  };
  for (const m of q.matchAll(/\S+/g)) token(m[0].toLowerCase(), m.index);
  return out;
}

/** A number as typed, with the unit typed with it if any (a key of QUANTITY_UNITS). */
interface Measure {
  readonly value: number;
  readonly unit?: string;
}
interface Bound extends Measure {
  readonly op: RangeOp;
}

type Found =
  | { kind: 'phrase'; meaning: Meaning; span: number }
  | { kind: 'maker'; ids: readonly string[]; key: string; span: number }
  | { kind: 'quantity'; value: number; unit: string; span: number }
  | { kind: 'range'; bounds: readonly Bound[]; between: boolean; span: number }
  | { kind: 'spec-word'; word: string; span: number }
  | { kind: 'ranking'; ranking: Ranking; span: number }
  | { kind: 'series'; series: Series; span: number }
  | { kind: 'exclusion'; target: Extract<Found, { kind: 'phrase' | 'maker' }>; span: number };

function seriesAt(ws: Word[], i: number): Found | undefined {
  for (let n = Math.min(MAX_SERIES_WORDS, ws.length - i); n >= 1; n--) {
    const series = SERIES_BY_WORDS.get(joined(ws, i, n));
    if (series) return { kind: 'series', series, span: n };
  }
  return undefined;
}

/** Words that negate the attribute or company after them: "not bifacial", "non-bifacial", "without SMA". */
const NEGATORS = new Set(['not', 'non', 'without', 'excluding', 'except', 'no']);

/** "Not hybrid", "without Huawei": an attribute with spec values, or a company, excluded. */
function exclusionAt(q: string, ws: Word[], i: number, dictionary: MakerDictionary): Found | undefined {
  if (!NEGATORS.has(ws[i].norm) || i + 1 >= ws.length) return undefined;
  const phrase = phraseAt(ws, i + 1);
  const maker = makerAt(q, ws, i + 1, dictionary);
  const target =
    phrase?.kind === 'phrase' &&
    !phrase.meaning.category &&
    (phrase.meaning.conditions ?? []).every((c) => 'values' in c)
      ? phrase
      : maker?.kind === 'maker'
        ? maker
        : undefined;
  return target && { kind: 'exclusion', target, span: 1 + target.span };
}

function rankingAt(ws: Word[], i: number): Found | undefined {
  for (let n = Math.min(MAX_RANKING_WORDS, ws.length - i); n >= 1; n--) {
    const ranking = RANKING.get(joined(ws, i, n));
    if (ranking) return { kind: 'ranking', ranking, span: n };
  }
  return undefined;
}

function phraseAt(ws: Word[], i: number): Found | undefined {
  for (let n = Math.min(MAX_PHRASE_WORDS, ws.length - i); n >= 1; n--) {
    const meaning = PHRASE.get(joined(ws, i, n));
    if (meaning) return { kind: 'phrase', meaning, span: n };
  }
  return undefined;
}

const joined = (ws: Word[], i: number, n: number) =>
  ws
    .slice(i, i + n)
    .map((w) => w.norm)
    .join(' ');

function makerAt(q: string, ws: Word[], i: number, dictionary: MakerDictionary): Found | undefined {
  for (let n = Math.min(dictionary.maxWords, ws.length - i); n >= 1; n--) {
    const key = compactModel(q.slice(ws[i].start, ws[i + n - 1].end));
    if (NUMBER.test(key)) continue;
    const ids = dictionary.byKey.get(key);
    if (ids) return { kind: 'maker', ids, key, span: n };
  }
  return undefined;
}

const toNumber = (s: string) => Number(s.replace(',', '.'));

/** A number at `i`, with its unit in the same word or the next; `span` words. */
function measureAt(ws: Word[], i: number): (Measure & { span: number }) | undefined {
  if (i >= ws.length) return undefined;
  const w = ws[i].norm;
  const withUnit = WITH_UNIT.exec(w);
  if (withUnit && UNITS.has(withUnit[2])) return { value: toNumber(withUnit[1]), unit: withUnit[2], span: 1 };
  if (!SIGNED.test(w)) return undefined;
  if (i + 1 < ws.length && UNITS.has(ws[i + 1].norm)) return { value: toNumber(w), unit: ws[i + 1].norm, span: 2 };
  return { value: toNumber(w), span: 1 };
}

/** The longest comparator of `table` at `i`, and its words. */
function comparatorAt(table: ReadonlyMap<string, Comparator>, ws: Word[], i: number) {
  for (let n = Math.min(MAX_COMPARATOR_WORDS, ws.length - i); n >= 1; n--) {
    const c = table.get(joined(ws, i, n));
    if (c) return { op: c.op, span: n };
  }
  return undefined;
}

/**
 * A comparison or a range at `i`: "between 5 and 8 kW", "from 5 to 8 kW", "over 600W", "≥600W",
 * "5-8 kW", "5 to 8 kW", "600W or more", "600W+". The ends of a range are inclusive.
 */
function rangeAt(ws: Word[], i: number): Found | undefined {
  const between = (first: number, joiners: readonly string[]): Found | undefined => {
    const a = measureAt(ws, first);
    if (!a) return undefined;
    const j = first + a.span;
    if (j >= ws.length || !joiners.includes(ws[j].norm)) return undefined;
    const b = measureAt(ws, j + 1);
    if (!b || (a.unit === undefined && b.unit === undefined && first === i)) return undefined;
    return {
      kind: 'range',
      bounds: [
        { op: 'gte', value: a.value, unit: a.unit ?? b.unit },
        { op: 'lte', value: b.value, unit: b.unit ?? a.unit },
      ],
      between: true,
      span: j + 1 + b.span - i,
    };
  };
  const w = ws[i].norm;
  if (w === 'between') return between(i + 1, ['and', ...RANGE_JOINERS]);
  if (w === 'from') return between(i + 1, [...RANGE_JOINERS]);
  const before = comparatorAt(BEFORE, ws, i);
  if (before) {
    const m = measureAt(ws, i + before.span);
    return m && { kind: 'range', bounds: [{ ...m, op: before.op }], between: false, span: before.span + m.span };
  }
  // A range typed without "between" needs a unit on one end: "5 to 8" alone may be anything.
  const span = between(i, [...RANGE_JOINERS]);
  if (span) return span;
  const m = measureAt(ws, i);
  if (!m?.unit) return undefined;
  const after = comparatorAt(AFTER, ws, i + m.span);
  return after && { kind: 'range', bounds: [{ ...m, op: after.op }], between: false, span: m.span + after.span };
}

function quantityAt(ws: Word[], i: number): Found | undefined {
  const m = measureAt(ws, i);
  return m?.unit !== undefined && m.value >= 0
    ? { kind: 'quantity', value: m.value, unit: m.unit, span: m.span }
    : undefined;
}

/** One understood stretch of the words: where it starts and what it was read as. */
interface Match {
  readonly at: number;
  readonly f: Found;
}

/** What a matcher sees at one word: the query, its words, the dictionary, and the company read there. */
interface Position {
  readonly q: string;
  readonly ws: Word[];
  readonly i: number;
  readonly dictionary: MakerDictionary;
  readonly maker: Found | undefined;
}

/** One way to read the words at a position; the first matcher of MATCHERS that reads them wins. */
interface Matcher {
  readonly name: string;
  readonly why: string;
  readonly match: (p: Position) => Found | undefined;
}

/** The readings tried at each word, in order of precedence, each with the reason for its place. */
const MATCHERS: readonly Matcher[] = [
  {
    name: 'exclusion',
    why: 'A negator reads the attribute or company after it as left out ("not bifacial", "without SMA").',
    match: ({ q, ws, i, dictionary }) => exclusionAt(q, ws, i, dictionary),
  },
  {
    name: 'comparison',
    why: 'A comparison before any name ("max 3kW": "max" is no company there).',
    match: ({ ws, i }) => rangeAt(ws, i),
  },
  {
    name: 'ranking',
    why: 'A superlative ("most efficient") orders the results; its words are no attribute or company.',
    match: ({ ws, i }) => rankingAt(ws, i),
  },
  {
    name: 'series',
    why: 'A product line\'s name before a company\'s ("Sunny Boy" is SMA\'s line, not "Sunny" International Power), unless the company\'s name is longer.',
    match: ({ ws, i, maker }) => {
      const series = seriesAt(ws, i);
      return series && (!maker || series.span >= maker.span) ? series : undefined;
    },
  },
  {
    name: 'vocabulary',
    why: 'Then the longer reading wins, and on a tie the vocabulary\'s ("bipv" is a word before it is a company).',
    match: ({ ws, i, maker }) => {
      const phrase = phraseAt(ws, i);
      return phrase && (!maker || phrase.span >= maker.span) ? phrase : undefined;
    },
  },
  {
    name: 'company',
    why: 'A company by any of its names, where no longer word of the vocabulary is read.',
    match: ({ maker }) => maker,
  },
  {
    name: 'spec word',
    why: 'A spec\'s name ("COP") is read with the comparison after it; alone it stays text.',
    match: ({ ws, i }) =>
      SPEC_WORD.has(ws[i].norm) ? { kind: 'spec-word' as const, word: ws[i].norm, span: 1 } : undefined,
  },
  {
    name: 'quantity',
    why: 'A number with a unit ("400W") is a quantity of the spec its unit measures.',
    match: ({ ws, i }) => quantityAt(ws, i),
  },
];

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
    parts: read.parts,
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

/** Tokens to matches: at each word the first matcher that reads it, else the word is left as text. */
function scan({ q, ws, dictionary }: { q: string; ws: Word[]; dictionary: MakerDictionary }) {
  const found: Match[] = [];
  const rest: number[] = [];
  for (let i = 0; i < ws.length;) {
    const position: Position = { q, ws, i, dictionary, maker: makerAt(q, ws, i, dictionary) };
    const f = firstMatch(position);
    if (f) found.push({ at: i, f });
    else rest.push(i);
    i += f?.span ?? 1;
    const rating = seriesRating(ws, f, i);
    if (rating) {
      found.push(rating);
      i += rating.f.span;
    }
  }
  return { found, rest };
}

function firstMatch(position: Position): Found | undefined {
  for (const matcher of MATCHERS) {
    const f = matcher.match(position);
    if (f) return f;
  }
  return undefined;
}

/**
 * A bare number after a line sold by its kW rating is that rating ("Sunny Boy 7.7"), and a "kW"
 * written after it is part of it ("Sunny Boy 7.7 kW"), not a word left to match.
 */
function seriesRating(ws: Word[], f: Found | undefined, i: number): Match | undefined {
  if (f?.kind !== 'series' || !f.series.kw || i >= ws.length || !NUMBER.test(ws[i].norm)) return undefined;
  const span = ws[i + 1]?.norm === 'kw' ? 2 : 1;
  return { at: i, f: { kind: 'quantity', value: toNumber(ws[i].norm), unit: 'kw', span } };
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
        f.kind === 'phrase' && f.meaning.implies ? [f.meaning.implies] : f.kind === 'series' ? [f.series.category] : [],
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

/** What the parts stage reads the matches with. */
interface Reader {
  readonly q: string;
  readonly ws: Word[];
  readonly dictionary: MakerDictionary;
  readonly found: readonly Match[];
  readonly category: Category | undefined;
  readonly modules: boolean;
}

/** What one match becomes: a part, a refusal, its words left as text, or nothing (read with its neighbour). */
type Outcome = { readonly part: Part } | { readonly refused: string } | 'text' | 'used';

/** Matches to parts, in the order typed; the words of a match that makes no part are left as text. */
function partsOf(reader: Reader) {
  const parts: Part[] = [];
  const refused: string[] = [];
  const unread: number[] = [];
  reader.found.forEach(({ at, f }, k) => {
    const outcome = outcomeOf(reader, k);
    if (outcome === 'text') unread.push(...Array.from({ length: f.span }, (_, n) => at + n));
    else if (outcome === 'used') return;
    else if ('refused' in outcome) refused.push(outcome.refused);
    else parts.push(outcome.part);
  });
  return { parts, refused, unread };
}

function outcomeOf(reader: Reader, k: number): Outcome {
  const { q, ws, dictionary, category } = reader;
  const { at, f } = reader.found[k];
  const text = q.slice(ws[at].start, ws[at + f.span - 1].end);
  switch (f.kind) {
    case 'phrase':
      return meaningPart(text, f.meaning, category);
    case 'maker':
      return { part: manufacturerPart(text, f.key, f.ids, dictionary) };
    case 'exclusion':
      return exclusionPart(text, f.target, reader);
    case 'series':
      return { part: seriesPart(text, f.series, dictionary) };
    case 'ranking':
      return { part: rankingPart(text, f.ranking, category) };
    case 'spec-word':
      return specWordOutcome(reader, k);
    case 'range':
      return rangeOutcome(reader, k);
    case 'quantity': {
      const typed = quantity(text, f.value, f.unit, category);
      return typed ? { part: typed } : 'text';
    }
  }
}

/** A word of the vocabulary: a category or an attribute; one meant for another category stays text. */
function meaningPart(text: string, m: Meaning, category: Category | undefined): Outcome {
  if (m.within && category && category !== m.within) return 'text';
  return {
    part: m.category
      ? { kind: 'category', from: text, label: m.label, category: m.category, conditions: m.conditions ?? [] }
      : { kind: 'attribute', from: text, label: m.label, conditions: m.conditions ?? [] },
  };
}

function exclusionPart(text: string, t: Extract<Found, { kind: 'exclusion' }>['target'], reader: Reader): Outcome {
  if (t.kind === 'maker') {
    const companies = t.ids.map((id) => ({ id, name: reader.dictionary.companies.get(id)?.name ?? id }));
    const names = companies.map((c) => c.name).join(' or ');
    return { part: { kind: 'exclusion', from: text, label: `not by ${names}`, companies, conditions: [] } };
  }
  if (t.meaning.within && reader.category && reader.category !== t.meaning.within) return 'text';
  const conditions = t.meaning.conditions ?? [];
  const specs = [...new Set(conditions.map((c) => c.spec))].join(', ');
  return {
    part: {
      kind: 'exclusion',
      from: text,
      label: `not ${t.meaning.label} (products with no ${specs} value are kept)`,
      companies: [],
      conditions,
    },
  };
}

function seriesPart(text: string, series: Series, dictionary: MakerDictionary): Part {
  const { id: line, label, category: of, companies: ids, models } = series;
  const companies = ids.map((id) => ({ id, name: dictionary.companies.get(id)?.name ?? id }));
  return { kind: 'series', id: line, from: text, label, category: of, companies, models };
}

/** A spec word is read with the comparison it names ("COP above 4"); alone it is text. */
function specWordOutcome({ found, category, modules }: Reader, k: number): Outcome {
  const { at, f } = found[k];
  const next = found[k + 1];
  if (f.kind !== 'spec-word') return 'text';
  if (next?.at !== at + 1 || next.f.kind !== 'range' || !specOf(next.f.bounds, f.word, category, modules))
    return 'text';
  return 'used';
}

/** A comparison, with the spec word before it if any, as a range part or a refusal; without a spec it is text. */
function rangeOutcome({ q, ws, found, category, modules }: Reader, k: number): Outcome {
  const { at, f } = found[k];
  if (f.kind !== 'range') return 'text';
  const previous = found[k - 1];
  const word = previous?.f.kind === 'spec-word' && previous.at === at - 1 ? previous.f.word : undefined;
  const spec = specOf(f.bounds, word, category, modules);
  if (!spec) return 'text';
  const from = (i: number, span: number) => q.slice(ws[i].start, ws[i + span - 1].end);
  const part = rangePart(from(at, f.span), f, spec, word && from(at - 1, 1));
  return typeof part === 'string' ? { refused: part } : { part };
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

/** A superlative as a sort by its measure's spec in the category, or, where there is none, said so. */
function rankingPart(from: string, ranking: Ranking, category: Category | undefined): Part {
  const choice = category && ownEntry(RANKING_SPECS[ranking.by], category);
  if (choice && choice.spec !== NOMINAL_POWER)
    return { kind: 'ranking', from, label: ranking.label, sort: { spec: choice.spec, desc: ranking.desc } };
  const why =
    ranking.by === 'price'
      ? 'the catalog has no prices, so the order is not by price'
      : category
        ? `no ${PLURAL_OF[category]} value to order by, so the order is unchanged`
        : 'name a category to order by it; the order is unchanged';
  return { kind: 'ranking', from, label: `${ranking.label}: ${why}` };
}

const PLURAL_OF: Readonly<Record<Category, string>> = {
  'pv-module': 'PV module',
  inverter: 'inverter',
  'heat-pump': 'heat pump',
  'home-battery': 'home battery',
  'ev-charger': 'EV charger',
};

/**
 * The spec a comparison bounds: the one its spec word names in the category, else the one its unit's
 * dimension names there; a bare number only as a module's power ("modules over 600"). A unit typed
 * after a spec word must be that spec's.
 */
function specOf(
  bounds: readonly Bound[],
  word: string | undefined,
  category: Category | undefined,
  modules: boolean,
): RangeSpec | undefined {
  const units = bounds.map((b) => (b.unit === undefined ? undefined : UNITS.get(b.unit)!));
  const dimensions = new Set(units.map((u) => u?.dimension));
  if (dimensions.size > 1) return undefined;
  const [dimension] = dimensions;
  if (word) {
    const chosen = ownEntry(SPEC_WORD.get(word)!, category ?? 'any')?.spec;
    if (!chosen) return undefined;
    return dimension === undefined || specUnit(chosen).dimension === dimension ? chosen : undefined;
  }
  if (dimension) return ownEntry(QUANTITY_SPECS[dimension], category ?? 'any');
  const bare = bounds.every((b) => b.value >= BARE_MODULE_POWER.min && b.value <= BARE_MODULE_POWER.max);
  return modules && bare ? 'stc_power_w' : undefined;
}

const OP_WORDS: Readonly<Record<RangeOp, string>> = { gt: 'over', gte: 'at least', lt: 'under', lte: 'at most' };
const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** A comparison as a part, or why nothing could satisfy it (the search answers 400 then). */
function rangePart(
  typed: string,
  f: Extract<Found, { kind: 'range' }>,
  spec: RangeSpec,
  specWord: string | undefined,
): Part | string {
  const shown = (b: Measure) => `${b.value} ${b.unit === undefined ? unitOf(spec) : UNITS.get(b.unit)!.label}`.trim();
  const scaled = (b: Bound): Bound => ({
    ...b,
    value: round(b.value * (b.unit ? UNITS.get(b.unit)!.factor / specUnit(spec).factor : 1)),
  });
  const named = specWord ? `${specWord} ` : '';
  const from = `${named}${typed}`;
  let bounds = f.bounds.map(scaled);
  let label = f.between
    ? `${named}${shown(f.bounds[0])} to ${shown(f.bounds[1])}`
    : `${named}${OP_WORDS[bounds[0].op]} ${shown(f.bounds[0])}`;
  // "Between 9 and 3 kW": the ends typed the other way round still say which range is meant.
  if (f.between && bounds[0].value > bounds[1].value) {
    bounds = [
      { ...bounds[1], op: 'gte' },
      { ...bounds[0], op: 'lte' },
    ];
    label = `${named}${shown(f.bounds[1])} to ${shown(f.bounds[0])} (ends typed in reverse order)`;
  }
  const domain = ownEntry(DOMAIN, spec);
  if (domain) {
    for (const b of bounds) {
      const above = b.op === 'gt' || b.op === 'gte';
      const impossible = above
        ? domain.max !== undefined && (b.op === 'gt' ? b.value >= domain.max : b.value > domain.max)
        : b.op === 'lt'
          ? b.value <= domain.min
          : b.value < domain.min;
      const limit = above ? `at most ${domain.max}` : `at least ${domain.min}`;
      if (impossible)
        return `reads "${from}" as ${describe(spec)} ${OP_WORDS[b.op]} ${shown(b)}, which no product has: it is ${limit} ${unitOf(spec)}`.trim();
    }
    if (bounds.every((b) => (b.op === 'gt' || b.op === 'gte') && b.value < domain.min))
      label += ' (true of every product with a value)';
  }
  return {
    kind: 'range',
    from,
    label,
    spec,
    unit: unitOf(spec),
    operator: f.between ? 'between' : bounds[0].op,
    bounds: Object.fromEntries(bounds.map((b) => [b.op, b.value])),
    conditions: bounds.map((b) => ({ spec, op: b.op, value: b.value })),
  };
}

const unitOf = (spec: RangeSpec) => (spec === NOMINAL_POWER ? 'W' : (SPECS[spec].unit ?? ''));
/** A spec as a sentence names it: its description up to any formula or note ("Module efficiency at STC"). */
const describe = (spec: RangeSpec) =>
  spec === NOMINAL_POWER ? 'nominal power' : SPECS[spec].description.split(/[:(,]/)[0].trim();

function quantity(from: string, value: number, unit: string, category: Category | undefined): Part | undefined {
  const { dimension, factor, label: unitLabel } = UNITS.get(unit)!;
  const spec = ownEntry(QUANTITY_SPECS[dimension], category ?? 'any');
  if (!spec || !(value > 0)) return undefined;
  const tolerance = ownEntry(TOLERANCE, spec) ?? TOLERANCE.default;
  const target = round((value * factor) / specUnit(spec).factor);
  return {
    kind: 'quantity',
    from,
    label: `${value} ${unitLabel}${tolerance ? ` ± ${tolerance * 100}%` : ''}`,
    spec,
    value: target,
    unit: unitOf(spec) || unitLabel,
    tolerance,
    min: round(target * (1 - tolerance)),
    max: round(target * (1 + tolerance)),
  };
}
