// Every spec a product can carry: normalized name, SI-style unit and type. The converter, the index
// mapping, query parsing and compare all read this one table.

export type SpecType = 'number' | 'integer' | 'text' | 'boolean';

/** A spec's definition; `dimension` tells which unit prefixes a filter value may use (0.4kW, 600mV). */
export interface SpecDefinition {
  readonly type: SpecType;
  readonly unit?: string;
  readonly dimension?: 'power' | 'voltage' | 'current';
  readonly description: string;
}

const n = (unit: string | undefined, description: string, dimension?: SpecDefinition['dimension']): SpecDefinition => ({ type: 'number', unit, dimension, description });
const i = (unit: string | undefined, description: string): SpecDefinition => ({ type: 'integer', unit, description });
const t = (description: string): SpecDefinition => ({ type: 'text', description });
const b = (description: string): SpecDefinition => ({ type: 'boolean', description });

export const SPECS = {
  // PV modules
  technology: t('Cell technology or material (e.g. Mono-c-Si, CdTe)'),
  bifacial: b('Bifacial module'),
  bipv: b('Building-integrated PV'),
  stc_power_w: n('W', 'Maximum power at standard test conditions', 'power'),
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
  sandia_vintage: t('Year of the Sandia test data as listed; "(E)" marks an estimate'),
  // Inverters
  nominal_ac_voltage_v: n('V', 'Nominal AC voltage', 'voltage'),
  ac_power_w: n('W', 'Maximum continuous AC output power', 'power'),
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
  adr_coefficients: t('ADR inverter model coefficients, as listed'),
  adr_vintage_year: i(undefined, 'CEC list year of the ADR record'),
  adr_data_year: i(undefined, 'Year of the data behind the ADR fit'),
  adr_pac_fit_error_max: n(undefined, 'Largest error of the ADR fit'),
  // Listing metadata
  cec_listing_date: t('Date the CEC listed the product (ISO 8601)'),
  sam_library_version: t('SAM library version the record comes from'),
} as const satisfies Record<string, SpecDefinition>;

export type SpecName = keyof typeof SPECS;

export const SPEC_NAMES = Object.keys(SPECS) as SpecName[];

export function isSpecName(name: string): name is SpecName {
  return Object.prototype.hasOwnProperty.call(SPECS, name);
}

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
