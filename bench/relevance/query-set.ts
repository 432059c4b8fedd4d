// The relevance query set: real products, typed the ways people type them, drawn with a fixed seed so
// two runs measure the same queries and a ranking change is the only thing that moves the figures.
import { compactModel } from '../../src/catalog/search-document';

export interface Target {
  readonly id: string;
  readonly model: string;
  readonly manufacturer: string;
  readonly category: string;
  readonly stc_power_w?: number;
  /** The product's company id, where the catalog resolved one: a maker is then judged by company, whatever the spelling. */
  readonly company?: string;
}

export type Kind =
  | 'exact'
  | 'compact'
  | 'spaced'
  | 'manufacturer+model'
  | 'no-company-suffix+model'
  | 'prefix'
  | 'one-typo'
  | 'wattage-first'
  | 'manufacturer';

export const KINDS: readonly Kind[] = [
  'exact',
  'compact',
  'spaced',
  'manufacturer+model',
  'no-company-suffix+model',
  'prefix',
  'one-typo',
  'wattage-first',
  'manufacturer',
];

/** What counts as found for a kind, and within how many hits the target is stated. */
export const TARGETS: Readonly<Record<Kind, { at: 1 | 3 | 10; min: number } | undefined>> = {
  exact: { at: 3, min: 1 },
  compact: { at: 3, min: 1 },
  spaced: { at: 3, min: 1 },
  'manufacturer+model': { at: 3, min: 1 },
  'no-company-suffix+model': undefined,
  prefix: { at: 10, min: 0.97 },
  'one-typo': { at: 3, min: 0.9 },
  'wattage-first': undefined,
  manufacturer: undefined,
};

export interface Case {
  readonly kind: Kind;
  readonly q: string;
  readonly target: Target;
}

export interface Hit {
  readonly id: string;
  readonly model: string;
  readonly manufacturer: string;
  readonly category: string;
  readonly specs?: { stc_power_w?: number };
  readonly company?: { readonly id: string };
}

/** mulberry32: a small seeded generator, so the set is the same on every machine. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMPANY_SUFFIX =
  /[\s,.-]*\b(co\.?|company|corp\.?|corporation|inc\.?|ltd\.?|limited|llc|gmbh|ag|s\.?a\.?|s\.?r\.?l\.?|b\.?v\.?|pty|plc|kg|technolog(y|ies)|group|international|holdings?)\b[\s,.-]*/gi;
const KEYBOARD = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** A neighbour on the keyboard (a digit for a digit): the typo people actually make. */
function neighbour(c: string, rnd: () => number): string {
  const lower = c.toLowerCase();
  for (const row of KEYBOARD) {
    const i = row.indexOf(lower);
    if (i < 0) continue;
    const options = [row[i - 1], row[i + 1]].filter(Boolean);
    const pick = options[Math.floor(rnd() * options.length)];
    return c === lower ? pick : pick.toUpperCase();
  }
  return c;
}

/** One character mistyped: a neighbouring key, a dropped character, a doubled one or two swapped. */
/** Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`: optimal string alignment. */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

export function oneTypo(model: string, rnd: () => number): string {
  const positions = Array.from(model)
    .map((c, i) => (/[\p{L}\p{N}]/u.test(c) ? i : -1))
    .filter((i) => i >= 0);
  const at = positions[Math.floor(rnd() * positions.length)];
  const c = model[at];
  switch (Math.floor(rnd() * 4)) {
    case 0:
      return model.slice(0, at) + neighbour(c, rnd) + model.slice(at + 1);
    case 1:
      return model.slice(0, at) + model.slice(at + 1);
    case 2:
      return model.slice(0, at) + c + model.slice(at);
    default: {
      const next = at + 1 < model.length ? at : at - 1;
      return model.slice(0, next) + model[next + 1] + model[next] + model.slice(next + 2);
    }
  }
}

export function withoutCompanySuffix(manufacturer: string): string {
  return manufacturer.replace(COMPANY_SUFFIX, ' ').replace(/\s+/g, ' ').trim();
}

