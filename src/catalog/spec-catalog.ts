// Every spec a product can carry: normalized name, SI-style unit and type. The converter, the index
// mapping, query parsing and compare all read this one table.

export type SpecType = 'number' | 'integer' | 'text' | 'boolean' | 'number-list';

/** The categories products come in; each has its specs below and its converter in src/ingest/convert. */
export const CATEGORIES = ['pv-module', 'inverter', 'heat-pump', 'home-battery', 'ev-charger'] as const;
export type Category = (typeof CATEGORIES)[number];

/** A spec's definition; `dimension` tells which unit prefixes a filter value may use (0.4kW, 600mV). */
export interface SpecDefinition {
  readonly type: SpecType;
  readonly unit?: string;
  readonly dimension?: 'power' | 'voltage' | 'current';
  /** The power a product is sold by (a module's STC power, an inverter's AC power): "400W" in a search matches it. */
  readonly nominal?: true;
  readonly description: string;
}

const n = (unit: string | undefined, description: string, dimension?: SpecDefinition['dimension']): SpecDefinition => ({
  type: 'number',
  unit,
  dimension,
  description,
});
const nominalPower = (description: string): SpecDefinition => ({
  type: 'number',
  unit: 'W',
  dimension: 'power',
  nominal: true,
  description,
});
const i = (unit: string | undefined, description: string): SpecDefinition => ({ type: 'integer', unit, description });
const t = (description: string): SpecDefinition => ({ type: 'text', description });
const b = (description: string): SpecDefinition => ({ type: 'boolean', description });
const list = (description: string): SpecDefinition => ({ type: 'number-list', description });

// hplib's reference point: source in at -7 °C (air), 0 °C (brine) or 10 °C (water), 52 °C flow.
const REF = 'at the hplib reference point (source in -7 °C air, 0 °C brine or 10 °C water; 52 °C flow)';
const hplibParam = (unit: string | undefined, index: number, of: string): SpecDefinition => ({
  type: 'number',
  unit,
  description: `hplib fit parameter p${index} of ${of}, normalized to the reference point (see hplib's documentation)`,
});

