// Collection pages for list and search: parse, bind the cursor to the query, ask the index for one
// item more than the page so `next_cursor` appears exactly when another page exists.
import { NOTICE } from '../contract/openapi';
import { parseProductQuery, queryHash, type Mode } from './product-query';
import { buildSearchRequest } from './search-request';
import { decodeCursor, encodeCursor } from './cursor';
import { buildSuggestRequest, suggestionsFrom } from './suggestions';
import type { SearchResult } from '../adapters/elasticsearch/product-index';

export interface SearchPort {
  search(body: object): Promise<SearchResult>;
}

export interface ProductCollection {
  data: Record<string, unknown>[];
  meta: { limit: number; total: number; notice: string; next_cursor?: string; facets?: object; suggestions?: string[] };
}

export async function findProducts(mode: Mode, rawQuery: Record<string, any>, port: SearchPort, cursorSecret: string): Promise<ProductCollection> {
  const query = parseProductQuery(mode, rawQuery);
  const hash = queryHash(query);
  const after = query.cursor ? decodeCursor(query.cursor, hash, cursorSecret) : undefined;
  // Facets describe the whole result set, so they come with the first page only.
  const withFacets = mode === 'search' && !after;
  const result = await port.search(buildSearchRequest(query, after, withFacets));
  const page = result.hits.slice(0, query.limit);
  const meta: ProductCollection['meta'] = { limit: query.limit, total: result.total, notice: NOTICE };
  if (result.hits.length > query.limit) meta.next_cursor = encodeCursor(hash, page[page.length - 1].sort, cursorSecret);
  if (withFacets && result.aggregations) meta.facets = facets(result.aggregations);
  if (mode === 'search' && query.q && !after && result.total === 0) {
    meta.suggestions = suggestionsFrom(query.q, (await port.search(buildSuggestRequest(query.q))).suggest);
  }
  return { data: page.map((h) => h.source), meta };
}

function facets(aggs: Record<string, any>) {
  const buckets = (name: string) => (aggs[name]?.buckets ?? []).map((b: { key: string; doc_count: number }) => ({ value: b.key, count: b.doc_count }));
  const specs: Record<string, { min: number; max: number; count: number }> = {};
  for (const [name, agg] of Object.entries(aggs)) {
    if (name.startsWith('spec:') && agg.count > 0) specs[name.slice(5)] = { min: agg.min, max: agg.max, count: agg.count };
  }
  return { category: buckets('category'), manufacturer: buckets('manufacturer'), ...(Object.keys(specs).length ? { specs } : {}) };
}
