// What decides whether one product can stand in for another of its category, and the query a
// search for substitutes is, in the domain's words. The contract documents these specs, the
// products domain asks for them and the index adapter answers: so they live on the ground floor.
import type { Category, SpecName } from './spec-catalog';

/**
 * A spec a substitute should be near: `within` is the relative difference (0.05: 5%) at which its
 * nearness counts half; `weight` how much it counts beside the others.
 */
export interface NearSpec {
  readonly spec: SpecName;
  readonly within: number;
  readonly weight: number;
}

/** A spec a substitute should share (text, compared without regard to case). */
export interface SameSpec {
  readonly spec: SpecName;
  readonly weight: number;
}

export interface Substitution {
  /** The first is the primary spec: a substitute's lies within `PRIMARY_BAND` of the product's. */
  readonly near: readonly [NearSpec, ...NearSpec[]];
  readonly same: readonly SameSpec[];
}

/**
 * What an installer checks before swapping one product for another: for a module the power, the
 * frame (it must fit the racking), the string voltages and currents and the cell count; for an
 * inverter the AC side and the DC window a string must fit; for a heat pump its output, its source
 * and sink, and the refrigerant (which decides handling and permits); for a home battery its usable
 * capacity and the power it charges and discharges at; for an EV charger its charging power.
 */
export const SUBSTITUTION: Readonly<Record<Category, Substitution>> = {
  'pv-module': {
    near: [
      { spec: 'stc_power_w', within: 0.05, weight: 3 },
      { spec: 'length_m', within: 0.03, weight: 2 },
      { spec: 'width_m', within: 0.03, weight: 2 },
      { spec: 'voc_v', within: 0.05, weight: 2 },
      { spec: 'isc_a', within: 0.05, weight: 2 },
      { spec: 'cells_in_series', within: 0.1, weight: 1 },
    ],
    same: [{ spec: 'technology', weight: 1 }],
  },
  inverter: {
    near: [
      { spec: 'ac_power_w', within: 0.05, weight: 3 },
      { spec: 'nominal_ac_voltage_v', within: 0.02, weight: 3 },
      { spec: 'mppt_low_v', within: 0.1, weight: 1 },
      { spec: 'mppt_high_v', within: 0.1, weight: 1 },
      { spec: 'max_dc_voltage_v', within: 0.05, weight: 2 },
    ],
    same: [],
  },
  'heat-pump': {
    near: [{ spec: 'heating_power_ref_w', within: 0.1, weight: 3 }],
    same: [
      { spec: 'heat_pump_type', weight: 3 },
      { spec: 'refrigerant', weight: 1 },
    ],
  },
  'home-battery': {
    near: [
      { spec: 'usable_capacity_kwh', within: 0.1, weight: 3 },
      { spec: 'max_charge_power_kw', within: 0.2, weight: 1 },
      { spec: 'max_discharge_power_kw', within: 0.2, weight: 1 },
    ],
    same: [],
  },
  'ev-charger': { near: [{ spec: 'charging_power_kw', within: 0.05, weight: 3 }], same: [] },
};

/**
 * How far (as a share) a substitute's primary spec may lie from the product's. Listed products come
 * first whatever their score, so this band is what keeps a listed 400 W module from being offered
 * before an unlisted 255 W one for a 270 W module: it is not a substitute.
 */
export const PRIMARY_BAND = 0.25;

/** How many substitutes an answer may hold, and how many it holds unless asked. */
export const SIMILAR_LIMIT = { min: 1, max: 20, default: 5 } as const;

/** The search for substitutes of one product: its values of the deciding specs it has. */
export interface NearestQuery {
  readonly id: string;
  readonly category: Category;
  readonly near: readonly (NearSpec & { readonly value: number })[];
  readonly same: readonly (SameSpec & { readonly value: string })[];
  /** Bounds on the primary spec, when the product has it. */
  readonly window?: { readonly spec: SpecName; readonly min: number; readonly max: number };
  readonly limit: number;
}
