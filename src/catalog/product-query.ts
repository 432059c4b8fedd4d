// What a reader asks the catalog for, in the domain's words: the search and list query (parsed from
// the contract's parameters by search/product-query-parser.ts), the export's filter, and what a page of
// results holds. Adapters answer these; nothing here knows an engine.
import type { SpecName } from './spec-catalog';
import type { SortValue } from '../shared/cursor';

/** A range bound's operators, as the contract spells them (`specs.<name>[gte]`). */
export const RANGE_OPS = ['gte', 'gt', 'lte', 'lt'] as const;
export type RangeOp = (typeof RANGE_OPS)[number];

export type Mode = 'list' | 'search';

/**
 * The power a product is sold by, whatever its category (a module's STC power, an inverter's AC
 * power, a heat pump's heating output): a range on it matches any of SPECS' nominal powers.
 */
export const NOMINAL_POWER = 'nominal_power_w';
export type RangeSpec = SpecName | typeof NOMINAL_POWER;

export interface Range {
  readonly spec: RangeSpec;
  readonly op: RangeOp;
  readonly value: number;
}

/** A text or boolean spec that must hold one of `values` (text compared without regard to case). */
export interface SpecValues {
  readonly spec: SpecName;
  readonly values: readonly (string | boolean)[];
}

/**
 * What the words of `q` were understood as (search/understanding.ts): a second reading of the query
 * beside the words as typed. Products that satisfy all of it rank above those that only match words.
 */
export type Relaxation = 'bounds' | 'ranges' | 'parts';

export interface Understood {
  readonly categories: readonly string[];
  /** Company ids (any of them). */
  readonly companies: readonly string[];
  /** Of those, the ones the words name themselves, when others are reached only through a relation (a former name). */
  readonly named?: readonly string[];
  readonly values: readonly SpecValues[];
  /**
   * Bounds the words imply (a microinverter's DC voltage) or typed ("at least 10 kW": `typed`, the
   * words, so a relaxation can loosen what was typed and say so, and never what a word implies).
   */
  readonly ranges: readonly (Range & { readonly typed?: string })[];
  /** Quantities typed, with the bounds their tolerance allows: the nearer a product's value, the higher it ranks. */
  readonly near: readonly {
    readonly spec: RangeSpec;
    readonly value: number;
    readonly min: number;
    readonly max: number;
    /**
     * The number as typed ("3.8" of "Sunny Boy 3.8", "405" of "Jinko 405"), when it may be a model's
     * designation: a model that carries it ranks above products only of that value (search-ranking.ts).
     */
    readonly designation?: string;
  }[];
  /** Product lines (any of them), by series id: the products each covers (series.ts, seriesOf). */
  readonly series?: readonly string[];
  /** Left out whatever else matches ("not bifacial", "without SMA"): these companies, and products holding these values. */
  readonly excluded?: { readonly companies: readonly string[]; readonly values: readonly SpecValues[] };
  /** The words not understood, matched as text; absent when none remain. */
  readonly text?: string;
  /**
   * A superlative's order ("most efficient"): the understood reading alone selects (the words as
   * typed no longer add products), sorted by this spec, products without it last. A `sort` sent
   * with the request wins.
   */
  readonly sort?: { readonly spec: SpecName; readonly desc: boolean };
  /**
   * Loosened because nothing satisfied all of it: `bounds`, the leftover text only ranks and quantities
   * only order by nearness; `ranges`, besides, typed comparisons only order, nearest to their bound
   * first; `parts`, besides, every part only ranks (at least one must hold).
   */
  readonly relaxed?: Relaxation;
  /**
   * A design point ("at -7/55", "at 300 V"): the grid point (catalog/design-grid.ts) the reading asks
   * at, with the bounds, quantity and order it puts on the grid's values there. Only products with a
   * grid value at the point answer, each carrying it (`design_point`).
   */
  readonly designPoint?: DesignPointQuery;
}

/** The grid point a query reads, on the grid (the nearest one when the words asked between). */
export type DesignPoint =
  | {
      readonly kind: 'heat-pump';
      /** Outdoor and flow temperature of the grid point, °C. */
      readonly outdoor_c: number;
      readonly flow_c: number;
      /** The grid key (`om7_f55`). */
      readonly key: string;
    }
  | { readonly kind: 'inverter'; readonly dc_voltage_v: number; readonly key: string };

/** The values the grid holds: a heat pump's COP and heating power, an inverter's CEC weighted efficiency. */
export type GridMeasure = 'cop' | 'heating_power_w' | 'cec_weighted_efficiency_pct';

