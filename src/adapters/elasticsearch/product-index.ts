// The read model of current products: every list, search, get, compare and export reads the alias.
// Answers come through the read cache (exact within one index generation, bounded by the text kept); an export is a
// point-in-time scan, which pins the generation it started on until it ends.
import type { estypes } from '@elastic/elasticsearch';
import type { EsClient } from './client';
import { esCall, answerText } from './client';
import type { IndexGeneration } from './index-generation';
import { ReadCache, type CacheLimits } from './read-cache';
import { buildSearchRequest, searchQuery } from './search-request';
import { FACET_SAMPLE_TARGET } from '../../contract/query-vocabulary';
import { filterQuery } from './search-filters';
import {
  COMPANY_NAMES_PAGE,
  FACET_AGGS,
  categorySpecsRequest,
  companiesRequest,
  companyNamesRequest,
  facetsFrom,
  facetsRequest,
  sampledFacetsRequest,
  specRangesFrom,
  type FacetAggregates,
  type SpecStats,
} from './search-aggregations';
import { buildSuggestRequest, suggestionsFrom } from './suggestions';
import { buildSimilarRequest } from './similar-request';
import { modelSearches } from './model-request';
import { searchPages } from './search-pages';
import { linesFrom, linesRequest, rowsOnly, type LineAggregates } from './series-rows';
import { AppError } from '../../errors/app-error';
import { searchTimedOut } from '../../errors/catalog';
import type { NearestQuery } from '../../catalog/substitution';
import type { IndexField, Projection } from '../../catalog/search-document';
import type {
  CompanyNames,
  CompanyPage,
  ProductFilter,
  ProductQuery,
  ResultPage,
  SeriesRows,
  SpecRanges,
} from '../../catalog/product-query';
import type { SortValue } from '../../shared/cursor';

export interface Scan<D> {
  /** The documents, read a page at a time; the point in time is closed when they end. */
  readonly documents: AsyncIterable<D>;
  /** Closes the point in time early (a scan abandoned before or while it is read). */
  readonly close: () => Promise<void>;
}

/** A document as read: the stored fields asked for. */
type Source = Record<string, unknown>;
/** A page as read, before its facets: the hits, the products matching, and for a grouped page its rows. */
interface PageRead {
  readonly hits: estypes.SearchHit<Source>[];
  readonly total: Pick<ResultPage, 'total' | 'totalRelation'>;
  readonly aggs?: FacetAggregates;
  readonly groups?: SeriesRows;
}
/** Aggregations read without a type of their own: the client's union of every kind. */
type Aggregates = Record<string, estypes.AggregationsAggregate>;

const SCAN_PAGE = 1000;
const SCAN_KEEP_ALIVE = '1m';
const SCAN_RENEW_MS = 30_000;

/**
 * A stored document read with `_source` limited to the fields `F`: the index holds search documents
 * only (toSearchDocument writes every one), so what comes back is those fields of one. The one place
 * a read's type is asserted rather than checked.
 */
const projected = <F extends IndexField>(source: Source) => source as Projection<F>;

/** Elasticsearch reports the total as a number or as `{ value, relation }`, depending on the request. */
function totalOf(hits: { total?: number | estypes.SearchTotalHits }): Pick<ResultPage, 'total' | 'totalRelation'> {
  if (typeof hits.total === 'number') return { total: hits.total, totalRelation: 'eq' };
  return { total: hits.total?.value ?? 0, totalRelation: hits.total?.relation ?? 'eq' };
}

/** What a product index reads from: the engine, the alias, its generation, and its bounds. */
export interface ProductIndexSetup {
  readonly es: EsClient;
  readonly alias: string;
  readonly generation: IndexGeneration;
  readonly cacheLimits: CacheLimits;
  /** Longest a list or search may run in the engine before it answers 503 (SEARCH_TIMEOUT_MS; default 30 s). */
  readonly searchTimeoutMs?: number;
  /** Products a broad query's facets are counted over, about (the contract's FACET_SAMPLE_TARGET; tests lower it). */
  readonly facetSampleTarget?: number;
}

export class ProductIndex {
  private readonly cache: ReadCache;
  /** The companies' names of one index generation, read once for it (a few hundred KB, whatever the traffic). */
  private names?: { readonly generation: string; readonly companies: Promise<readonly CompanyNames[]> };
  /** Each category's spec ranges, read once per index generation (a handful of categories: a handful of entries). */
  private ranges?: { readonly generation: string; readonly byCategory: Map<string, Promise<SpecRanges>> };
  /** The probability broad facets are sampled at, from the index's size: read once per index generation. */
  private sampling?: { readonly generation: string; readonly probability: Promise<number> };

