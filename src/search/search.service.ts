// Collection pages for list and search: parse, bind the cursor to the query, ask the index for one
// item more than the page so `next_cursor` appears exactly when another page exists.
import { NOTICE } from '../catalog/notice';
import { parseProductQuery, queryHash, type CollectionQuery } from './product-query';
import { decodeCursor, encodeCursor, type SortValue } from '../shared/cursor';
import type { Facets, Mode, ProductQuery, ResultPage } from '../catalog/product-query';

/** The current products (adapters/elasticsearch/product-index.ts). */
export interface SearchPort {
  /** A page of `query`'s results after `after`: limit + 1 hits, so a next page shows; facets when asked. */
  find(query: ProductQuery, after: SortValue[] | undefined, withFacets: boolean): Promise<ResultPage>;
  /** Spellings in the data to try instead of `text`, best first. */
  suggest(text: string): Promise<string[]>;
}

export interface ProductCollection {
  data: Record<string, unknown>[];
  meta: { limit: number; total: number; notice: string; next_cursor?: string; facets?: Facets; suggestions?: string[] };
}

export async function findProducts(
  mode: Mode,
  rawQuery: CollectionQuery,
  port: SearchPort,
  cursorSecret: string,
): Promise<ProductCollection> {
  const query = parseProductQuery(mode, rawQuery);
  const hash = queryHash(query);
  const after = query.cursor ? decodeCursor(query.cursor, hash, cursorSecret) : undefined;
  // Facets describe the whole result set, so they come with the first page only.
  const withFacets = mode === 'search' && !after;
  const result = await port.find(query, after, withFacets);
  const page = result.hits.slice(0, query.limit);
  const meta: ProductCollection['meta'] = { limit: query.limit, total: result.total, notice: NOTICE };
  if (result.hits.length > query.limit) meta.next_cursor = encodeCursor(hash, page[page.length - 1].sort, cursorSecret);
  if (withFacets && result.facets) meta.facets = result.facets;
  if (mode === 'search' && query.q && !after && result.total === 0) meta.suggestions = await port.suggest(query.q);
  return { data: page.map((h) => h.source), meta };
}
