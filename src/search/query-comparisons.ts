// The words people compare by: comparators ("over", "at most", "≥"), the units a quantity may carry,
// and the spec a quantity of each kind bounds in each category. search/understanding.ts reads a query
// with these tables (own entries only); the OpenAPI document and docs/api.md list them. Each entry
// says why it is read that way; a unit or a category with no entry leaves the words as text.
import type { RangeOp, RangeSpec } from '../catalog/product-query';
import type { Category, SpecName } from '../catalog/spec-catalog';

/** A comparator: the bound it puts on what follows it, as typed (strict or inclusive). */
export interface Comparator {
  readonly op: RangeOp;
  readonly why: string;
}

const gt: Comparator = { op: 'gt', why: 'a strict lower bound: "over 600W" leaves a 600 W module out' };
const gte: Comparator = { op: 'gte', why: 'an inclusive lower bound: "at least 600W" takes a 600 W module' };
const lt: Comparator = { op: 'lt', why: 'a strict upper bound: "under 3kW" leaves a 3 kW inverter out' };
const lte: Comparator = { op: 'lte', why: 'an inclusive upper bound: "at most 3kW" takes a 3 kW inverter' };

/** Comparators before a quantity, lower-case, words separated by one space. */
export const COMPARATORS: Readonly<Record<string, Comparator>> = {
  over: gt,
  above: gt,
  'more than': gt,
  'greater than': gt,
  'higher than': gt,
  'larger than': gt,
  'bigger than': gt,
  '>': gt,
  'at least': gte,
  min: gte,
  minimum: gte,
  'no less than': gte,
  '>=': gte,
  '≥': gte,
  under: lt,
  below: lt,
  'less than': lt,
  'lower than': lt,
  'smaller than': lt,
  'fewer than': lt,
  '<': lt,
  'at most': lte,
  max: lte,
  maximum: lte,
  'up to': lte,
  'no more than': lte,
  '<=': lte,
  '≤': lte,
};

/** Comparators after a quantity ("600W or more", "600W+"). */
export const AFTER_COMPARATORS: Readonly<Record<string, Comparator>> = {
  'or more': gte,
  'or above': gte,
  'or higher': gte,
  'and up': gte,
  'and above': gte,
  '+': gte,
  'or less': lte,
  'or below': lte,
  'or lower': lte,
  'and below': lte,
  'and under': lte,
};

/** Words that join the two ends of a range: "5 to 8 kW", "5-8 kW", "between 5 and 8 kW" (always inclusive). */
export const RANGE_JOINERS = new Set(['to', '-', '–', '—']);

/**
 * Words that name the spec a following comparison bounds ("COP above 4", "weight under 20 kg"), by
 * category; a number after them needs no unit. Ignored when the category has no such spec.
 */
/** A spec a word names, and why that one. */
export interface SpecChoice {
  readonly spec: RangeSpec;
  readonly why: string;
}

export const SPEC_WORDS: Readonly<Record<string, Partial<Record<Category | 'any', SpecChoice>>>> = {
  efficiency: {
    'pv-module': { spec: 'module_efficiency_pct', why: 'derived: STC power / (area × 1000 W/m²)' },
    inverter: {
      spec: 'cec_weighted_efficiency_pct',
      why: 'the CEC weighted efficiency, derived from the Sandia coefficients: the figure inverters are compared by',
    },
    any: { spec: 'module_efficiency_pct', why: 'with no category named, a module’s: the efficiency most quoted' },
  },
  cop: {
    'heat-pump': { spec: 'cop_ref', why: 'COP as hplib lists it, at its reference point' },
    any: { spec: 'cop_ref', why: 'only heat pumps have a COP' },
  },
  weight: { inverter: { spec: 'weight_kg', why: 'the weight the inverter list carries' } },
  voc: {
    'pv-module': { spec: 'voc_v', why: 'open-circuit voltage' },
    any: { spec: 'voc_v', why: 'only modules have a Voc' },
  },
  isc: {
    'pv-module': { spec: 'isc_a', why: 'short-circuit current' },
    any: { spec: 'isc_a', why: 'only modules have an Isc' },
  },
  noise: { 'heat-pump': { spec: 'sound_power_outdoor_dba', why: "the outdoor unit's sound power" } },
  sound: { 'heat-pump': { spec: 'sound_power_outdoor_dba', why: "the outdoor unit's sound power" } },
  area: { 'pv-module': { spec: 'area_m2', why: "the module's area" } },
  voltage: {
    inverter: { spec: 'nominal_ac_voltage_v', why: 'the grid voltage it feeds' },
    'pv-module': { spec: 'voc_v', why: 'string sizing uses Voc' },
  },
  power: {
    'pv-module': { spec: 'stc_power_w', why: 'the STC rating' },
    inverter: { spec: 'ac_power_w', why: 'the AC output' },
    'heat-pump': { spec: 'heating_power_ref_w', why: 'the heating output' },
    'home-battery': { spec: 'max_discharge_power_kw', why: 'the power it supplies the house with' },
    'ev-charger': { spec: 'charging_power_kw', why: 'the power it charges a car at' },
  },
  output: {
    inverter: { spec: 'ac_power_w', why: 'the AC output' },
    'heat-pump': { spec: 'heating_power_ref_w', why: 'the heating output' },
    'home-battery': { spec: 'max_discharge_power_kw', why: 'the power it supplies the house with' },
    'ev-charger': { spec: 'charging_power_kw', why: 'the power it charges a car at' },
  },
  capacity: {
    'home-battery': { spec: 'usable_capacity_kwh', why: 'the usable capacity, as the list gives it' },
    any: { spec: 'usable_capacity_kwh', why: 'only batteries have a capacity' },
  },
  cable: { 'ev-charger': { spec: 'cable_lengths_m', why: 'the fixed cable lengths offered' } },
};

