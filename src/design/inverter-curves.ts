// What an inverter model gives at conditions: the state and output at DC power and voltage points,
// and the efficiency curves of the CEC test protocol (efficiency at 10, 20, 30, 50, 75 and 100% of
// rated AC output; Sandia/BEW 2004, "Performance Test Protocol for Evaluating Inverters Used in
// Grid-Connected Photovoltaic Systems") with the CEC and European weighted efficiencies of each.
import { CEC_WEIGHTS, EURO_WEIGHTS } from '../catalog/sandia-inverter';
import type { InverterModel } from './inverter-models';

/** The fractions of rated AC output the curves are given at: the CEC's six and the European 5%. */
export const CURVE_PERCENTS = [5, 10, 20, 30, 50, 75, 100] as const;

export interface Weighting {
  readonly name: 'cec' | 'european';
  readonly weights: ReadonlyArray<readonly [percent: number, weight: number]>;
  readonly source: string;
}

/** A weighting's fractions of rated output as the curves' percentages (0.3 is 30, not 30.000000000000004). */
const percents = (weights: ReadonlyArray<readonly [number, number]>) =>
  weights.map(([fraction, weight]) => [Math.round(fraction * 100), weight] as const);

export const WEIGHTINGS: readonly Weighting[] = [
  {
    name: 'cec',
    weights: percents(CEC_WEIGHTS),
    source: "California Energy Commission's weighting (Sandia/BEW inverter test protocol, 2004)",
  },
  {
    name: 'european',
    weights: percents(EURO_WEIGHTS),
    source: 'European efficiency (EN 50530 / Euro-eta weighting for a central European climate)',
  },
];

export type PointState = 'night' | 'below_start' | 'outside_mppt_window' | 'clipped' | 'mppt';

export interface Window {
  readonly low?: number;
  readonly high?: number;
}

export interface PointAnswer {
  readonly dc_power_w: number;
  readonly dc_voltage_v: number;
  readonly ac_power_w: number | null;
  readonly efficiency_pct: number | null;
  readonly state: PointState;
  readonly clipped: boolean;
  readonly within_model_range: boolean;
}

/** The model's output and state at one point (the state first of: night, below start, outside window, clipped). */
export function atPoint(model: InverterModel, window: Window, pDc: number, vDc: number): PointAnswer {
  const ac = model.ac(vDc, pDc);
  const inRange = !Number.isNaN(ac);
  const unlimited = model.unlimited(vDc, pDc);
  const clipped = inRange && unlimited > model.ratedAcW;
  const belowStart = model.startW !== undefined ? pDc < model.startW : unlimited <= model.floorW;
  const outside = (window.low !== undefined && vDc < window.low) || (window.high !== undefined && vDc > window.high);
  const state: PointState =
    pDc === 0 ? 'night' : belowStart ? 'below_start' : outside ? 'outside_mppt_window' : clipped ? 'clipped' : 'mppt';
  return {
    dc_power_w: pDc,
    dc_voltage_v: vDc,
    ac_power_w: inRange ? ac : null,
    efficiency_pct: inRange && pDc > 0 ? (100 * ac) / pDc : null,
    state,
    clipped,
    within_model_range: inRange,
  };
}

export interface CurvePoint {
  readonly percent_of_rated: number;
  readonly ac_power_w: number;
  readonly dc_power_w: number | null;
  readonly efficiency_pct: number | null;
}

/** The efficiency at each fraction of rated AC output, at one voltage: the DC power solved from the model. */
export function curveAt(model: InverterModel, vDc: number): CurvePoint[] {
  return CURVE_PERCENTS.map((percent) => {
    const ac = (percent / 100) * model.ratedAcW;
    const dc = model.dcFor(vDc, ac);
    const usable = dc !== undefined && dc > 0 && !Number.isNaN(model.ac(vDc, dc));
    return {
      percent_of_rated: percent,
      ac_power_w: ac,
      dc_power_w: usable ? dc : null,
      efficiency_pct: usable ? (100 * ac) / dc : null,
    };
  });
}

/** A weighted efficiency of a curve, or null (with the reason) when a level it weighs has none. */
export function weighted(curve: readonly CurvePoint[], weighting: Weighting) {
  let sum = 0;
  for (const [percent, weight] of weighting.weights) {
    const point = curve.find((p) => p.percent_of_rated === percent);
    if (!point || point.efficiency_pct === null)
      return { value: null, reason: `the model's curve at this voltage does not reach ${percent}% of rated output` };
    sum += weight * point.efficiency_pct;
  }
  return { value: sum };
}