/** What a query asks of the grid at its point: bounds (selecting), a quantity (near), an order. */
export interface DesignPointQuery {
  readonly point: DesignPoint;
  /** The value each hit shows first (and must have): the one bounded or ranked, else COP or efficiency. */
  readonly primary: GridMeasure;
  readonly ranges: readonly { readonly measure: GridMeasure; readonly op: RangeOp; readonly value: number }[];
  readonly near?: { readonly measure: GridMeasure; readonly value: number; readonly min: number; readonly max: number };
  readonly sort?: { readonly measure: GridMeasure; readonly desc: boolean };
}

export interface ProductQuery {
  readonly mode: Mode;
  readonly q?: string;
  readonly categories: string[];
  readonly manufacturers: string[];
  /** Series ids (any of them): the products the series table puts in one of these lines. */
  readonly series: string[];
  readonly quality: string[];
  /** Only products the newest edition of their lists does (true) or does not (false) list. */
  readonly inLatestEdition?: boolean;
  readonly ranges: Range[];
  readonly values: SpecValues[];
  /** Search only: the understood reading of `q`. */
  readonly understood?: Understood;
  /** Sort keys with direction; empty means relevance (search) or model (list). */
  readonly sort: { key: string; desc: boolean }[];
  /** Projection: undefined means the default summary. */
  readonly fields?: string[];
  readonly limit: number;
  readonly cursor?: string;
  /** One row per series (series-groups.ts): each line once, as its best-ranked variant. */
  readonly groupBy?: GroupBy;
}

/** What `group_by` may name. */
export type GroupBy = 'series';

/** What an export selects: a category, and whether the newest edition of their lists still lists them. */
export interface ProductFilter {
  readonly category?: string;
  readonly inLatestEdition?: boolean;
  /** Only products whose id sorts after this one (an export resumed after its last line). */
  readonly afterId?: string;
  /** The list operation's filters, with its meaning (a SAM list export selects by them). */
  readonly manufacturers?: readonly string[];
  readonly series?: readonly string[];
  readonly quality?: readonly string[];
  readonly ranges?: readonly Range[];
  readonly values?: readonly SpecValues[];
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

/** Min, max and how many products have it, per numeric spec, over one whole category. */
export type SpecRanges = Readonly<Record<string, { min: number; max: number; count: number }>>;

/** Counts over the whole result set: categories and companies (one bucket each, whatever their spellings); with one category selected, its spec ranges. */
export interface Facets {
  /** False when the counts are estimated from a sample of the matches (FACET_SAMPLE_TARGET). */
  readonly exact: boolean;
  readonly category: Bucket[];
  readonly manufacturer: (Bucket & { readonly id: string })[];
  /** Product lines by their name, with the id `series=` takes. */
  readonly series: (Bucket & { readonly id: string })[];
  /** Groups (parent brands) by id: the products of their members, beside each member's own count under `manufacturer`. */
  readonly group: (Bucket & { readonly id: string })[];
  readonly specs?: SpecRanges;
}

/** One page of a query's results: `hits` may hold one more than the page (a next page exists then). */
export interface ResultPage {
  readonly hits: Hit[];
  /** Exact up to TOTAL_EXACT_UP_TO matches; beyond, that bound and `gte`. */
  readonly total: number;
  readonly totalRelation: 'eq' | 'gte';
  readonly facets?: Facets;
  /** A page grouped by series: what its rows stand for. */
  readonly groups?: SeriesRows;
}

/** Min and max of one spec over a series' matching variants that have it. */
export interface SpecSpan {
  readonly min: number;
  readonly max: number;
}

/** What the index counted for the rows of a page grouped by series. */
export interface SeriesRows {
  /** Rows: the series among the matches and the matching products in none; as exact as the page's `total`. */
  readonly total: number;
  readonly totalRelation: 'eq' | 'gte';
  /** Per series among the matches: its matching variants, and the span of each spec asked over them. */
  readonly bySeries: Readonly<Record<string, { readonly count: number; readonly specs: Record<string, SpecSpan> }>>;
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

/** A company as a query may name it: every name a `manufacturer` filter matches, and its current products per category. */
export interface CompanyNames {
  readonly id: string;
  readonly name: string;
  readonly names: readonly string[];
  readonly categories: Readonly<Record<string, number>>;
  /** Companies that made some of its products (brand notes): their names are among `names` too. */
  readonly madeBy: readonly string[];
  /** The group (parent brand) it belongs to: its id and name are among `names` too. */
  readonly group?: { readonly id: string; readonly name: string };
}