export const SPECS = {
  // PV modules
  technology: t('Cell technology or material (e.g. Mono-c-Si, CdTe)'),
  bifacial: b('Bifacial module'),
  bipv: b('Building-integrated PV'),
  stc_power_w: nominalPower('Maximum power at standard test conditions'),
  ptc_power_w: n('W', 'Power at PVUSA test conditions', 'power'),
  area_m2: n('m2', 'Module area'),
  length_m: n('m', 'Module length'),
  width_m: n('m', 'Module width'),
  cells_in_series: i(undefined, 'Cells in series'),
  parallel_strings: i(undefined, 'Parallel cell strings'),
  isc_a: n('A', 'Short-circuit current at reference conditions', 'current'),
  voc_v: n('V', 'Open-circuit voltage at reference conditions', 'voltage'),
  imp_a: n('A', 'Current at maximum power point', 'current'),
  vmp_v: n('V', 'Voltage at maximum power point', 'voltage'),
  alpha_isc_a_per_k: n('A/K', 'Temperature coefficient of short-circuit current'),
  beta_voc_v_per_k: n('V/K', 'Temperature coefficient of open-circuit voltage'),
  gamma_pmp_pct_per_k: n('%/K', 'Temperature coefficient of maximum power'),
  noct_c: n('°C', 'Nominal operating cell temperature'),
  a_ref_v: n('V', 'Modified diode ideality factor at reference conditions (single-diode model)'),
  il_ref_a: n('A', 'Light-generated current at reference conditions (single-diode model)', 'current'),
  io_ref_a: n('A', 'Diode saturation current at reference conditions (single-diode model)', 'current'),
  rs_ohm: n('ohm', 'Series resistance (single-diode model)'),
  rsh_ref_ohm: n('ohm', 'Shunt resistance at reference conditions (single-diode model)'),
  adjust_pct: n('%', 'Temperature coefficient adjustment (CEC model)'),
  // Derived from the record's own STC power and area (src/ingest/convert/module-derived.ts); see DERIVED_SPECS.
  module_efficiency_pct: n('%', 'Module efficiency at STC: STC power / (area × 1000 W/m²), derived'),
  power_per_area_w_per_m2: n('W/m2', 'STC power per module area, derived'),
  sandia_vintage: t('Year of the Sandia test data as listed; "(E)" marks an estimate'),
  // Inverters
  nominal_ac_voltage_v: n('V', 'Nominal AC voltage', 'voltage'),
  ac_power_w: nominalPower('Maximum continuous AC output power'),
  dc_power_w: n('W', 'DC input power at which maximum AC power is reached', 'power'),
  nominal_dc_voltage_v: n('V', 'Nominal DC voltage', 'voltage'),
  self_consumption_w: n('W', 'DC power needed to start inverting (Pso)', 'power'),
  night_tare_w: n('W', 'AC power consumed at night', 'power'),
  max_dc_voltage_v: n('V', 'Maximum DC input voltage', 'voltage'),
  max_dc_current_a: n('A', 'Maximum DC input current', 'current'),
  mppt_low_v: n('V', 'Lower bound of the MPPT voltage range', 'voltage'),
  mppt_high_v: n('V', 'Upper bound of the MPPT voltage range', 'voltage'),
  min_operating_dc_voltage_v: n('V', 'Minimum DC operating voltage (ADR model)', 'voltage'),
  max_operating_dc_voltage_v: n('V', 'Maximum DC operating voltage (ADR model)', 'voltage'),
  ambient_temp_min_c: n('°C', 'Lowest rated ambient temperature'),
  ambient_temp_max_c: n('°C', 'Highest rated ambient temperature'),
  weight_kg: n('kg', 'Weight'),
  inverter_type: t('CEC inverter type (e.g. Utility Interactive)'),
  sandia_c0_per_w: n('1/W', 'Sandia inverter model coefficient C0'),
  sandia_c1_per_v: n('1/V', 'Sandia inverter model coefficient C1'),
  sandia_c2_per_v: n('1/V', 'Sandia inverter model coefficient C2'),
  sandia_c3_per_v: n('1/V', 'Sandia inverter model coefficient C3'),
  hybrid: b('Hybrid inverter (battery-capable), as the CEC list marks it from 2023 on'),
  adr_coefficients: list('ADR inverter model coefficients, in listed order'),
  // Derived from the CEC list's Sandia coefficients (src/ingest/convert/inverter-derived.ts); see DERIVED_SPECS.
  rated_efficiency_pct: n(
    '%',
    'Efficiency at rated output: rated AC power / the DC power it takes (Paco / Pdco), derived',
  ),
  cec_weighted_efficiency_pct: n(
    '%',
    'CEC weighted efficiency at nominal DC voltage, from the Sandia model coefficients, derived',
  ),
  adr_vintage_year: i(undefined, 'CEC list year of the ADR record'),
  adr_data_year: i(undefined, 'Year of the data behind the ADR fit'),
  adr_pac_fit_error_max: n(undefined, 'Largest error of the ADR fit'),
  // Listing metadata
  cec_listing_date: t('Date the CEC listed the product (ISO 8601)'),
  sam_library_version: t('SAM library version the record comes from'),
  sam_library_date: t(
    'Date of the SAM library build the record comes from (ISO 8601); the same on every record of an edition',
  ),
  // Heat pumps (hplib, from Heat Pump Keymark test data)
  heat_pump_type: t('Source and sink as tested: Outdoor Air/Water, Brine/Water or Water/Water'),
  compressor_regulation: t('Regulated (variable speed) or On-Off'),
  hplib_group_id: i(undefined, 'hplib group: 1-3 regulated air, brine, water; 4-6 on-off air, brine, water'),
  refrigerant: t('Refrigerant (e.g. R32, R290)'),
  refrigerant_mass_kg: n('kg', 'Refrigerant charge'),
  sound_power_indoor_dba: n('dBA', 'Sound power level of the indoor unit'),
  sound_power_outdoor_dba: n('dBA', 'Sound power level of the outdoor unit'),
  standby_power_w: n('W', 'Electric power in standby', 'power'),
  test_climate: t('Climate of the seasonal test data (average, colder, warmer)'),
  heating_power_ref_w: nominalPower(`Heating output ${REF}`),
  electric_power_ref_w: n('W', `Electric input ${REF}`, 'power'),
  cop_ref: n(undefined, `Coefficient of performance ${REF}: heating output / electric input`),
  hplib_p1_heating_power: hplibParam('1/°C', 1, 'heating output'),
  hplib_p2_heating_power: hplibParam('1/°C', 2, 'heating output'),
  hplib_p3_heating_power: hplibParam(undefined, 3, 'heating output'),
  hplib_p4_heating_power: hplibParam('1/°C', 4, 'heating output'),
  hplib_p1_electric_power: hplibParam('1/°C', 1, 'electric input'),
  hplib_p2_electric_power: hplibParam('1/°C', 2, 'electric input'),
  hplib_p3_electric_power: hplibParam(undefined, 3, 'electric input'),
  hplib_p4_electric_power: hplibParam('1/°C', 4, 'electric input'),
  hplib_p1_cop: hplibParam(undefined, 1, 'COP'),
  hplib_p2_cop: hplibParam(undefined, 2, 'COP'),
  hplib_p3_cop: hplibParam(undefined, 3, 'COP'),
  hplib_p4_cop: hplibParam(undefined, 4, 'COP'),
  keymark_date: t('Date of the Keymark data the record comes from (ISO 8601)'),
  // Home batteries and EV chargers (HiSim's hand-collected smart-device table): its units are implicit,
  // so each is stated from the values (a "sonnenBatterie 10 - 11 kWh" lists 10: the usable part).
  usable_capacity_kwh: n(
    'kWh',
    'Usable storage capacity as listed (below the nominal capacity a model name may carry, e.g. 10 for an "11 kWh" model)',
  ),
  max_charge_power_kw: n('kW', 'Highest charging power of the battery'),
  max_discharge_power_kw: n('kW', 'Highest discharging power of the battery'),
  battery_efficiency: n(
    undefined,
    'Battery efficiency as a fraction (0.98), as listed; the table does not say whether round-trip or one-way',
  ),
  battery_inverter_efficiency: n(
    undefined,
    "Efficiency of the battery system's inverter as a fraction (0.95), as listed",
  ),
  datasheet_url: t('The datasheet the source cites for the record'),
  charging_power_kw: n('kW', 'Highest charging power the EV charger delivers (11 kW: three-phase 16 A; 22 kW: 32 A)'),
  cable_lengths_m: list(
    'Lengths of the fixed charging cable offered, as listed ("5/7.5": two); 0 where the charger has a socket and no fixed cable (myenergi ZAPPI 222UW, untethered)',
  ),
} as const satisfies Record<string, SpecDefinition>;

