// Reading every hit of a search, however many: pages in sort order, each asked after the last hit of
// the one before (search_after), so memory holds one page whatever the total. Shared by the export's
// point-in-time scan and the reindex's read of an index, as elasticsearch-js's helpers page.
import type { estypes } from '@elastic/elasticsearch';

/** One search: the client's, wrapped as its caller needs (timed, errors translated). */
export type SearchCall<T> = (body: estypes.SearchRequest) => Promise<estypes.SearchResponse<T>>;

/**
 * The pages of `body` (which must sort by a unique key, or a hit could be skipped or repeated), read
 * one at a time as they are asked for; a page shorter than `body.size` is the last.
 */
export async function* searchPages<T>(
  search: SearchCall<T>,
  body: estypes.SearchRequest & { readonly size: number },
): AsyncGenerator<estypes.SearchHit<T>[], void, undefined> {
  for (let after: estypes.SortResults | undefined; ;) {
    const { hits } = (await search({ ...body, ...(after ? { search_after: after } : {}) })).hits;
    yield hits;
    if (hits.length < body.size) return;
    after = hits.at(-1)!.sort;
  }
}
