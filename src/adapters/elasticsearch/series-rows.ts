// A page grouped by series (catalog/series-groups.ts) in two requests. Elasticsearch's field collapsing
// cannot page with search_after unless the search is sorted by the collapse field alone ("Cannot use
// [collapse] in conjunction with [search_after] unless the search is sorted on the same field. Multiple
// sort fields are not allowed.", ES 9), and a relevance order with an id tiebreaker is neither; and
// products in no series would all collapse into one null group. So the grouping is an aggregation:
//   1. the lines among the matches (a terms aggregation on `series.id`, as many buckets as the table
//      has lines, so every count is exact): each line's variant count, the span of each range spec,
//      and its best-ranked variant (top_hits of one, in the page's own order);
//   2. the page itself, in its own order with the same search_after cursor, over the matches that are
//      either in no series or the best variant of theirs: one row per line, every other product its own.
// The scores of both are the same query's (a filter adds none), so the best variant is the row.
import type { estypes } from '@elastic/elasticsearch';
import type { ProductQuery, SeriesRows, SpecSpan } from '../../catalog/product-query';
import { SERIES } from '../../catalog/series';
import { rangeSpecs } from '../../catalog/series-groups';
import { searchQuery, sortClause } from './search-request';
import { TOTAL_EXACT_UP_TO } from '../../contract/query-vocabulary';

const SERIES_FIELD = 'series.id';

export interface LineBucket {
  key: string;
  doc_count: number;
  best: { hits: { hits: { _id?: string | null }[] } };
  [spec: `span_${string}`]: { count: number; min: number | null; max: number | null };
}
export interface LineAggregates {
  lines: { buckets: LineBucket[] };
}

/**
 * The lines among `query`'s matches, with what a grouped page needs of each (and `aggs` beside, the
 * facets when they are counted in the same pass); the products are counted as the page counts them.
 */
export function linesRequest(
  query: ProductQuery,
  exactTotal: boolean,
  aggs?: Record<string, estypes.AggregationsAggregationContainer>,
): estypes.SearchRequest {
  const spans = Object.fromEntries(rangeSpecs(query).map((s) => [`span_${s}`, { stats: { field: `specs.${s}` } }]));
  return {
    size: 0,
    track_total_hits: exactTotal ? true : TOTAL_EXACT_UP_TO,
    query: searchQuery(query),
    aggs: {
      ...aggs,
      lines: {
        terms: { field: SERIES_FIELD, size: SERIES.length },
        aggs: { best: { top_hits: { size: 1, sort: sortClause(query), _source: false } }, ...spans },
      },
    },
  };
}

/** The ids of each line's best variant, and each line's count and spans. */
export function linesFrom(aggs: LineAggregates | undefined): { best: string[]; bySeries: SeriesRows['bySeries'] } {
  const best: string[] = [];
  const bySeries: Record<string, { count: number; specs: Record<string, SpecSpan> }> = {};
  for (const b of aggs?.lines.buckets ?? []) {
    const top = b.best.hits.hits[0]?._id;
    if (top) best.push(top);
    const specs: Record<string, SpecSpan> = {};
    for (const [name, span] of Object.entries(b))
      if (name.startsWith('span_') && typeof span === 'object' && span && 'count' in span && span.count > 0)
        specs[name.slice('span_'.length)] = { min: span.min!, max: span.max! };
    bySeries[b.key] = { count: b.doc_count, specs };
  }
  return { best, bySeries };
}

/** A page's request narrowed to its rows: products in no series, and the best variant of each line. */
export function rowsOnly(page: estypes.SearchRequest, best: readonly string[]): estypes.SearchRequest {
  const rows: estypes.QueryDslQueryContainer = {
    bool: {
      should: [
        { bool: { must_not: [{ exists: { field: SERIES_FIELD } }] } },
        ...(best.length ? [{ ids: { values: [...best] } }] : []),
      ],
      minimum_should_match: 1,
    },
  };
  return { ...page, query: { bool: { must: [page.query ?? { match_all: {} }], filter: [rows] } } };
}