  private readonly es: EsClient;
  private readonly alias: string;
  private readonly generation: IndexGeneration;
  private readonly searchTimeoutMs: number;
  private readonly facetSampleTarget: number;

  constructor(setup: ProductIndexSetup) {
    this.es = setup.es;
    this.alias = setup.alias;
    this.generation = setup.generation;
    this.searchTimeoutMs = setup.searchTimeoutMs ?? 30_000;
    this.facetSampleTarget = setup.facetSampleTarget ?? FACET_SAMPLE_TARGET;
    this.cache = new ReadCache(setup.generation, setup.cacheLimits);
  }

  /** Every company current products name, with every name a `manufacturer` filter matches; one array per index generation. */
  async companyNames(): Promise<readonly CompanyNames[]> {
    const generation = await this.generation.current();
    if (this.names?.generation !== generation) {
      const companies = this.readCompanyNames();
      this.names = { generation, companies };
      // A failed read is not kept: the next search asks again.
      companies.catch(() => {
        if (this.names?.companies === companies) this.names = undefined;
      });
    }
    return this.names.companies;
  }

  private async readCompanyNames(): Promise<CompanyNames[]> {
    type Bucket = {
      key: { id: string };
      name: { buckets: { key: string }[] };
      names: { buckets: { key: string }[] };
      categories: { buckets: { key: string; doc_count: number }[] };
      made_by: { buckets: { key: string }[] };
      group: { buckets: { key: string }[] };
      group_name: { buckets: { key: string }[] };
    };
    const out: CompanyNames[] = [];
    for (let after: string | undefined; ;) {
      const body = companyNamesRequest(after);
      const res = await esCall(() =>
        this.es.search<Source, { companies: { buckets: Bucket[] } }>({ index: this.alias, ...body }),
      );
      const buckets = res.aggregations!.companies.buckets;
      for (const b of buckets) {
        const [group, groupName] = [b.group.buckets[0]?.key, b.group_name.buckets[0]?.key];
        out.push({
          id: b.key.id,
          name: b.name.buckets[0]?.key ?? b.key.id,
          names: b.names.buckets.map((n) => n.key),
          categories: Object.fromEntries(b.categories.buckets.map((c) => [c.key, c.doc_count])),
          madeBy: b.made_by.buckets.map((m) => m.key),
          ...(group ? { group: { id: group, name: groupName ?? group } } : {}),
        });
      }
      if (buckets.length < COMPANY_NAMES_PAGE) return out;
      after = buckets.at(-1)!.key.id;
    }
  }

  /**
   * A page of `query`'s results after `after` (limit + 1 hits), with the facets when asked; with one
   * category selected, the facets carry that category's spec ranges.
   */
  async find(query: ProductQuery, after: SortValue[] | undefined, withFacets: boolean): Promise<ResultPage> {
    const specs = withFacets && query.categories.length === 1 ? this.specRanges(query.categories[0]) : undefined;
    // A small index counts the facets in the page's own pass; a large one first learns from the page
    // whether the matches are few enough to count them all, or only a sample. Totals are as exact as
    // facets: every match counted where the facets would be (an index small enough that they are
    // never sampled), bounded where they would be sampled, so the cost still stops growing with it.
    const probability = await this.facetSampling();
    const together = withFacets && probability === 1;
    const page: PageRead = query.groupBy
      ? await this.groupedPage(query, after, together, probability === 1)
      : await this.plainPage(query, after, together, probability === 1);
    const aggs = together
      ? page.aggs
      : withFacets
        ? await this.facetsOf(query, page.total.totalRelation === 'eq' ? 1 : probability)
        : undefined;
    const ranges = await specs;
    const facets = aggs && {
      ...facetsFrom(aggs),
      ...(ranges && Object.keys(ranges).length > 0 ? { specs: ranges } : {}),
    };
    return {
      hits: page.hits.map((h) => ({ source: h._source ?? {}, sort: (h.sort ?? []) as SortValue[] })),
      ...page.total,
      ...(facets ? { facets } : {}),
      ...(page.groups ? { groups: page.groups } : {}),
    };
  }

  /** A page of products, with the facets when counted in the same pass (`together`). */
  private async plainPage(query: ProductQuery, after: SortValue[] | undefined, together: boolean, exact: boolean) {
    const res = await this.timedSearch<FacetAggregates>(buildSearchRequest(query, after, together, exact));
    return { hits: res.hits.hits, total: totalOf(res.hits), aggs: res.aggregations };
  }

