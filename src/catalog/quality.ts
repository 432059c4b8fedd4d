// Consistency checks per category, computed from a revision's values (so every revision, current or
// past, has its own verdict and it can never drift from the values). A check whose inputs are
// missing is not counted.
import type { ClaimValue } from './claim';

type Specs = Readonly<Record<string, ClaimValue>>;
type Check = (s: Record<string, number>) => boolean;

/** The checks, by category: name -> [inputs, rule]. Documented in the OpenAPI `x-quality-checks`. */
export const QUALITY_CHECKS: Record<string, Record<string, { inputs: string[]; rule: string; test: Check }>> = {
  'pv-module': {
    vmp_below_voc: { inputs: ['vmp_v', 'voc_v'], rule: 'Vmp < Voc', test: (s) => s.vmp_v < s.voc_v },
    imp_below_isc: { inputs: ['imp_a', 'isc_a'], rule: 'Imp < Isc', test: (s) => s.imp_a < s.isc_a },
    power_matches_vmp_imp: {
      inputs: ['vmp_v', 'imp_a', 'stc_power_w'],
      rule: '|Vmp x Imp - Pmax| / Pmax <= 2%',
      test: (s) => Math.abs(s.vmp_v * s.imp_a - s.stc_power_w) / s.stc_power_w <= 0.02,
    },
  },
  inverter: {
    mppt_range_ordered: {
      inputs: ['mppt_low_v', 'mppt_high_v'],
      rule: 'MPPT low < MPPT high',
      test: (s) => s.mppt_low_v < s.mppt_high_v,
    },
    mppt_within_max_dc: {
      inputs: ['mppt_high_v', 'max_dc_voltage_v'],
      rule: 'MPPT high <= maximum DC voltage',
      test: (s) => s.mppt_high_v <= s.max_dc_voltage_v,
    },
    ac_not_above_dc_power: {
      inputs: ['ac_power_w', 'dc_power_w'],
      rule: 'AC power <= DC power at that point',
      test: (s) => s.ac_power_w <= s.dc_power_w,
    },
  },
  'heat-pump': {
    // hplib rounds the COP to two decimals and derives the electric power from it, rounded to a watt.
    cop_matches_powers: {
      inputs: ['heating_power_ref_w', 'electric_power_ref_w', 'cop_ref'],
      rule: '|heating output / electric input - COP| / COP <= 1% at the reference point',
      test: (s) => Math.abs(s.heating_power_ref_w / s.electric_power_ref_w - s.cop_ref) / s.cop_ref <= 0.01,
    },
    heats_more_than_it_draws: {
      inputs: ['heating_power_ref_w', 'electric_power_ref_w'],
      rule: 'Heating output > electric input at the reference point',
      test: (s) => s.heating_power_ref_w > s.electric_power_ref_w,
    },
    standby_below_input: {
      inputs: ['standby_power_w', 'electric_power_ref_w'],
      rule: 'Standby power < electric input at the reference point',
      test: (s) => s.standby_power_w < s.electric_power_ref_w,
    },
  },
};

export interface Quality {
  /** `fail` if any check fails, `pass` if every applicable check passes, `unchecked` if none applies. */
  readonly status: 'pass' | 'fail' | 'unchecked';
  readonly checked: string[];
  readonly failed: string[];
}

export function qualityOf(category: string, specs: Specs): Quality {
  const checked: string[] = [];
  const failed: string[] = [];
  for (const [name, check] of Object.entries(QUALITY_CHECKS[category] ?? {})) {
    const values = Object.fromEntries(check.inputs.map((i) => [i, specs[i]]));
    if (!Object.values(values).every((v) => typeof v === 'number')) continue;
    checked.push(name);
    if (!check.test(values as Record<string, number>)) failed.push(name);
  }
  return { status: failed.length > 0 ? 'fail' : checked.length > 0 ? 'pass' : 'unchecked', checked, failed };
}
