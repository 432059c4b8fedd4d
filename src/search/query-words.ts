// Search's vocabulary: the words people type for what the catalog knows (categories, attributes that
// map to spec values, and quantities with units). understanding.ts reads a query with these tables,
// and docs/api.md ("Query understanding") lists them; the OpenAPI document does not repeat them, it
// points there. Every entry names spec values the data holds (lower-case, as the index's keyword
// normalizer stores them).
import type { Category, SpecName } from '../catalog/spec-catalog';
import type { RangeOp } from '../catalog/product-query';

/** `table[key]` when `key` is the table's own entry: a query's words never reach Object.prototype. */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** A condition an understood word puts on a product: spec values (any of them), or a numeric bound. */
export type Condition =
  | { readonly spec: SpecName; readonly values: readonly (string | boolean)[] }
  | { readonly spec: SpecName | 'nominal_power_w'; readonly op: RangeOp; readonly value: number };

export interface Meaning {
  /** The category the words name: a filter. */
  readonly category?: Category;
  /** The category an attribute implies (only its products carry the spec): picks the spec a quantity means. */
  readonly implies?: Category;
  readonly conditions?: readonly Condition[];
  /** What the interpretation calls it ("bifacial", "microinverter"). */
  readonly label: string;
  /** Only understood in (or implying) this category; elsewhere the words stay text. */
  readonly within?: Category;
}

/**
 * A microinverter is told by its fields, since the lists carry no such flag: module-level DC input
 * (at most 100 V, where string inverters start near 150 V) and at most 2 kW AC out. Over the CEC list
 * this selects Enphase, APsystems, Hoymiles and the AC modules, and no string or battery inverter.
 */
const MICROINVERTER: readonly Condition[] = [
  { spec: 'max_dc_voltage_v', op: 'lte', value: 100 },
  { spec: 'ac_power_w', op: 'lte', value: 2000 },
];
const STRING_INVERTER: readonly Condition[] = [{ spec: 'max_dc_voltage_v', op: 'gt', value: 100 }];
const HYBRID: readonly Condition[] = [{ spec: 'hybrid', values: [true] }];

const THIN_FILM = ['thin film', 'cdte', 'cigs', 'cis', 'si-film', '3-a-si', '2-a-si', 'a-si / mono-si'];
const MULTI = ['multi-c-si', 'mc-si', 'efg mc-si'];

/**
 * Phrases (lower-case, words separated by one space; hyphens and slashes are read as spaces) and
 * what they mean. The longest phrase at a position wins, so "air to water heat pump" reads as two.
 */