  /**
   * A page of rows, one per series (series-rows.ts): first the series among the matches (the same for
   * every page of the query, so read from the cache after the first), then the page of rows. `total`
   * stays the products matching; the rows are counted beside it, as exactly.
   */
  private async groupedPage(query: ProductQuery, after: SortValue[] | undefined, together: boolean, exact: boolean) {
    const found = await this.timedSearch<FacetAggregates & LineAggregates>(
      linesRequest(query, exact, together ? FACET_AGGS : undefined),
    );
    const { best, bySeries } = linesFrom(found.aggregations);
    const res = await this.timedSearch(rowsOnly(buildSearchRequest(query, after, false, exact), best));
    const rows = totalOf(res.hits);
    const groups: SeriesRows = { total: rows.total, totalRelation: rows.totalRelation, bySeries };
    return { hits: res.hits.hits, total: totalOf(found.hits), aggs: found.aggregations, groups };
  }

  /** `query`'s facets over every match (probability 1) or over a sample taken with `probability`. */
  private async facetsOf(query: ProductQuery, probability: number): Promise<FacetAggregates> {
    const q = searchQuery(query);
    const body = probability === 1 ? facetsRequest(q) : sampledFacetsRequest(q, probability);
    return (await this.timedSearch<FacetAggregates>(body)).aggregations ?? {};
  }

  /**
   * The probability a broad query's facets are sampled at: the target over the products in the
   * index, or 1 (every match) while that is above Elasticsearch's bound of 0.5 for a sample.
   */
  private async facetSampling(): Promise<number> {
    const generation = await this.generation.current();
    if (this.sampling?.generation !== generation) {
      const probability = this.search({ size: 0, track_total_hits: true }).then((res) => {
        const p = this.facetSampleTarget / Math.max(1, totalOf(res.hits).total);
        return p > 0.5 ? 1 : p;
      });
      this.sampling = { generation, probability };
      // A failed read is not kept: the next search asks again.
      probability.catch(() => {
        if (this.sampling?.probability === probability) this.sampling = undefined;
      });
    }
    return this.sampling.probability;
  }

  /** Min and max of each numeric spec over the whole of `category`, read once per index generation. */
  async specRanges(category: string): Promise<SpecRanges> {
    const generation = await this.generation.current();
    if (this.ranges?.generation !== generation) this.ranges = { generation, byCategory: new Map() };
    const { byCategory } = this.ranges;
    let ranges = byCategory.get(category);
    if (!ranges) {
      ranges = this.search<SpecStats>(categorySpecsRequest(category)).then((res) => specRangesFrom(res.aggregations!));
      byCategory.set(category, ranges);
      // A failed read is not kept: the next search asks again.
      const asked = ranges;
      asked.catch(() => {
        if (byCategory.get(category) === asked) byCategory.delete(category);
      });
    }
    return ranges;
  }

  /** The products nearest `query`'s in the specs that decide a substitution, current listings first (`source`: which fields). */
  async nearest<F extends IndexField>(
    query: NearestQuery,
    source: readonly F[],
  ): Promise<{ source: Projection<F>; score: number }[]> {
    const res = await this.search(buildSimilarRequest(query, source));
    return res.hits.hits.map((h) => ({ source: projected<F>(h._source ?? {}), score: h._score ?? 0 }));
  }

  /** Spellings found in the data to try instead of `text` (asked when a search found nothing). */
  async suggest(text: string): Promise<string[]> {
    const res = await this.search(buildSuggestRequest(text));
    return suggestionsFrom(text, res.suggest as Parameters<typeof suggestionsFrom>[1]);
  }