export type SpecName = keyof typeof SPECS;

/**
 * Specs no list states, computed by the converter from a record's own values, each claim marked
 * `method: derived` with this formula as its derivation; the glossary and the document show it.
 */
export const DERIVED_SPECS: Readonly<Partial<Record<SpecName, string>>> = {
  module_efficiency_pct:
    'stc_power_w / (area_m2 × 1000 W/m²) × 100: STC power over the irradiance the module receives at standard test conditions, rounded to 0.001%. Not derived when it would exceed 26% (see MAX_DERIVED_MODULE_EFFICIENCY_PCT).',
  power_per_area_w_per_m2: 'stc_power_w / area_m2, rounded to 0.001 W/m².',
  rated_efficiency_pct:
    'ac_power_w / dc_power_w × 100 (Paco / Pdco): the Sandia model is fitted so that Pdco at the nominal DC voltage gives Paco, rounded to 0.001%. Given for records that carry the Sandia coefficients (the CEC list), not for ADR-only records.',
  cec_weighted_efficiency_pct:
    "Σ w × Pac / Pdc over Pac = 10, 20, 30, 50, 75 and 100% of ac_power_w with w = 0.04, 0.05, 0.12, 0.21, 0.53, 0.05 (the CEC inverter test protocol's weights), each Pdc solved from the Sandia inverter model (SAND2007-5036) at the nominal DC voltage, where only Paco, Pdco, Pso and C0 act: Pac = (Paco/(Pdco−Pso) − C0 (Pdco−Pso)) (Pdc−Pso) + C0 (Pdc−Pso)²; rounded to 0.001%. Checked against pvlib.inverter.sandia in the tests. Not the CEC's own listed figure, which is measured and not in the SAM library.",
};

/**
 * Above this, a module's listed area cannot be its real one, and neither derived value is given: no
 * flat-plate module in lists up to 2024 converts more (the best mass-produced ones were just under
 * 25%, and full-size silicon modules under 26% in the laboratory). 50 CEC 2024 records compute to
 * 26-32.6% (e.g. Runergy HY-DH144P8-550: 550.62 W over 1.69 m², where a 144-cell module of 550 W
 * measures about 2.6 m²). Low values are real (amorphous silicon: 2.6-4.6%) and kept, as is a
 * concentrator module's 25.8% (SolFocus SF-1100S, rated on its aperture).
 */
export const MAX_DERIVED_MODULE_EFFICIENCY_PCT = 26;

/** The category each derived spec is computed for. */
export const DERIVED_CATEGORY: Readonly<Partial<Record<SpecName, Category>>> = {
  module_efficiency_pct: 'pv-module',
  power_per_area_w_per_m2: 'pv-module',
  rated_efficiency_pct: 'inverter',
  cec_weighted_efficiency_pct: 'inverter',
};

export const SPEC_NAMES = Object.keys(SPECS) as SpecName[];

export function isSpecName(name: string): name is SpecName {
  return Object.prototype.hasOwnProperty.call(SPECS, name);
}

/** The specs a power typed in a search ("400W", "8kW") is matched against. */
export const NOMINAL_POWER_SPECS = SPEC_NAMES.filter((name) => SPECS[name].nominal);

export function isNumericSpec(name: SpecName): boolean {
  const type = SPECS[name].type;
  return type === 'number' || type === 'integer';
}

/** The unit of each of `specs` that has one, by spec name. */
export function unitsOf(specs: Readonly<Record<string, unknown>>): Record<string, string> {
  const units: Record<string, string> = {};
  for (const name of Object.keys(specs)) {
    const unit = isSpecName(name) ? SPECS[name].unit : undefined;
    if (unit) units[name] = unit;
  }
  return units;
}
