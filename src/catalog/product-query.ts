// What a reader asks the catalog for, in the domain's words: the search and list query (parsed from
// the contract's parameters by search/product-query.ts), the export's filter, and what a page of
// results holds. Adapters answer these; nothing here knows an engine.
import type { SpecName } from './spec-catalog';
import type { SortValue } from '../shared/cursor';

/** A range bound's operators, as the contract spells them (`specs.<name>[gte]`). */
export const RANGE_OPS = ['gte', 'gt', 'lte', 'lt'] as const;
export type RangeOp = (typeof RANGE_OPS)[number];

export type Mode = 'list' | 'search';

export interface ProductQuery {
  readonly mode: Mode;
  readonly q?: string;
  readonly categories: string[];
  readonly manufacturers: string[];
  readonly quality: string[];
  /** Only products the newest edition of their lists does (true) or does not (false) list. */
  readonly inLatestEdition?: boolean;
  readonly ranges: { spec: SpecName; op: RangeOp; value: number }[];
  /** Sort keys with direction; empty means relevance (search) or model (list). */
  readonly sort: { key: string; desc: boolean }[];
  /** Projection: undefined means the default summary. */
  readonly fields?: string[];
  readonly limit: number;
  readonly cursor?: string;
}

/** What an export selects: a category, and whether the newest edition of their lists still lists them. */
export interface ProductFilter {
  readonly category?: string;
  readonly inLatestEdition?: boolean;
}

/** A hit: the stored fields asked for, and the sort values a cursor resumes after. */
export interface Hit {
  readonly source: Record<string, unknown>;
  readonly sort: SortValue[];
}

export interface Bucket {
  readonly value: string;
  readonly count: number;
}

/** Counts over the whole result set: categories, companies (one bucket each, whatever their spellings), and the range of each numeric spec. */
export interface Facets {
  readonly category: Bucket[];
  readonly manufacturer: (Bucket & { readonly id: string })[];
  readonly specs?: Record<string, { min: number; max: number; count: number }>;
}

/** One page of a query's results: `hits` may hold one more than the page (a next page exists then). */
export interface ResultPage {
  readonly hits: Hit[];
  readonly total: number;
  readonly facets?: Facets;
}

/** A company as the current products count it. */
export interface CompanyCount {
  readonly id: string;
  readonly name: string;
  readonly products: number;
  readonly categories: Readonly<Record<string, number>>;
}

/** A page of companies in id order: `next` is the id to continue after, when more follow. */
export interface CompanyPage {
  readonly companies: CompanyCount[];
  readonly total: number;
  readonly next?: string;
}
