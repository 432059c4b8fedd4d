// Builds the Elasticsearch request for a collection page. Pure: the same function serves the API,
// its unit tests and the benchmark that replays the exact bodies against raw Elasticsearch.
import { NUMERIC_SPECS } from '../contract/query-vocabulary';
import { compactModel, modelParts } from './search-document';
import type { ProductQuery } from './product-query';
import type { SortValue } from './cursor';

const SORT_FIELD: Record<string, string> = { model: 'model.keyword', manufacturer: 'manufacturer.keyword', category: 'category', id: 'id' };
const SUMMARY_SOURCE = ['id', 'model', 'manufacturer', 'category', 'variant', 'aliases', 'specs', 'quality'];

/** Relevance for equipment names: exact model first, then part-number prefixes, phrases, then all words anywhere. */
export function textQuery(q: string) {
  const compact = compactModel(q);
  return {
    bool: {
      should: [
        { term: { 'model.keyword': { value: q, boost: 20 } } },
        ...(compact.length >= 3 ? [{ prefix: { model_compact: { value: compact, boost: 8 } } }] : []),
        { match_phrase: { model: { query: q, boost: 6 } } },
        { match: { model_parts: { query: modelParts(q), operator: 'and', boost: 3 } } },
        { multi_match: { query: q, type: 'cross_fields', operator: 'and', fields: ['model^3', 'model_parts^2', 'manufacturer^2', 'aliases', 'search_text'] } },
      ],
      minimum_should_match: 1,
    },
  };
}

function filters(query: ProductQuery): object[] {
  const out: object[] = [];
  if (query.categories.length > 0) out.push({ terms: { category: query.categories } });
  if (query.manufacturers.length > 0) out.push({ terms: { 'manufacturer.keyword': query.manufacturers } });
  if (query.quality.length > 0) out.push({ terms: { 'quality.status': query.quality } });
  for (const r of query.ranges) out.push({ range: { [`specs.${r.spec}`]: { [r.op]: r.value } } });
  return out;
}

function sortClause(query: ProductQuery): object[] {
  const keys = query.sort.length > 0 ? query.sort : query.mode === 'list' ? [{ key: 'model', desc: false }] : [];
  const clause: object[] = keys.map((s) => ({ [SORT_FIELD[s.key] ?? s.key]: { order: s.desc ? 'desc' : 'asc', missing: '_last' } }));
  if (keys.length === 0) clause.push({ _score: { order: 'desc' } });
  if (!keys.some((s) => s.key === 'id')) clause.push({ id: { order: 'asc' } });
  return clause;
}

function sourceFor(fields: string[] | undefined): string[] {
  if (!fields) return SUMMARY_SOURCE;
  return [...new Set(['id', ...fields.map((f) => (f === 'aliases' ? 'aliases' : f))])];
}

function facetAggs(query: ProductQuery) {
  const aggs: Record<string, object> = {
    category: { terms: { field: 'category', size: 10 } },
    manufacturer: { terms: { field: 'manufacturer.raw', size: 25 } },
  };
  if (query.categories.length === 1) for (const spec of NUMERIC_SPECS) aggs[`spec:${spec}`] = { stats: { field: `specs.${spec}` } };
  return aggs;
}

/** One page: limit + 1 hits are asked for, so the presence of a next page is known exactly. */
export function buildSearchRequest(query: ProductQuery, after: SortValue[] | undefined, withFacets: boolean) {
  const must = query.q ? [textQuery(query.q)] : [];
  const filter = filters(query);
  return {
    size: query.limit + 1,
    track_total_hits: true,
    query: must.length || filter.length ? { bool: { must, filter } } : { match_all: {} },
    sort: sortClause(query),
    _source: sourceFor(query.fields),
    ...(after ? { search_after: after } : {}),
    ...(withFacets ? { aggs: facetAggs(query) } : {}),
  };
}
