// The aggregations reads ask for, and what their answers mean: a first page's facets, a category's
// spec ranges, and the companies current products name.
import type { estypes } from '@elastic/elasticsearch';
import { NUMERIC_SPECS } from '../../contract/query-vocabulary';
import type { Facets, SpecRanges } from '../../catalog/product-query';
import { SERIES } from '../../catalog/series';

type Aggregations = Record<string, estypes.AggregationsAggregationContainer>;

/** A terms bucket as asked here: the value of a keyword field and how many products hold it. */
type Bucket = estypes.AggregationsTermsBucketBase & { readonly key: string };
type Terms<B = Bucket> = estypes.AggregationsTermsAggregateBase<B>;

/** The facets' answer: categories, and companies and groups by id with their display name. */
export interface FacetAggregates {
  /** Present when they were counted over a sample (sampledFacetsRequest): the same aggregates under it. */
  readonly sample?: FacetAggregates;
  readonly category?: Terms;
  readonly manufacturer?: Terms<Bucket & { readonly name?: Terms }>;
  readonly series?: Terms;
  readonly group?: Terms<Bucket & { readonly name?: Terms }>;
}

/** A line's name by its id: the table names it, so the facet need not ask the index. */
const SERIES_NAMES: ReadonlyMap<string, string> = new Map(SERIES.map((s) => [s.id, s.label]));

export const FACET_AGGS = {
  category: { terms: { field: 'category', size: 10 } },
  manufacturer: {
    terms: { field: 'company.id', size: 25 },
    aggs: { name: { terms: { field: 'company.name', size: 1 } } },
  },
  // Every line the table has: a bucket per entry at most.
  series: { terms: { field: 'series.id', size: SERIES.length } },
  // A product outside every group counts in no bucket: the facet lists groups only, never a "none".
  group: {
    terms: { field: 'company.group.id', size: 25 },
    aggs: { name: { terms: { field: 'company.group.name', size: 1 } } },
  },
} as const satisfies Aggregations;

/** The facets of `query` counted over every match: asked apart from the page once the total is known. */
export function facetsRequest(query: estypes.QueryDslQueryContainer) {
  return { size: 0, track_total_hits: false, query, aggs: FACET_AGGS } satisfies estypes.SearchRequest;
}

/**
 * The facets of `query` counted over a random sample of its matches taken with `probability` (at
 * most 0.5, Elasticsearch's bound), each count scaled back by the engine. The seed is fixed, so the
 * same query on the same index gets the same counts (and the read cache may keep them).
 */
export function sampledFacetsRequest(query: estypes.QueryDslQueryContainer, probability: number) {
  return {
    size: 0,
    track_total_hits: false,
    query,
    aggs: { sample: { random_sampler: { probability, seed: 1 }, aggs: FACET_AGGS } },
  } satisfies estypes.SearchRequest;
}

/** A terms aggregation's buckets: the client types them as a list or a keyed object, and only a list is asked for. */
const bucketsOf = <B>(agg: Terms<B> | undefined): readonly B[] => (Array.isArray(agg?.buckets) ? agg.buckets : []);

/** Named buckets (companies, groups): the display name, the id and the count. */
const named = (agg: FacetAggregates['manufacturer']) =>
  bucketsOf(agg).map((b) => ({ value: bucketsOf(b.name)[0]?.key ?? b.key, id: b.key, count: b.doc_count }));

/** The facets of a first page, read from its aggregations (or from their sample's). */
export function facetsFrom(answer: FacetAggregates): Facets {
  const aggs = answer.sample ?? answer;
  return {
    exact: !answer.sample,
    category: bucketsOf(aggs.category).map((b) => ({ value: b.key, count: b.doc_count })),
    manufacturer: named(aggs.manufacturer),
    series: bucketsOf(aggs.series).map((b) => ({
      value: SERIES_NAMES.get(b.key) ?? b.key,
      id: b.key,
      count: b.doc_count,
    })),
    group: named(aggs.group),
  };
}

/**
 * The range of every numeric spec over one whole category. Asked once per index generation, not
 * with each search: over the matches it cost a stats aggregation per spec (21 for modules) on every
 * match of every first page, and that cost grew with the catalog.
 */
export function categorySpecsRequest(category: string) {
  return {
    size: 0,
    track_total_hits: false,
    query: { term: { category } },
    aggs: Object.fromEntries(NUMERIC_SPECS.map((spec) => [spec, { stats: { field: `specs.${spec}` } }])),
  } satisfies estypes.SearchRequest;
}

/** A categorySpecsRequest's answer: one stats aggregate per spec. */
export type SpecStats = Record<string, Pick<estypes.AggregationsStatsAggregate, 'min' | 'max' | 'count'>>;

/** The ranges of a categorySpecsRequest's answer: the specs some product of the category has. */
export function specRangesFrom(aggs: SpecStats): SpecRanges {
  return Object.fromEntries(
    Object.entries(aggs)
      .filter(([, agg]) => agg.count > 0)
      .map(([spec, agg]) => [spec, { min: agg.min!, max: agg.max!, count: agg.count }]),
  );
}

export const COMPANY_NAMES_PAGE = 1000;

/** A page of companies in id order with every name a `manufacturer` filter matches, and products per category. */
export function companyNamesRequest(after?: string) {
  return {
    size: 0,
    track_total_hits: false,
    aggs: {
      companies: {
        composite: {
          size: COMPANY_NAMES_PAGE,
          sources: [{ id: { terms: { field: 'company.id' } } }],
          ...(after ? { after: { id: after } } : {}),
        },
        aggs: {
          name: { terms: { field: 'company.name', size: 1 } },
          names: { terms: { field: 'company_match', size: 200 } },
          categories: { terms: { field: 'category', size: 10 } },
          made_by: { terms: { field: 'made_by.id', size: 50 } },
          group: { terms: { field: 'company.group.id', size: 1 } },
          group_name: { terms: { field: 'company.group.name', size: 1 } },
        },
      },
    },
  } satisfies estypes.SearchRequest;
}

/**
 * Companies in id order, one more than the page (so a next page is known), with their display name
 * and counts per category; `total` is exact below Elasticsearch's cardinality precision threshold
 * (set above the few thousand companies the lists name).
 */
export function companiesRequest(page: {
  readonly limit: number;
  readonly after?: string;
  readonly category?: string;
}) {
  return {
    size: 0,
    track_total_hits: false,
    query: page.category ? { term: { category: page.category } } : { match_all: {} },
    aggs: {
      companies: {
        composite: {
          size: page.limit + 1,
          sources: [{ id: { terms: { field: 'company.id' } } }],
          ...(page.after ? { after: { id: page.after } } : {}),
        },
        aggs: {
          name: { terms: { field: 'company.name', size: 1 } },
          categories: { terms: { field: 'category', size: 10 } },
        },
      },
      total: { cardinality: { field: 'company.id', precision_threshold: 10000 } },
    },
  } satisfies estypes.SearchRequest;
}
