// The values a source cell may state for a spec, as the physics allows them: a cell outside its range
// is refused (with its row, column and this rule's reason) and never becomes a value. Rules are data,
// each with why; the import reports every refused cell, and the product keeps the value it had.
// Only bounds no honest datasheet crosses are written here: a rated power below zero, an efficiency
// over 100 %, a voltage or a current below zero. Of the pinned editions, only the ADR inverter list
// breaks one: 4 records (1123, 1125, 1161, 1163) give negative DC voltages (Vnom, Vmin, Vmax), which
// are refused, so those inverters carry no such values.
import type { SpecName } from './spec-catalog';

export interface PhysicalRange {
  readonly specs: readonly SpecName[];
  /** Lowest value allowed (inclusive). */
  readonly min?: number;
  /** Highest value allowed (inclusive). */
  readonly max?: number;
  readonly reason: string;
}

export const PHYSICAL_RANGES: readonly PhysicalRange[] = [
  {
    specs: [
      'stc_power_w',
      'ptc_power_w',
      'ac_power_w',
      'dc_power_w',
      'heating_power_ref_w',
      'electric_power_ref_w',
      'standby_power_w',
      'max_charge_power_kw',
      'max_discharge_power_kw',
      'charging_power_kw',
    ],
    min: 0,
    reason: 'a rated power is never negative (a product that takes power while rated to give it is a sign error)',
  },
  {
    specs: [
      'voc_v',
      'vmp_v',
      'nominal_ac_voltage_v',
      'nominal_dc_voltage_v',
      'max_dc_voltage_v',
      'mppt_low_v',
      'mppt_high_v',
      'min_operating_dc_voltage_v',
      'max_operating_dc_voltage_v',
    ],
    min: 0,
    reason: 'a rated voltage is a magnitude, never negative',
  },
  {
    specs: ['isc_a', 'imp_a', 'max_dc_current_a', 'il_ref_a'],
    min: 0,
    reason: 'a rated current is a magnitude, never negative',
  },
  {
    specs: ['area_m2', 'length_m', 'width_m', 'weight_kg', 'refrigerant_mass_kg', 'usable_capacity_kwh'],
    min: 0,
    reason: 'a size, a mass or a capacity is never negative',
  },
  {
    specs: ['cells_in_series', 'parallel_strings'],
    min: 1,
    reason: 'a module has at least one cell in series and one string',
  },
  {
    specs: ['module_efficiency_pct', 'rated_efficiency_pct', 'cec_weighted_efficiency_pct'],
    min: 0,
    max: 100,
    reason: 'an efficiency in percent lies between 0 and 100 (more would make energy)',
  },
  {
    specs: ['battery_efficiency', 'battery_inverter_efficiency'],
    min: 0,
    max: 1,
    reason: 'an efficiency written as a fraction lies between 0 and 1 (more would make energy)',
  },
];

const BY_SPEC = new Map<string, PhysicalRange>(PHYSICAL_RANGES.flatMap((r) => r.specs.map((s) => [s, r] as const)));

/** Why a value is outside what the physics allows for the spec; undefined when it is inside. */
export function outsideRange(spec: SpecName, value: unknown): string | undefined {
  const rule = BY_SPEC.get(spec);
  if (!rule) return undefined;
  const values = Array.isArray(value) ? value : [value];
  for (const v of values) {
    if (typeof v !== 'number') continue;
    if (rule.min !== undefined && v < rule.min) return `${v} is below ${rule.min}: ${rule.reason}`;
    if (rule.max !== undefined && v > rule.max) return `${v} is above ${rule.max}: ${rule.reason}`;
  }
  return undefined;
}
