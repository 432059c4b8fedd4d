// Matchers, the second stage of understanding (understanding.ts): what the words at a position can
// be read as (a phrase of the vocabulary, a company, a comparison, a ranking, a series, an exclusion,
// a spec word, a quantity), tried in the order of the table MATCHERS, each entry with its reason.
import { PHRASES, QUANTITY_UNITS, type Meaning } from './query-words';
import {
  AFTER_COMPARATORS,
  COMPARATORS,
  RANGE_JOINERS,
  RANKINGS,
  SPEC_WORDS,
  type Comparator,
  type Ranking,
} from './query-comparisons';
import { compactModel } from '../catalog/search-document';
import { SERIES, type Series } from '../catalog/series';
import type { RangeOp } from '../catalog/product-query';
import type { MakerDictionary } from './maker-dictionary';
import type { Word } from './query-tokens';
import { designPointAt, type AskedPoint } from './query-design-points';

export const NUMBER = /^\d+(?:[.,]\d+)?$/;
/** A number a comparison may bound by ("over -5 W" is read, and answered as what it is). */
const SIGNED = /^-?\d+(?:[.,]\d+)?$/;
const WITH_UNIT = /^(-?\d+(?:[.,]\d+)?)(\D.*)$/;

// Every table is read as own entries only: a query is untrusted text, and "constructor" or
// "__proto__" must find nothing rather than Object.prototype's members (issue 42).
export const PHRASE = new Map(Object.entries(PHRASES));
export const UNITS = new Map(Object.entries(QUANTITY_UNITS));
const BEFORE = new Map(Object.entries(COMPARATORS));
const AFTER = new Map(Object.entries(AFTER_COMPARATORS));
export const SPEC_WORD = new Map(Object.entries(SPEC_WORDS));
export const RANKING = new Map(Object.entries(RANKINGS));
const SERIES_BY_WORDS = new Map(SERIES.flatMap((s) => s.words.map((w) => [w, s] as const)));
const longest = (keys: Iterable<string>) => Math.max(...[...keys].map((p) => p.split(' ').length));
const MAX_PHRASE_WORDS = longest(PHRASE.keys());
const MAX_COMPARATOR_WORDS = Math.max(longest(BEFORE.keys()), longest(AFTER.keys()));
const MAX_RANKING_WORDS = longest(RANKING.keys());
const MAX_SERIES_WORDS = longest(SERIES_BY_WORDS.keys());

/** A number as typed, with the unit typed with it if any (a key of QUANTITY_UNITS). */
export interface Measure {
  readonly value: number;
  readonly unit?: string;
}
export interface Bound extends Measure {
  readonly op: RangeOp;
}

export type Found =
  | { kind: 'phrase'; meaning: Meaning; span: number }
  | { kind: 'maker'; ids: readonly string[]; key: string; span: number }
  | { kind: 'quantity'; value: number; unit: string; span: number }
  | { kind: 'range'; bounds: readonly Bound[]; between: boolean; span: number }
  | { kind: 'spec-word'; word: string; span: number }
  | { kind: 'ranking'; ranking: Ranking; span: number }
  | { kind: 'series'; series: Series; span: number }
  | { kind: 'exclusion'; target: Extract<Found, { kind: 'phrase' | 'maker' }>; span: number }
  | { kind: 'design-point'; point: AskedPoint; span: number };

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
export interface Match {
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
export const MATCHERS: readonly Matcher[] = [
  {
    name: 'design point',
    why: 'An operating condition ("at -7/55", "A2/W35", "at -7 °C outside and 55 °C flow", "at 300 V") first: its numbers are the point a value is asked at, not a quantity or a comparison ("at 300 V" is no inverter\'s AC voltage, "-7" no bound).',
    match: ({ ws, i }) => {
      const d = designPointAt(ws, i);
      return d && { kind: 'design-point' as const, point: d.point, span: d.span };
    },
  },
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

/** Tokens to matches: at each word the first matcher that reads it, else the word is left as text. */
export function scan({ q, ws, dictionary }: { q: string; ws: Word[]; dictionary: MakerDictionary }) {
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