export const PHRASES: Readonly<Record<string, Meaning>> = {
  // Categories and their everyday words.
  module: { category: 'pv-module', label: 'PV module' },
  modules: { category: 'pv-module', label: 'PV module' },
  panel: { category: 'pv-module', label: 'PV module' },
  panels: { category: 'pv-module', label: 'PV module' },
  'pv module': { category: 'pv-module', label: 'PV module' },
  'solar panel': { category: 'pv-module', label: 'PV module' },
  'solar module': { category: 'pv-module', label: 'PV module' },
  inverter: { category: 'inverter', label: 'inverter' },
  inverters: { category: 'inverter', label: 'inverter' },
  microinverter: { category: 'inverter', conditions: MICROINVERTER, label: 'microinverter' },
  microinverters: { category: 'inverter', conditions: MICROINVERTER, label: 'microinverter' },
  'micro inverter': { category: 'inverter', conditions: MICROINVERTER, label: 'microinverter' },
  'micro inverters': { category: 'inverter', conditions: MICROINVERTER, label: 'microinverter' },
  'string inverter': { category: 'inverter', conditions: STRING_INVERTER, label: 'string inverter' },
  'string inverters': { category: 'inverter', conditions: STRING_INVERTER, label: 'string inverter' },
  'heat pump': { category: 'heat-pump', label: 'heat pump' },
  'heat pumps': { category: 'heat-pump', label: 'heat pump' },
  heatpump: { category: 'heat-pump', label: 'heat pump' },
  heatpumps: { category: 'heat-pump', label: 'heat pump' },
  // Home batteries: the catalog's only storage is electrical (no thermal stores), so "storage" is one.
  battery: { category: 'home-battery', label: 'home battery' },
  batteries: { category: 'home-battery', label: 'home battery' },
  'home battery': { category: 'home-battery', label: 'home battery' },
  'home batteries': { category: 'home-battery', label: 'home battery' },
  'battery storage': { category: 'home-battery', label: 'home battery' },
  'home storage': { category: 'home-battery', label: 'home battery' },
  'energy storage': { category: 'home-battery', label: 'home battery' },
  storage: { category: 'home-battery', label: 'home battery' },
  // "Battery inverter" is an inverter that works with one: the CEC list's hybrid flag, not a battery.
  'battery inverter': { category: 'inverter', conditions: HYBRID, label: 'hybrid (battery-capable) inverter' },
  'battery inverters': { category: 'inverter', conditions: HYBRID, label: 'hybrid (battery-capable) inverter' },
  // EV chargers: the only chargers the catalog has (no battery chargers), so "charger" alone is one.
  'ev charger': { category: 'ev-charger', label: 'EV charger' },
  'ev chargers': { category: 'ev-charger', label: 'EV charger' },
  wallbox: { category: 'ev-charger', label: 'EV charger' },
  wallboxes: { category: 'ev-charger', label: 'EV charger' },
  'wall box': { category: 'ev-charger', label: 'EV charger' },
  'wall boxes': { category: 'ev-charger', label: 'EV charger' },
  charger: { category: 'ev-charger', label: 'EV charger' },
  chargers: { category: 'ev-charger', label: 'EV charger' },
  'charging station': { category: 'ev-charger', label: 'EV charger' },
  'charging stations': { category: 'ev-charger', label: 'EV charger' },
  evse: { category: 'ev-charger', label: 'EV charger' },
  // Module attributes.
  bifacial: { implies: 'pv-module', conditions: [{ spec: 'bifacial', values: [true] }], label: 'bifacial' },
  monofacial: { implies: 'pv-module', conditions: [{ spec: 'bifacial', values: [false] }], label: 'monofacial' },
  bipv: { implies: 'pv-module', conditions: [{ spec: 'bipv', values: [true] }], label: 'BIPV' },
  mono: { implies: 'pv-module', conditions: [{ spec: 'technology', values: ['mono-c-si'] }], label: 'mono' },
  monocrystalline: {
    implies: 'pv-module',
    conditions: [{ spec: 'technology', values: ['mono-c-si'] }],
    label: 'mono',
  },
  poly: { implies: 'pv-module', conditions: [{ spec: 'technology', values: MULTI }], label: 'poly' },
  polycrystalline: { implies: 'pv-module', conditions: [{ spec: 'technology', values: MULTI }], label: 'poly' },
  multi: { implies: 'pv-module', conditions: [{ spec: 'technology', values: MULTI }], label: 'poly' },
  multicrystalline: { implies: 'pv-module', conditions: [{ spec: 'technology', values: MULTI }], label: 'poly' },
  'thin film': { implies: 'pv-module', conditions: [{ spec: 'technology', values: THIN_FILM }], label: 'thin film' },
  thinfilm: { implies: 'pv-module', conditions: [{ spec: 'technology', values: THIN_FILM }], label: 'thin film' },
  cdte: { implies: 'pv-module', conditions: [{ spec: 'technology', values: ['cdte'] }], label: 'CdTe' },
  cigs: { implies: 'pv-module', conditions: [{ spec: 'technology', values: ['cigs', 'cis'] }], label: 'CIGS' },
  hjt: { implies: 'pv-module', conditions: [{ spec: 'technology', values: ['hit-si'] }], label: 'heterojunction' },
  heterojunction: {
    implies: 'pv-module',
    conditions: [{ spec: 'technology', values: ['hit-si'] }],
    label: 'heterojunction',
  },
  // Inverter attributes ("hybrid" is a heat pump's word too: there it stays text).
  hybrid: {
    implies: 'inverter',
    conditions: HYBRID,
    label: 'hybrid',
    within: 'inverter',
  },
  // Heat pump sources and sinks, as hplib records them.
  'air to water': airWater(),
  'air water': airWater(),
  'air source': airWater(),
  ashp: airWater(),
  'ground source': brineWater('ground source'),
  geothermal: brineWater('ground source'),
  gshp: brineWater('ground source'),
  brine: brineWater('brine to water'),
  'brine to water': brineWater('brine to water'),
  'brine water': brineWater('brine to water'),
  'water to water': waterWater(),
  'water water': waterWater(),
  'water source': waterWater(),
  // "Inverter" beside "heat pump" is the compressor, not the product (see understanding.ts).
  'variable speed': regulation('regulated', 'variable speed'),
  modulating: regulation('regulated', 'variable speed'),
  'on off': regulation('on-off', 'on-off'),
  // Refrigerants, with and without the hyphen.
  ...refrigerants(['r32', 'r290', 'r410a', 'r407c', 'r1234yf', 'r134a']),
};

