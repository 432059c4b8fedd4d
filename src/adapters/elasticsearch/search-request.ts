// Builds the Elasticsearch request for a collection page: what it selects (search-filters.ts), how
// its text scores (search-relevance.ts, weights in search-ranking.ts), its order, its fields and, on a
// first page, its facets (search-aggregations.ts). Pure: the API and the body unit tests call the same
// functions (the benchmark's raw-Elasticsearch side replays the bodies the gateway sent, bench/capture.ts).
import type { estypes } from '@elastic/elasticsearch';
import type { ProductQuery } from '../../catalog/product-query';
import type { SortValue } from '../../shared/cursor';
import { exclusions, queryFilters } from './search-filters';
import { textQuery } from './search-relevance';
import { FACET_AGGS } from './search-aggregations';
import { TOTAL_EXACT_UP_TO } from '../../contract/query-vocabulary';
import { basisFields, rankedSpec } from '../../catalog/rank-basis';
import { groupFields } from '../../catalog/series-groups';
import { gridSource } from '../../catalog/design-point';
import { designPointFilter, designPointSort } from './design-point-clauses';

const SORT_FIELD: ReadonlyMap<string, string> = new Map([
  ['model', 'model.keyword'],
  ['manufacturer', 'manufacturer.keyword'],
  ['category', 'category'],
  ['id', 'id'],
]);
const SUMMARY_SOURCE = [
  'id',
  'model',
  'manufacturer',
  'company',
  'made_by',
  'series',
  'category',
  'variant',
  'aliases',
  'specs',
  'quality',
  'listing',
];

export function sortClause(query: ProductQuery): estypes.SortCombinations[] {
  const ranked = query.understood?.sort;
  const atPoint = designPointSort(query.understood);
  const keys =
    query.sort.length > 0
      ? query.sort
      : atPoint
        ? [atPoint]
        : ranked
          ? [{ key: `specs.${ranked.spec}`, desc: ranked.desc }]
          : query.mode === 'list'
            ? [{ key: 'model', desc: false }]
            : [];
  const clause: estypes.SortCombinations[] = keys.map((s) => ({
    [SORT_FIELD.get(s.key) ?? s.key]: {
      order: s.desc ? 'desc' : 'asc',
      missing: '_last',
      // An index built before a spec existed (a derived one) sorts it as missing rather than failing.
      ...(s.key.startsWith('specs.') || s.key.startsWith('design_grid.') ? { unmapped_type: 'double' } : {}),
    },
  }));
  if (keys.length === 0) clause.push({ _score: { order: 'desc' } });
  if (!keys.some((s) => s.key === 'id')) clause.push({ id: { order: 'asc' } });
  return clause;
}

/**
 * The fields asked for (the summary by default), what a ranked hit's basis needs (rank-basis.ts) and
 * what a grouped row's range needs (series-groups.ts).
 */
function sourceFor(query: ProductQuery): string[] {
  const spec = rankedSpec(query);
  const point = query.understood?.designPoint?.point;
  const extra = [
    ...(spec ? basisFields(spec) : []),
    ...(query.groupBy ? groupFields(query) : []),
    ...(point ? [gridSource(point)] : []),
  ];
  if (!query.fields) return extra.length ? [...new Set([...SUMMARY_SOURCE, ...extra])] : SUMMARY_SOURCE;
  return [...new Set(['id', ...query.fields, ...extra])];
}

/** What a query selects and how its text scores: the same for its pages and its facets. */
export function searchQuery(query: ProductQuery): estypes.QueryDslQueryContainer {
  const must = query.q ? [textQuery(query.q, query.understood)] : [];
  const filter = [...queryFilters(query), ...designPointFilter(query)];
  const mustNot = exclusions(query);
  return must.length || filter.length || mustNot.length
    ? { bool: { must, filter, ...(mustNot.length ? { must_not: mustNot } : {}) } }
    : { match_all: {} };
}

/**
 * One page: limit + 1 hits are asked for, so the presence of a next page is known exactly. Matches
 * are counted exactly where `exactTotal` (an index whose facets are never sampled: every match is
 * counted for them anyway), else up to TOTAL_EXACT_UP_TO only, so past it the engine may skip what
 * cannot reach the page. The facets, when asked with it, are counted in the same pass
 * (search-aggregations.ts says when).
 */
export function buildSearchRequest(
  query: ProductQuery,
  after: SortValue[] | undefined,
  withFacets: boolean,
  exactTotal = false,
): estypes.SearchRequest {
  return {
    size: query.limit + 1,
    track_total_hits: exactTotal ? true : TOTAL_EXACT_UP_TO,
    query: searchQuery(query),
    sort: sortClause(query),
    _source: sourceFor(query),
    ...(after ? { search_after: after } : {}),
    ...(withFacets ? { aggs: FACET_AGGS } : {}),
  };
}