  /**
   * A search the engine stops at `searchTimeoutMs` (its own `timeout`, and the transport's a second
   * later for work the engine does before collecting): a text that costs more answers a 503 problem,
   * and no partial page is ever served or cached as if it were whole.
   */
  private timedSearch<A = Aggregates>(body: estypes.SearchRequest) {
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

  private search<A = Aggregates>(body: estypes.SearchRequest) {
    return this.cached(`search ${JSON.stringify(body)}`, () =>
      this.es.search<Source, A>({ index: this.alias, ...body }),
    );
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

  /**
   * For each model number, the products it names exactly (as typed without regard to case, or without
   * punctuation), those as typed first, at most `limit`: all in one `_msearch`.
   */
  async byModels<F extends IndexField>(
    models: readonly string[],
    source: readonly F[],
    limit: number,
  ): Promise<Projection<F>[][]> {
    const searches = modelSearches(models, source, limit);
    const res = await this.cached(`models ${JSON.stringify(searches)}`, async () => {
      const answer = await this.es.msearch<Source>({ index: this.alias, searches });
      // One search of several failing is the engine failing (an unknown model is no error): not kept, not answered.
      if (answer.responses.some((r) => 'error' in r))
        throw new AppError('DEPENDENCY_UNAVAILABLE', 'The search engine failed part of a request.', {
          headers: { 'Retry-After': '5' },
        });
      return answer;
    });
    return res.responses.map((r) => ('error' in r ? [] : r.hits.hits.map((h) => projected<F>(h._source ?? {}))));
  }

  /** A page of the companies current products name, in id order after `after`, counted per category. */
  async companies(page: {
    readonly limit: number;
    readonly after?: string;
    readonly category?: string;
  }): Promise<CompanyPage> {
    type Bucket = {
      key: { id: string };
      doc_count: number;
      name: { buckets: { key: string }[] };
      categories: { buckets: { key: string; doc_count: number }[] };
    };
    const res = await this.search<{ companies: { buckets: Bucket[] }; total: { value: number } }>(
      companiesRequest(page),
    );
    const aggs = res.aggregations!;
    const buckets = aggs.companies.buckets;
    const companies = buckets.slice(0, page.limit).map((b) => ({
      id: b.key.id,
      name: b.name.buckets[0]?.key ?? b.key.id,
      products: b.doc_count,
      categories: Object.fromEntries(b.categories.buckets.map((c) => [c.key, c.doc_count])),
    }));
    return {
      companies,
      total: aggs.total.value,
      ...(buckets.length > page.limit ? { next: companies.at(-1)!.id } : {}),
    };
  }

  /** How many products `filter` selects. */
  async count(filter: ProductFilter): Promise<number> {
    const query = filterQuery(filter);
    return (await this.cached(`count ${JSON.stringify(query)}`, () => this.es.count({ index: this.alias, query })))
      .count;
  }

  /**
   * Every product `filter` selects (stored fields `source`), read from a point in time in index
   * order with search_after: memory holds one page whatever the total.
   */
  async scan<F extends IndexField>(filter: ProductFilter, source: readonly F[]): Promise<Scan<Projection<F>>> {
    const query = filterQuery(filter);
    const pit = await esCall(() => this.es.openPointInTime({ index: this.alias, keep_alive: SCAN_KEEP_ALIVE }));
    const pages = searchPages<Source>((body) => esCall(() => this.es.search<Source>(body)), {
      pit: { id: pit.id, keep_alive: SCAN_KEEP_ALIVE },
      query,
      _source: [...source],
      size: SCAN_PAGE,
      // In id order, so an export cut short resumes after the last id its client has (`after`).
      sort: [{ id: 'asc' }],
      // The export is priced by count() before the scan; the scan need not count again.
      track_total_hits: false,
    });
    let closed: Promise<void> | undefined;
    // A slow reader may take longer over one page than the keep-alive: while the scan is open, the
    // point in time is renewed by an empty search every half keep-alive.
    const renew = setInterval(() => {
      this.es
        .search({ pit: { id: pit.id, keep_alive: SCAN_KEEP_ALIVE }, size: 0, track_total_hits: false })
        .catch(() => undefined);
    }, SCAN_RENEW_MS);
    renew.unref();
    // A point in time left open expires with its keep-alive; closing it only frees it sooner.
    const close = () => {
      clearInterval(renew);
      return (closed ??= this.es.closePointInTime({ id: pit.id }).then(
        () => undefined,
        () => undefined,
      ));
    };
    // The first page is read before the scan is handed out, so an engine that fails fails the export
    // before any of it is sent.
    let first: IteratorResult<estypes.SearchHit<Source>[]>;
    try {
      first = await pages.next();
    } catch (err) {
      await close();
      throw err;
    }
    async function* documents() {
      try {
        for (const hit of first.done ? [] : first.value) yield projected<F>(hit._source ?? {});
        for await (const hits of pages) for (const hit of hits) yield projected<F>(hit._source ?? {});
      } finally {
        await close();
      }
    }
    return { documents: documents(), close };
  }

  private cached<T extends object>(request: string, call: () => Promise<T>): Promise<T> {
    return this.cache.read(request, () =>
      esCall(async () => {
        const body = await call();
        return { value: body, text: answerText(body) };
      }),
    );
  }
}
