// What a search or list selects, as Elasticsearch filters: the parameters' categories, companies,
// quality, edition, spec bounds and values; what an understood exclusion leaves out; an export's filter.
// Filters only select: they never score (relevance is search-relevance.ts).
import type { estypes } from '@elastic/elasticsearch';
import { NOMINAL_POWER_SPECS, SPECS, type SpecName } from '../../catalog/spec-catalog';
import {
  NOMINAL_POWER,
  type ProductFilter,
  type ProductQuery,
  type Range,
  type SpecValues,
} from '../../catalog/product-query';

type Query = estypes.QueryDslQueryContainer;

/**
 * Integer specs are indexed as 32-bit integers, and Elasticsearch refuses a bound outside that range
 * (the contract allows up to 1e114). Clamped, a bound selects the same products: no stored value lies
 * beyond it.
 */
const INT32 = 2 ** 31;
const bound = (spec: SpecName, value: number) =>
  SPECS[spec].type === 'integer' ? Math.min(INT32 - 1, Math.max(-INT32, value)) : value;

/** A keyword field holding one of `values` (the client's types take a mutable list: this one is a copy). */
export const anyOf = (field: string, values: readonly string[]): Query => ({ terms: { [field]: [...values] } });

/** One bound on a spec; on the nominal power, on any of the nominal powers. */
export function rangeClause(r: Range): Query {
  if (r.spec === NOMINAL_POWER)
    return {
      bool: {
        should: NOMINAL_POWER_SPECS.map((spec) => ({ range: { [`specs.${spec}`]: { [r.op]: r.value } } })),
        minimum_should_match: 1,
      },
    };
  return { range: { [`specs.${r.spec}`]: { [r.op]: bound(r.spec, r.value) } } };
}

/** A text spec holding one of the values (stored lower-case), or a boolean spec holding the value. */
export function valuesClause(v: SpecValues): Query {
  return { terms: { [`specs.${v.spec}`]: v.values.map((x) => (typeof x === 'string' ? x.toLowerCase() : x)) } };
}

/** The parameters' filters, in the order they are checked. */
export function queryFilters(
  query: Pick<
    ProductQuery,
    'categories' | 'manufacturers' | 'series' | 'quality' | 'inLatestEdition' | 'ranges' | 'values'
  >,
): Query[] {
  const out: Query[] = [];
  if (query.categories.length > 0) out.push({ terms: { category: query.categories } });
  // A company id, any spelling of a company or a short form of it: the whole company (company_match, lower-cased).
  if (query.manufacturers.length > 0)
    out.push({ terms: { company_match: query.manufacturers.map((m) => m.toLowerCase()) } });
  if (query.series.length > 0) out.push(anyOf('series.id', query.series));
  if (query.quality.length > 0) out.push({ terms: { 'quality.status': query.quality } });
  if (query.inLatestEdition !== undefined) out.push({ term: { 'listing.in_latest_edition': query.inLatestEdition } });
  for (const r of query.ranges) out.push(rangeClause(r));
  for (const v of query.values) out.push(valuesClause(v));
  return out;
}

/**
 * What an understood exclusion ("not bifacial", "without SMA") leaves out: its companies and spec
 * values. It holds whichever reading matched: the words as typed must not bring back what it leaves out.
 */
export function exclusions(query: ProductQuery): Query[] {
  const excluded = query.understood?.excluded;
  if (!excluded) return [];
  return [
    ...(excluded.companies.length ? [anyOf('company_match', excluded.companies)] : []),
    ...excluded.values.map(valuesClause),
  ];
}

/** The query an export's filter makes. */
export function filterQuery(filter: ProductFilter): Query {
  const terms: Query[] = [
    ...(filter.category ? [{ term: { category: filter.category } }] : []),
    ...(filter.inLatestEdition !== undefined
      ? [{ term: { 'listing.in_latest_edition': filter.inLatestEdition } }]
      : []),
    ...(filter.afterId !== undefined ? [{ range: { id: { gt: filter.afterId } } }] : []),
    // The list operation's filters, meant as there (a SAM list export).
    ...queryFilters({
      categories: [],
      manufacturers: [...(filter.manufacturers ?? [])],
      series: [...(filter.series ?? [])],
      quality: [...(filter.quality ?? [])],
      ranges: [...(filter.ranges ?? [])],
      values: [...(filter.values ?? [])],
    }),
  ];
  return terms.length > 0 ? { bool: { filter: terms } } : { match_all: {} };
}
