// One row per series (issue 57 item 5): a list or search asked with `group_by=series` answers each
// product line of the series table (series.ts) once, as its best-ranked variant, with how many of its
// variants match and the range they span; a product in no line is a row of its own. The range is of
// the spec the query ranks or filters on, else of the category's headline spec (what it is sold and
// substituted by: substitution.ts's primary spec), so "Canadian Solar 400W module" spans STC power.
import { SERIES } from './series';
import { SPECS, isNumericSpec, type Category, type SpecName } from './spec-catalog';
import { SUBSTITUTION } from './substitution';
import { NOMINAL_POWER, type GroupBy, type ProductQuery, type RangeSpec, type SeriesRows } from './product-query';
import { rankedSpec } from './rank-basis';

/** What `group_by` takes. */
export const GROUP_BY: readonly GroupBy[] = ['series'];
export type { GroupBy } from './product-query';

/** The spec a category is sold and chosen by: STC power, AC power, heating output, usable capacity, charging power. */
export const headlineSpec = (category: Category): SpecName => SUBSTITUTION[category].near[0].spec;

const isCategory = (c: string): c is Category => Object.prototype.hasOwnProperty.call(SUBSTITUTION, c);

/** A bound's spec as a spec of `category`: the nominal power of any category is that category's headline. */
const specIn = (spec: RangeSpec, category: Category): SpecName =>
  spec === NOMINAL_POWER ? headlineSpec(category) : spec;

/**
 * The spec a row of `category` shows its variants' range of: the spec the page is ranked by, else the
 * first numeric spec a filter bounds (a parameter, then a quantity or comparison typed in `q`), else
 * the headline spec. Bounds a word only implies (a microinverter's DC voltage) are not what was asked.
 */
export function rangeSpec(query: Pick<ProductQuery, 'sort' | 'understood' | 'ranges'>, category: string): SpecName {
  const ranked = rankedSpec(query);
  if (ranked && isNumericSpec(ranked)) return ranked;
  const c: Category = isCategory(category) ? category : 'pv-module';
  const bound =
    query.ranges[0]?.spec ??
    query.understood?.near[0]?.spec ??
    query.understood?.ranges.find((r) => r.typed !== undefined)?.spec;
  return bound === undefined ? headlineSpec(c) : specIn(bound, c);
}

/** The specs a grouped query needs ranges of: one per category that may appear among its rows. */
export function rangeSpecs(query: Pick<ProductQuery, 'sort' | 'understood' | 'ranges'>): SpecName[] {
  return [...new Set(Object.keys(SUBSTITUTION).map((c) => rangeSpec(query, c)))];
}

/** The group a row stands for, as the API shows it. */
export interface RowGroup {
  readonly by: GroupBy;
  /** The series, when the row is one; absent for a product in none. */
  readonly series?: { readonly id: string; readonly name: string };
  /** How many products matching the query the row stands for (1 for a product in no series). */
  readonly variants: number;
  /** The span of the range spec over them; absent when none of them has it. */
  readonly range?: {
    readonly spec: SpecName;
    readonly unit: string | null;
    readonly min: number;
    readonly max: number;
  };
}

const NAMES = new Map(SERIES.map((s) => [s.id, s.label]));

/** The group of a row (a hit's stored fields) of a page grouped by series. */
export function rowGroup(
  source: Record<string, unknown>,
  query: Pick<ProductQuery, 'sort' | 'understood' | 'ranges'>,
  rows: SeriesRows,
): RowGroup {
  const spec = rangeSpec(query, String(source.category));
  const unit = SPECS[spec].unit ?? null;
  const id = (source.series as { id?: string } | undefined)?.id;
  const found = id === undefined ? undefined : rows.bySeries[id];
  if (id !== undefined && found) {
    const span = found.specs[spec];
    return {
      by: 'series',
      series: { id, name: NAMES.get(id) ?? id },
      variants: found.count,
      ...(span ? { range: { spec, unit, min: span.min, max: span.max } } : {}),
    };
  }
  const value = (source.specs as Record<string, unknown> | undefined)?.[spec];
  return {
    by: 'series',
    variants: 1,
    ...(typeof value === 'number' ? { range: { spec, unit, min: value, max: value } } : {}),
  };
}

/** The stored fields a grouped row needs, beside those asked for: the range specs of a product in no series. */
export const groupFields = (query: Pick<ProductQuery, 'sort' | 'understood' | 'ranges'>): string[] => [
  'category',
  'series',
  ...rangeSpecs(query).map((s) => `specs.${s}`),
];

/** A row without what was read only for its group: the specs and fields `fields` did not ask for. */
export function keepAsked(source: Record<string, unknown>, fields: readonly string[] | undefined) {
  if (!fields) return source;
  const row: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(source)) if (k === 'id' || k === 'rank_basis' || fields.includes(k)) row[k] = v;
  const specs = source.specs as Record<string, unknown> | undefined;
  if (specs && !fields.includes('specs')) {
    const asked = Object.entries(specs).filter(([name]) => fields.includes(`specs.${name}`));
    if (asked.length) row.specs = Object.fromEntries(asked);
  }
  return row;
}