function airWater(): Meaning {
  return hpType('outdoor air/water', 'air to water');
}
function brineWater(label: string): Meaning {
  return hpType('brine/water', label);
}
function waterWater(): Meaning {
  return hpType('water/water', 'water to water');
}
function hpType(value: string, label: string): Meaning {
  return { implies: 'heat-pump', conditions: [{ spec: 'heat_pump_type', values: [value] }], label };
}
function regulation(value: string, label: string): Meaning {
  return { implies: 'heat-pump', conditions: [{ spec: 'compressor_regulation', values: [value] }], label };
}
function refrigerants(names: string[]): Record<string, Meaning> {
  const out: Record<string, Meaning> = {};
  for (const name of names) {
    const meaning: Meaning = {
      implies: 'heat-pump',
      conditions: [{ spec: 'refrigerant', values: [name] }],
      label: name.toUpperCase(),
    };
    out[name] = meaning;
    out[`${name[0]} ${name.slice(1)}`] = meaning; // "R-32" after hyphens became spaces
  }
  return out;
}

/** Words that carry no condition: dropped when something else was understood, else searched as text. */
export const FILLER = new Set([
  'a',
  'an',
  'the',
  'for',
  'with',
  'of',
  'and',
  'by',
  'from',
  'solar',
  'pv',
  'photovoltaic',
  'heating',
]);

export type Dimension =
  | 'power'
  | 'voltage'
  | 'current'
  | 'cells'
  | 'mass'
  | 'area'
  | 'sound'
  | 'efficiency'
  | 'power-density'
  | 'energy'
  | 'length';

/**
 * Units a quantity may be written in, lower-case: dimension, factor to the dimension's base unit (W,
 * Wh, m; a spec in kW or kWh is compared after dividing by its own unit's factor), and how it is shown.
 * A length names only a charging cable: the module lists do not say which side is a module's long one.
 */
export const QUANTITY_UNITS: Readonly<
  Record<string, { readonly dimension: Dimension; readonly factor: number; readonly label: string }>
> = {
  w: { dimension: 'power', factor: 1, label: 'W' },
  kw: { dimension: 'power', factor: 1e3, label: 'kW' },
  // Watt-peak: the STC rating modules are sold by, the same figure as W.
  wp: { dimension: 'power', factor: 1, label: 'Wp' },
  kwp: { dimension: 'power', factor: 1e3, label: 'kWp' },
  v: { dimension: 'voltage', factor: 1, label: 'V' },
  a: { dimension: 'current', factor: 1, label: 'A' },
  cell: { dimension: 'cells', factor: 1, label: 'cells' },
  cells: { dimension: 'cells', factor: 1, label: 'cells' },
  kg: { dimension: 'mass', factor: 1, label: 'kg' },
  m2: { dimension: 'area', factor: 1, label: 'm²' },
  'm²': { dimension: 'area', factor: 1, label: 'm²' },
  sqm: { dimension: 'area', factor: 1, label: 'm²' },
  db: { dimension: 'sound', factor: 1, label: 'dB(A)' },
  dba: { dimension: 'sound', factor: 1, label: 'dB(A)' },
  'db(a)': { dimension: 'sound', factor: 1, label: 'dB(A)' },
  '%': { dimension: 'efficiency', factor: 1, label: '%' },
  'w/m2': { dimension: 'power-density', factor: 1, label: 'W/m²' },
  'w/m²': { dimension: 'power-density', factor: 1, label: 'W/m²' },
  // Energy: a battery's capacity, as the lists give it in kWh.
  wh: { dimension: 'energy', factor: 1, label: 'Wh' },
  kwh: { dimension: 'energy', factor: 1e3, label: 'kWh' },
  mwh: { dimension: 'energy', factor: 1e6, label: 'MWh' },
  m: { dimension: 'length', factor: 1, label: 'm' },
};

