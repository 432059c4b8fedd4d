// Whether a product satisfies a saved search, judged on the product as the index holds it (its
// search document): every filter given, every part the search understood of `q` (each quantity
// within its tolerance), and every word left over found in its maker, model, variant or aliases.
// This is the strict reading a search ranks first; a search's looser matches (words as typed,
// relaxed parts) only rank, so they do not make a match here.
import { NOMINAL_POWER, type Range, type SpecValues } from '../catalog/product-query';
import { NOMINAL_POWER_SPECS } from '../catalog/spec-catalog';
import { compactModel, type SearchDocument } from '../catalog/search-document';
import type { SavedSearch } from '../catalog/watch.types';

type Doc = Pick<SearchDocument, 'category' | 'company_match' | 'specs' | 'quality' | 'listing' | 'search_text'>;

const numbers = (doc: Doc, spec: string): number[] => {
  const specs = spec === NOMINAL_POWER ? NOMINAL_POWER_SPECS : [spec];
  return specs.map((s) => doc.specs[s]).filter((v): v is number => typeof v === 'number');
};

const COMPARE = {
  gte: (a: number, b: number) => a >= b,
  gt: (a: number, b: number) => a > b,
  lte: (a: number, b: number) => a <= b,
  lt: (a: number, b: number) => a < b,
} as const;

const inRange = (doc: Doc, r: Range) => numbers(doc, r.spec).some((v) => COMPARE[r.op](v, r.value));

function hasValue(doc: Doc, v: SpecValues): boolean {
  const have = doc.specs[v.spec];
  const norm = (x: unknown) => (typeof x === 'string' ? x.toLowerCase() : x);
  const held = Array.isArray(have) ? have.map(norm) : [norm(have)];
  return v.values.some((want) => held.includes(norm(want)));
}

const anyOf = (wanted: readonly string[], have: readonly string[]) =>
  wanted.length === 0 || wanted.some((w) => have.includes(w.toLowerCase()));

export function matchesSearch(search: SavedSearch, doc: Doc): boolean {
  const q = search.query;
  const u = search.understood;
  if (q.categories.length > 0 && !q.categories.includes(doc.category)) return false;
  if (!anyOf(q.manufacturers, doc.company_match)) return false;
  if (q.quality.length > 0 && !q.quality.includes(doc.quality.status)) return false;
  if (q.inLatestEdition !== undefined && doc.listing.in_latest_edition !== q.inLatestEdition) return false;
  if (!q.ranges.every((r) => inRange(doc, r)) || !q.values.every((v) => hasValue(doc, v))) return false;
  if (!u) return q.q === undefined || wordsFound(q.q, doc);
  if (u.categories.length > 0 && !u.categories.includes(doc.category)) return false;
  if (!anyOf(u.companies, doc.company_match)) return false;
  if (!u.ranges.every((r) => inRange(doc, r)) || !u.values.every((v) => hasValue(doc, v))) return false;
  if (!u.near.every((n) => numbers(doc, n.spec).some((v) => v >= n.min && v <= n.max))) return false;
  return u.text === undefined || wordsFound(u.text, doc);
}

/** Every word, compared without case or punctuation, appears in the product's searchable text. */
function wordsFound(text: string, doc: Doc): boolean {
  const haystack = compactModel(doc.search_text);
  return text
    .split(/\s+/)
    .map(compactModel)
    .filter(Boolean)
    .every((w) => haystack.includes(w));
}
