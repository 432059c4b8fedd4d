// Builds the search for a product's substitutes: its category, without itself, within a window of
// its primary spec; scored by how near each deciding spec lies (a Gaussian, half at `within` of
// the product's value) and which text specs it shares; current listings before the rest.
import type { estypes } from '@elastic/elasticsearch';
import type { NearestQuery } from '../../catalog/substitution';

/** `source`: the stored fields each substitute comes with. */
export function buildSimilarRequest(query: NearestQuery, source: readonly string[]): estypes.SearchRequest {
  const filter: estypes.QueryDslQueryContainer[] = [{ term: { category: query.category } }];
  if (query.window)
    filter.push({ range: { [`specs.${query.window.spec}`]: { gte: query.window.min, lte: query.window.max } } });
  // A decay function scores a product without the field as a perfect match; each counts only where the value exists.
  const near = query.near.map((n): estypes.QueryDslFunctionScoreContainer => ({
    filter: { exists: { field: `specs.${n.spec}` } },
    gauss: {
      [`specs.${n.spec}`]: { origin: n.value, scale: Math.max(Math.abs(n.value) * n.within, 1e-9), decay: 0.5 },
    },
    weight: n.weight,
  }));
  const same = query.same.map((s): estypes.QueryDslFunctionScoreContainer => ({
    filter: { term: { [`specs.${s.spec}`]: s.value.toLowerCase() } },
    weight: s.weight,
  }));
  return {
    size: query.limit,
    track_total_hits: false,
    // Sorted by a field first, Elasticsearch reports each hit's score only when asked.
    track_scores: true,
    query: {
      function_score: {
        query: { bool: { filter, must_not: [{ ids: { values: [query.id] } }] } },
        functions: [...near, ...same],
        score_mode: 'sum',
        boost_mode: 'replace',
      },
    },
    // Listed now first, then nearest; the id settles ties so the answer is stable.
    sort: [{ 'listing.in_latest_edition': { order: 'desc' } }, { _score: { order: 'desc' } }, { id: { order: 'asc' } }],
    _source: [...source],
  };
}
