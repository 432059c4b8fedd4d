// The alias as read: every read of the product index goes to the alias through the read cache (exact within one
// index generation, bounded by the text kept), and a search under the search timeout.
import type { estypes } from '@elastic/elasticsearch';
import type { EsClient } from './client';
import { esCall, answerText } from './client';
import type { ReadCache } from './read-cache';
import { AppError } from '../../errors/app-error';
import { searchTimedOut } from '../../errors/catalog';
import type { IndexField, Projection } from '../../catalog/search-document';
import type { ResultPage } from '../../catalog/product-query';

/** A document as read: the stored fields asked for. */
export type Source = Record<string, unknown>;
/** Aggregations read without a type of their own: the client's union of every kind. */
export type Aggregates = Record<string, estypes.AggregationsAggregate>;

/**
 * A stored document read with `_source` limited to the fields `F`: the index holds search documents
 * only (toSearchDocument writes every one), so what comes back is those fields of one. The one place
 * a read's type is asserted rather than checked.
 */
export const projected = <F extends IndexField>(source: Source) => source as Projection<F>;

/** Elasticsearch reports the total as a number or as `{ value, relation }`, depending on the request. */
export function totalOf(hits: {
  total?: number | estypes.SearchTotalHits;
}): Pick<ResultPage, 'total' | 'totalRelation'> {
  if (typeof hits.total === 'number') return { total: hits.total, totalRelation: 'eq' };
  return { total: hits.total?.value ?? 0, totalRelation: hits.total?.relation ?? 'eq' };
}

export class AliasReader {
  constructor(
    readonly es: EsClient,
    readonly alias: string,
    private readonly cache: ReadCache,
    private readonly searchTimeoutMs: number,
  ) {}

  /**
   * A search the engine stops at `searchTimeoutMs` (its own `timeout`, and the transport's a second
   * later for work the engine does before collecting): a text that costs more answers a 503 problem,
   * and no partial page is ever served or cached as if it were whole.
   */
  timedSearch<A = Aggregates>(body: estypes.SearchRequest) {
    const ms = this.searchTimeoutMs;
    return this.cached(`search ${JSON.stringify(body)}`, async () => {
      const res = await this.es.search<Source, A>(
        { index: this.alias, ...body, timeout: `${ms}ms` },
        { requestTimeout: ms + 1000 },
      );
      if (res.timed_out) throw new AppError(searchTimedOut(ms));
      return res;
    });
  }

  search<A = Aggregates>(body: estypes.SearchRequest) {
    return this.cached(`search ${JSON.stringify(body)}`, () =>
      this.es.search<Source, A>({ index: this.alias, ...body }),
    );
  }

  /** A search past the cache (a read the caller keeps itself, once per generation). */
  uncachedSearch<A = Aggregates>(body: estypes.SearchRequest) {
    return esCall(() => this.es.search<Source, A>({ index: this.alias, ...body }));
  }

  /** One product's stored fields (`source`: which), or null when the alias holds no such id. */
  async get<F extends IndexField>(id: string, source: readonly F[]): Promise<Projection<F> | null> {
    const res = await this.cached(`get ${id} ${source.join(',')}`, () =>
      this.es.get<Source>({ index: this.alias, id, _source_includes: [...source] }, { ignore: [404] }),
    );
    return res.found && res._source ? projected<F>(res._source) : null;
  }

  /** Several products in the order asked, null where the alias holds no such id. */
  async getMany<F extends IndexField>(ids: readonly string[], source: readonly F[]): Promise<(Projection<F> | null)[]> {
    const res = await this.cached(`mget ${ids.join(',')} ${source.join(',')}`, () =>
      this.es.mget<Source>({ index: this.alias, ids: [...ids], _source_includes: [...source] }),
    );
    return res.docs.map((d) => ('found' in d && d.found && d._source ? projected<F>(d._source) : null));
  }

  /** How many documents `query` selects. */
  async count(query: estypes.QueryDslQueryContainer): Promise<number> {
    return (await this.cached(`count ${JSON.stringify(query)}`, () => this.es.count({ index: this.alias, query })))
      .count;
  }

  /** Several searches in one `_msearch`; one of them failing is the engine failing (an unknown model
   * is no error): not kept, not answered. */
  msearch(searches: estypes.MsearchRequestItem[]) {
    return this.cached(`models ${JSON.stringify(searches)}`, async () => {
      const answer = await this.es.msearch<Source>({ index: this.alias, searches });
      if (answer.responses.some((r) => 'error' in r))
        throw new AppError('DEPENDENCY_UNAVAILABLE', 'The search engine failed part of a request.', {
          headers: { 'Retry-After': '5' },
        });
      return answer;
    });
  }

  /** The answer to `request` (a key naming it whole) as cached, or `call()`'s. */
  cached<T extends object>(request: string, call: () => Promise<T>): Promise<T> {
    return this.cache.read(request, () =>
      esCall(async () => {
        const body = await call();
        return { value: body, text: answerText(body) };
      }),
    );
  }
}