/**
 * The spec a quantity names, by dimension and category; `any`: no category was named. Why each:
 * modules are sold by their STC rating, inverters by continuous AC output, heat pumps by the only
 * output hplib lists, a battery by the power it can supply the house with (discharging), a charger by
 * the power it charges a car at; a power with no category is any product's nominal power (see NOMINAL_POWER).
 * An inverter is chosen by the grid voltage it feeds and a module's voltage compared for string
 * sizing, which uses Voc; likewise its current is the short-circuit current fuses are sized by, and
 * an inverter's the only current its list carries. Cells, a weight (inverters), an area (modules)
 * and a sound power (a heat pump's outdoor unit, what neighbours hear) each exist in one category.
 */
export const QUANTITY_SPECS: Readonly<
  Record<Dimension, Partial<Record<Category | 'any', SpecName | 'nominal_power_w'>>>
> = {
  power: {
    'pv-module': 'stc_power_w',
    inverter: 'ac_power_w',
    'heat-pump': 'heating_power_ref_w',
    'home-battery': 'max_discharge_power_kw',
    'ev-charger': 'charging_power_kw',
    any: 'nominal_power_w',
  },
  voltage: { inverter: 'nominal_ac_voltage_v', 'pv-module': 'voc_v', any: 'nominal_ac_voltage_v' },
  current: { inverter: 'max_dc_current_a', 'pv-module': 'isc_a' },
  cells: { 'pv-module': 'cells_in_series', any: 'cells_in_series' },
  mass: { inverter: 'weight_kg', any: 'weight_kg' },
  area: { 'pv-module': 'area_m2', any: 'area_m2' },
  sound: { 'heat-pump': 'sound_power_outdoor_dba', any: 'sound_power_outdoor_dba' },
  // Derived efficiencies: a module's (STC power over area × 1000 W/m²) and an inverter's CEC weighted
  // one (from its Sandia coefficients); with no category named, "22%" is a module's, the figure most quoted.
  efficiency: {
    'pv-module': 'module_efficiency_pct',
    inverter: 'cec_weighted_efficiency_pct',
    any: 'module_efficiency_pct',
  },
  'power-density': { 'pv-module': 'power_per_area_w_per_m2', any: 'power_per_area_w_per_m2' },
  // A battery is chosen by what it can store and give back (the usable part), a charger by its output.
  energy: { 'home-battery': 'usable_capacity_kwh', any: 'usable_capacity_kwh' },
  length: { 'ev-charger': 'cable_lengths_m' },
};

/**
 * How near a product's value must be to a typed quantity, as a share of it. Modules and inverters are
 * sold by the rated figure the lists carry, so 2% covers rounding ("7.7 kW" is 7,680 W). A heat pump's
 * listed output is at the hplib reference point (-7 °C air), not the rating on its name, hence 10%;
 * a battery's capacity likewise (below).
 * Cells are counted: exact.
 */
export const TOLERANCE: Readonly<Record<string, number>> = {
  heating_power_ref_w: 0.1,
  // A battery is named by its nominal capacity and listed by its usable one, up to about 10% less
  // (sonnen's "11 kWh" lists 10, LG's RESU 10H 9.3): "10 kWh" takes both readings.
  usable_capacity_kwh: 0.1,
  cells_in_series: 0,
  default: 0.02,
};

/** A bare number after a module maker or module word is its STC power in W, within this range. */
export const BARE_MODULE_POWER = { min: 100, max: 900 } as const;
