// The read model of current products: every list, search, get, compare and export reads the alias. A facade
// over its parts: the alias as read through the read cache (alias-reader.ts), values kept per index generation
// (shared/generation-memo.ts), the companies' typed aggregates (company-aggregates.ts) and the export's
// point-in-time scan (alias-scan.ts); the requests themselves are built in the search-*.ts files.
import type { estypes } from '@elastic/elasticsearch';
import type { EsClient } from './client';
import type { IndexGeneration } from './index-generation';
import { ReadCache, type CacheLimits } from './read-cache';
import { buildSearchRequest, searchQuery } from './search-request';
import { FACET_SAMPLE_TARGET } from '../../contract/query-vocabulary';
import { filterQuery } from './search-filters';
import {
  FACET_AGGS,
  categorySpecsRequest,
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
import { linesFrom, linesRequest, rowsOnly, type LineAggregates } from './series-rows';
import { AliasReader, projected, totalOf, type Aggregates, type Source } from './alias-reader';
import { readCompanyNames, readCompanyPage, type CompanyPageAsked } from './company-aggregates';
import { scanAlias, type Scan } from './alias-scan';
import { GenerationMemo } from '../../shared/generation-memo';
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

export type { Scan } from './alias-scan';

/** A page as read, before its facets: the hits, the products matching, and for a grouped page its rows. */
interface PageRead {
  readonly hits: estypes.SearchHit<Source>[];
  readonly total: Pick<ResultPage, 'total' | 'totalRelation'>;
  readonly aggs?: FacetAggregates;
  readonly groups?: SeriesRows;
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
  private readonly reader: AliasReader;
  /** Read once per index generation: the companies' names (a few hundred KB, whatever the traffic), each
   * category's spec ranges (a handful), and the probability broad facets are sampled at (from the index's size). */
  private readonly names: GenerationMemo<readonly CompanyNames[]>;
  private readonly ranges: GenerationMemo<SpecRanges>;
  private readonly sampling: GenerationMemo<number>;
  private readonly facetSampleTarget: number;

  constructor(setup: ProductIndexSetup) {
    this.reader = new AliasReader(
      setup.es,
      setup.alias,
      new ReadCache(setup.generation, setup.cacheLimits),
      setup.searchTimeoutMs ?? 30_000,
    );
    this.facetSampleTarget = setup.facetSampleTarget ?? FACET_SAMPLE_TARGET;
    this.names = new GenerationMemo(setup.generation);
    this.ranges = new GenerationMemo(setup.generation);
    this.sampling = new GenerationMemo(setup.generation);
  }

  /** Every company current products name, with every name a `manufacturer` filter matches; one array per index generation. */
  companyNames(): Promise<readonly CompanyNames[]> {
    return this.names.get('', () => readCompanyNames(this.reader));
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
  private facetSampling(): Promise<number> {
    return this.sampling.get('', async () => {
      const res = await this.reader.search({ size: 0, track_total_hits: true });
      const p = this.facetSampleTarget / Math.max(1, totalOf(res.hits).total);
      return p > 0.5 ? 1 : p;
    });
  }

  /** Min and max of each numeric spec over the whole of `category`, read once per index generation. */
  specRanges(category: string): Promise<SpecRanges> {
    return this.ranges.get(category, async () =>
      specRangesFrom((await this.reader.search<SpecStats>(categorySpecsRequest(category))).aggregations!),
    );
  }

  /** The products nearest `query`'s in the specs that decide a substitution, current listings first (`source`: which fields). */
  async nearest<F extends IndexField>(
    query: NearestQuery,
    source: readonly F[],
  ): Promise<{ source: Projection<F>; score: number }[]> {
    const res = await this.reader.search(buildSimilarRequest(query, source));
    return res.hits.hits.map((h) => ({ source: projected<F>(h._source ?? {}), score: h._score ?? 0 }));
  }

  /** Spellings found in the data to try instead of `text` (asked when a search found nothing). */
  async suggest(text: string): Promise<string[]> {
    const res = await this.reader.search(buildSuggestRequest(text));
    return suggestionsFrom(text, res.suggest as Parameters<typeof suggestionsFrom>[1]);
  }

  /** The pages' and facets' searches, stopped at the search timeout (alias-reader.ts). */
  private timedSearch<A = Aggregates>(body: estypes.SearchRequest) {
    return this.reader.timedSearch<A>(body);
  }

  /** One product's stored fields (`source`: which), or null when the alias holds no such id. */
  get<F extends IndexField>(id: string, source: readonly F[]): Promise<Projection<F> | null> {
    return this.reader.get(id, source);
  }

  /** Several products in the order asked, null where the alias holds no such id. */
  getMany<F extends IndexField>(ids: readonly string[], source: readonly F[]): Promise<(Projection<F> | null)[]> {
    return this.reader.getMany(ids, source);
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
    const res = await this.reader.msearch(modelSearches(models, source, limit));
    return res.responses.map((r) => ('error' in r ? [] : r.hits.hits.map((h) => projected<F>(h._source ?? {}))));
  }

  /** A page of the companies current products name, in id order after `after`, counted per category. */
  companies(page: CompanyPageAsked): Promise<CompanyPage> {
    return readCompanyPage(this.reader, page);
  }

  /** How many products `filter` selects. */
  count(filter: ProductFilter): Promise<number> {
    return this.reader.count(filterQuery(filter));
  }

  /** Every product `filter` selects (stored fields `source`), in id order: memory holds one page whatever the total. */
  scan<F extends IndexField>(filter: ProductFilter, source: readonly F[]): Promise<Scan<Projection<F>>> {
    return scanAlias(this.reader.es, this.reader.alias, filterQuery(filter), source);
  }
}