/**
 * The values a spec can take at all, for specs a comparison may name: a bound that leaves nothing
 * possible is refused with a 400 rather than searched ("efficiency above 400%").
 */
export const DOMAIN: Readonly<Partial<Record<SpecName | 'nominal_power_w', { min: number; max?: number }>>> = {
  stc_power_w: { min: 0 },
  ac_power_w: { min: 0 },
  heating_power_ref_w: { min: 0 },
  nominal_power_w: { min: 0 },
  nominal_ac_voltage_v: { min: 0 },
  voc_v: { min: 0 },
  isc_a: { min: 0 },
  max_dc_current_a: { min: 0 },
  cells_in_series: { min: 0 },
  weight_kg: { min: 0 },
  area_m2: { min: 0 },
  cop_ref: { min: 0 },
  // A module converts at most all the light it receives: 100%, 1000 W/m² at STC.
  module_efficiency_pct: { min: 0, max: 100 },
  // An inverter puts out at most the power it takes in.
  cec_weighted_efficiency_pct: { min: 0, max: 100 },
  rated_efficiency_pct: { min: 0, max: 100 },
  power_per_area_w_per_m2: { min: 0, max: 1000 },
  usable_capacity_kwh: { min: 0 },
  max_discharge_power_kw: { min: 0 },
  charging_power_kw: { min: 0 },
  cable_lengths_m: { min: 0 },
};

/** What a superlative ranks by: a measure, most or least first. */
export interface Ranking {
  readonly by: 'efficiency' | 'power' | 'weight' | 'sound' | 'price';
  readonly desc: boolean;
  readonly label: string;
}

/**
 * Superlatives, read as a sort with the rest of the query as the filter ("most efficient 400W
 * module"). Each names a measure; RANKING_SPECS says which spec that is in each category.
 */
export const RANKINGS: Readonly<Record<string, Ranking>> = {
  'most efficient': { by: 'efficiency', desc: true, label: 'most efficient first' },
  'highest efficiency': { by: 'efficiency', desc: true, label: 'most efficient first' },
  'best efficiency': { by: 'efficiency', desc: true, label: 'most efficient first' },
  'least efficient': { by: 'efficiency', desc: false, label: 'least efficient first' },
  'lowest efficiency': { by: 'efficiency', desc: false, label: 'least efficient first' },
  'most powerful': { by: 'power', desc: true, label: 'most powerful first' },
  'highest power': { by: 'power', desc: true, label: 'most powerful first' },
  'highest output': { by: 'power', desc: true, label: 'most powerful first' },
  highest: { by: 'power', desc: true, label: 'most powerful first' },
  largest: { by: 'power', desc: true, label: 'most powerful first' },
  biggest: { by: 'power', desc: true, label: 'most powerful first' },
  'least powerful': { by: 'power', desc: false, label: 'least powerful first' },
  'lowest power': { by: 'power', desc: false, label: 'least powerful first' },
  'lowest output': { by: 'power', desc: false, label: 'least powerful first' },
  lowest: { by: 'power', desc: false, label: 'least powerful first' },
  smallest: { by: 'power', desc: false, label: 'least powerful first' },
  lightest: { by: 'weight', desc: false, label: 'lightest first' },
  heaviest: { by: 'weight', desc: true, label: 'heaviest first' },
  quietest: { by: 'sound', desc: false, label: 'quietest first' },
  loudest: { by: 'sound', desc: true, label: 'loudest first' },
  cheapest: { by: 'price', desc: false, label: 'cheapest' },
  'least expensive': { by: 'price', desc: false, label: 'cheapest' },
  'lowest price': { by: 'price', desc: false, label: 'cheapest' },
  'best price': { by: 'price', desc: false, label: 'cheapest' },
};

/**
 * The spec each measure sorts by, per category, and why; a measure with no spec in a category (no
 * list carries prices) is said so, never guessed.
 */
export const RANKING_SPECS: Readonly<Record<Ranking['by'], Partial<Record<Category, SpecChoice>>>> = {
  efficiency: {
    'pv-module': { spec: 'module_efficiency_pct', why: 'STC power / (area × 1000 W/m²), derived' },
    inverter: {
      spec: 'cec_weighted_efficiency_pct',
      why: 'the CEC weighted efficiency at nominal DC voltage, derived from the Sandia coefficients',
    },
    'heat-pump': { spec: 'cop_ref', why: "a heat pump's efficiency is its COP (at the hplib reference point)" },
  },
  power: {
    'pv-module': { spec: 'stc_power_w', why: 'modules are sold by their STC rating' },
    inverter: { spec: 'ac_power_w', why: 'inverters are sold by their continuous AC output' },
    'heat-pump': { spec: 'heating_power_ref_w', why: 'the heating output hplib lists' },
    'home-battery': { spec: 'max_discharge_power_kw', why: 'the power it supplies the house with' },
    'ev-charger': { spec: 'charging_power_kw', why: 'the power it charges a car at' },
  },
  weight: { inverter: { spec: 'weight_kg', why: 'the only weight the lists carry' } },
  sound: { 'heat-pump': { spec: 'sound_power_outdoor_dba', why: "the outdoor unit's sound power" } },
  price: {},
};
