// The words collection queries understand: sort keys, projectable fields, numeric ranges and the
// units a range value may carry. The OpenAPI document is built from these, so request validation
// (run before any charge) and the typed client know every one of them; the query parser reads the
// same tables to convert what validation let through.
import { SPECS, SPEC_NAMES, isNumericSpec, type SpecName } from '../catalog/spec-catalog';
import { NOMINAL_POWER, type RangeOp, type RangeSpec } from '../catalog/product-query';

export const NUMERIC_SPECS = SPEC_NAMES.filter(isNumericSpec);

/** Every spec a range may bound: the numeric specs, and the nominal power of any category. */
export const RANGE_SPECS: readonly RangeSpec[] = [...NUMERIC_SPECS, NOMINAL_POWER];

/** Text and boolean specs, which a parameter `specs.<name>=<value>` selects by value. */
export const VALUE_SPECS = SPEC_NAMES.filter((s) => SPECS[s].type === 'text' || SPECS[s].type === 'boolean');
export const valueParam = (spec: SpecName) => `specs.${spec}`;

/**
 * A collection's `total` is counted exactly up to this many matches, then said as a lower bound
 * (`total_relation: gte`): counting every match of a broad query keeps the engine from skipping the
 * ones that cannot reach the page, so that work would follow the catalog's size. Elasticsearch's own
 * default for `track_total_hits`.
 */
export const TOTAL_EXACT_UP_TO = 10_000;

/**
 * Facets are counted over every match while the total is exact or the index holds at most twice
 * this many products; beyond both, over a seeded random sample of the matches at a probability of
 * this many over the index's products (Elasticsearch's `random_sampler`), scaled to all of them, so
 * what a first page costs stops growing with the catalog.
 */
export const FACET_SAMPLE_TARGET = 25_000;

/** Sort keys; `specs.<numeric spec>` sorts by that spec (products without it last). */
export const SORT_KEYS = ['model', 'manufacturer', 'category', 'id', ...NUMERIC_SPECS.map((s) => `specs.${s}`)];
export const MAX_SORT_KEYS = 3;

/** Every value `sort` takes: a key, or a key prefixed by `-` for descending; search also takes `relevance`. */
export function sortValues(mode: 'list' | 'search'): string[] {
  return [...(mode === 'search' ? ['relevance'] : []), ...SORT_KEYS.flatMap((k) => [k, `-${k}`])];
}

/** The top-level fields of a product in a collection, which `fields` may keep. */
export const SUMMARY_FIELDS = [
  'id',
  'model',
  'manufacturer',
  'company',
  'made_by',
  'series',
  'category',
  'variant',
  'aliases',
  'specs',
  'quality',
  'listing',
] as const;

/** Every value `fields` takes: a top-level field or a single spec. */
export const FIELD_VALUES = [...SUMMARY_FIELDS, ...SPEC_NAMES.map((s) => `specs.${s}`)];

export { RANGE_OPS } from '../catalog/product-query';

/** The query parameter for one bound: `specs.stc_power_w[gte]`, or `nominal_power_w[gte]` (not a spec: any category's). */
export const rangeParam = (spec: RangeSpec, op: RangeOp) =>
  spec === NOMINAL_POWER ? `${NOMINAL_POWER}[${op}]` : `specs.${spec}[${op}]`;

/** Factors to the spec's unit, by lower-case unit as written; units are matched without regard to case. */
const PREFIXED: Record<string, Record<string, number>> = {
  power: { w: 1, kw: 1e3, mw: 1e6 },
  voltage: { v: 1, kv: 1e3, mv: 1e-3 },
  current: { a: 1, ka: 1e3, ma: 1e-3 },
};

export function unitFactors(spec: RangeSpec): Record<string, number> {
  if (spec === NOMINAL_POWER) return PREFIXED.power;
  const def = SPECS[spec] as { unit?: string; dimension?: string };
  if (def.dimension) return PREFIXED[def.dimension];
  return def.unit ? { [def.unit.toLowerCase()]: 1 } : {};
}

// ASCII digits only: `\d` means other digits to the Python generators that fuzz the contract.
// An exponent of at most two digits keeps every value finite. Units are ASCII plus °, one code unit each.
const NUMBER = '-?[0-9]{1,15}(?:\\.[0-9]{1,15})?(?:[eE][+-]?[0-9]{1,2})?';
const caseless = (unit: string) =>
  unit
    .split('')
    .map((c) =>
      c.toLowerCase() === c.toUpperCase()
        ? c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
        : `[${c.toLowerCase()}${c.toUpperCase()}]`,
    )
    .join('');

/** A range value: a number, then optionally one space and a unit of the spec's dimension. Groups: number, unit. */
export function rangeValuePattern(spec: RangeSpec): string {
  const units = Object.keys(unitFactors(spec));
  return units.length > 0 ? `^(${NUMBER})(?: ?(${units.map(caseless).join('|')}))?$` : `^(${NUMBER})()$`;
}

/** How many products one comparison takes. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 10;