/** `perKind` products drawn per kind (the same draw for every kind), typed each way. */
export function buildQuerySet(products: readonly Target[], perKind: number, seed = 20261121): Case[] {
  const rnd = seeded(seed);
  // Models of fewer than 5 characters are too short to tell a typo from another product. In id
  // order: the order products come from the stores is not stable (the seed writes batches at once),
  // and the draw must be the same set for the same seed.
  const pool = products
    .filter((p) => compactModel(p.model).length >= 5)
    .toSorted((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const drawn: Target[] = [];
  const used = new Set<number>();
  while (drawn.length < Math.min(perKind, pool.length)) {
    const i = Math.floor(rnd() * pool.length);
    if (used.has(i)) continue;
    used.add(i);
    drawn.push(pool[i]);
  }
  const cases: Case[] = [];
  for (const t of drawn) {
    const firstWord = t.manufacturer.split(/\s+/)[0];
    cases.push({ kind: 'exact', q: t.model, target: t });
    cases.push({ kind: 'compact', q: compactModel(t.model), target: t });
    cases.push({ kind: 'spaced', q: t.model.replace(/[^\p{L}\p{N}]+/gu, ' ').trim(), target: t });
    cases.push({ kind: 'manufacturer+model', q: `${firstWord} ${t.model}`, target: t });
    cases.push({ kind: 'no-company-suffix+model', q: `${withoutCompanySuffix(t.manufacturer)} ${t.model}`, target: t });
    cases.push({ kind: 'prefix', q: t.model.slice(0, Math.max(3, Math.ceil(t.model.length * 0.7))), target: t });
    cases.push({ kind: 'one-typo', q: oneTypo(t.model, rnd), target: t });
    cases.push({ kind: 'manufacturer', q: withoutCompanySuffix(t.manufacturer), target: t });
    if (t.category === 'pv-module' && t.stc_power_w)
      cases.push({ kind: 'wattage-first', q: `${Math.round(t.stc_power_w)}W ${firstWord}`, target: t });
  }
  return cases;
}

/** 1-based rank of the first hit that counts as found for the case, or 0 when none of the hits does. */
export function rankOf(c: Case, hits: readonly Hit[]): number {
  const i = hits.findIndex((h) => found(c, h));
  if (i >= 0) return i + 1;
  // A prefix is answered when every hit carries it (the products it names are more than the page).
  if (c.kind === 'prefix' && hits.length > 0 && hits.every((h) => compactModel(h.model).startsWith(compactModel(c.q))))
    return 1;
  return 0;
}

function found(c: Case, h: Hit): boolean {
  const sameMaker =
    c.target.company !== undefined ? h.company?.id === c.target.company : h.manufacturer === c.target.manufacturer;
  switch (c.kind) {
    case 'manufacturer':
      return sameMaker;
    case 'wattage-first':
      return (
        sameMaker &&
        h.category === 'pv-module' &&
        Math.round(h.specs?.stc_power_w ?? -1) === Math.round(c.target.stc_power_w ?? -2)
      );
    default:
      return h.id === c.target.id || h.model === c.target.model;
  }
}

export interface KindReport {
  readonly kind: Kind;
  readonly queries: number;
  readonly at1: number;
  readonly at3: number;
  readonly at10: number;
  readonly misses: string[];
}

/** success@1, @3, @10 per kind, with a few of the queries that missed at the kind's target depth. */
export function summarize(cases: readonly Case[], ranks: readonly number[]): KindReport[] {
  return KINDS.map((kind) => {
    const mine = cases.map((c, i) => ({ c, r: ranks[i] })).filter((x) => x.c.kind === kind);
    const share = (k: number) => (mine.length ? mine.filter((x) => x.r > 0 && x.r <= k).length / mine.length : 0);
    const at = TARGETS[kind]?.at ?? 3;
    const misses = mine
      .filter((x) => x.r === 0 || x.r > at)
      .slice(0, 5)
      .map((x) => `${x.c.q} -> ${x.c.target.model}`);
    return { kind, queries: mine.length, at1: share(1), at3: share(3), at10: share(10), misses };
  }).filter((r) => r.queries > 0);
}
