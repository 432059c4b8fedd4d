// hplib's heat pump model (Tjaden, Hoops, Rösken, hplib 1.9, doi:10.5281/zenodo.5521597), heating
// mode, as hplib.simulate computes it for one point with no minimum thermal power (p_th_min = 0):
//   COP = p1 T_in + p2 T_out + p3 + p4 T_amb,  P_el = P_el_ref (p1' T_in + p2' T_out + p3' + p4' T_amb)
//   P_th = P_el × COP
// with T_out = T_in_secondary + 5 K and, for air/water groups (1, 4), T_amb = T_in. Regulated units
// (groups 1-3) never draw less than a quarter of P_el at −7 °C (air: T_in and T_amb; brine: T_amb);
// where the COP is at most 1, hplib answers an electric heater: COP 1, P_el = P_th = P_th_ref.
// And where the tests behind the fit lie: hplib fits each model to the eight points of the EN 14825
// average climate its Keymark data gives (hplib_database.py): outdoor −7, 2, 7 and 12 °C, each at the
// low-temperature flow (34, 30, 27, 24 °C) and the medium one (52, 42, 36, 30 °C); brine/water
// units with the brine at 0 °C, water/water with the water at 10 °C (and a copy of each point 1 K
// warmer on both sides, which hplib adds to the fit).

export interface HplibParameters {
  readonly group: number;
  readonly p_el_ref_w: number;
  readonly p_th_ref_w: number;
  /** p1..p4 of P_el / P_el_ref. */
  readonly electric: readonly [number, number, number, number];
  /** p1..p4 of COP. */
  readonly cop: readonly [number, number, number, number];
}

/** hplib's assumption: the heating water is warmed by 5 K (delta_t). */
export const HPLIB_DELTA_T_K = 5;

export interface HplibResult {
  readonly t_out_c: number;
  readonly t_amb_c: number;
  readonly cop: number;
  readonly p_el_w: number;
  readonly p_th_w: number;
  /** What hplib did beyond its fit: held P_el at its regulated minimum, or answered an electric heater. */
  readonly regime: 'fit' | 'minimum_part_load' | 'electric_heater';
}

const linear = (p: readonly [number, number, number, number], tIn: number, tOut: number, tAmb: number) =>
  p[0] * tIn + p[1] * tOut + p[2] + p[3] * tAmb;

/** hplib.simulate(t_in_primary, t_in_secondary, parameters, t_amb) in heating mode, one point. */
export function hplibSimulate(hp: HplibParameters, tInPrimary: number, tInSecondary: number, tAmbGiven: number) {
  const tIn = tInPrimary;
  const tOut = tInSecondary + HPLIB_DELTA_T_K;
  const tAmb = hp.group === 1 || hp.group === 4 ? tIn : tAmbGiven;
  let cop = linear(hp.cop, tIn, tOut, tAmb);
  let pEl = hp.p_el_ref_w * linear(hp.electric, tIn, tOut, tAmb);
  let regime: HplibResult['regime'] = 'fit';
  if (hp.group <= 3) {
    const minIn = hp.group === 1 ? -7 : tIn;
    const minAmb = hp.group === 1 || hp.group === 2 ? -7 : tAmb;
    const floor = 0.25 * hp.p_el_ref_w * linear(hp.electric, minIn, tOut, minAmb);
    if (pEl < floor) {
      pEl = floor;
      regime = 'minimum_part_load';
    }
  }
  let pTh = pEl * cop;
  if (cop <= 1) {
    cop = 1;
    pEl = hp.p_th_ref_w;
    pTh = hp.p_th_ref_w;
    regime = 'electric_heater';
  } else if (pTh < 0) {
    // hplib with p_th_min = 0 below zero output: a regulated unit runs at p_th_min / COP if P_el_ref
    // allows it, else adds the electric heater; an on-off unit adds the electric heater.
    regime = 'electric_heater';
    // (p_th_min / COP is 0: hplib's p_th_min is 0.)
    if (hp.group <= 3 && hp.p_el_ref_w > 0) {
      pEl = 0;
      pTh = 0;
    } else if (hp.group <= 3) {
      pEl = hp.p_el_ref_w + hp.p_th_ref_w;
      pTh = hp.p_el_ref_w * cop + hp.p_th_ref_w;
      cop = pTh / pEl;
    } else {
      pTh = pTh + hp.p_th_ref_w;
      pEl = pEl + hp.p_th_ref_w;
      cop = pTh / pEl;
    }
  }
  return { t_out_c: tOut, t_amb_c: tAmb, cop, p_el_w: pEl, p_th_w: pTh, regime } satisfies HplibResult;
}

/** The tested flow temperatures at outdoor −7, 2, 7, 12 °C: low and medium temperature application. */
export const TESTED_OUTDOOR_C = [-7, 2, 7, 12] as const;
export const TESTED_FLOW_LOW_C = [34, 30, 27, 24] as const;
export const TESTED_FLOW_MEDIUM_C = [52, 42, 36, 30] as const;
/** The source temperature of the tests, by group: air is the outdoor air; brine 0 °C; water 10 °C. */
const TESTED_SOURCE_C: Readonly<Record<number, readonly [number, number] | 'outdoor'>> = {
  1: 'outdoor',
  4: 'outdoor',
  2: [0, 1],
  5: [0, 1],
  3: [10, 11],
  6: [10, 11],
};

/** Piecewise linear through the tested points, in outdoor temperature. */
function between(outdoor: number, flows: readonly number[]): number {
  const xs = TESTED_OUTDOOR_C;
  for (let i = 1; i < xs.length; i++)
    if (outdoor <= xs[i])
      return flows[i - 1] + ((flows[i] - flows[i - 1]) * (outdoor - xs[i - 1])) / (xs[i] - xs[i - 1]);
  return flows[flows.length - 1];
}

export type OutOfRange = 'outdoor_temperature' | 'source_temperature' | 'flow_temperature';

/** Which of the point's conditions lie outside the tests its group's fits come from (none: within range). */
export function outsideTested(group: number, tIn: number, tOut: number, tAmb: number): OutOfRange[] {
  const out: OutOfRange[] = [];
  const source = TESTED_SOURCE_C[group];
  const [first, last] = [TESTED_OUTDOOR_C[0], TESTED_OUTDOOR_C[TESTED_OUTDOOR_C.length - 1]];
  if (!(tAmb >= first && tAmb <= last)) out.push(source === 'outdoor' ? 'source_temperature' : 'outdoor_temperature');
  if (source !== 'outdoor' && !(tIn >= source[0] && tIn <= source[1])) out.push('source_temperature');
  const outdoor = Math.min(Math.max(tAmb, first), last);
  // hplib's copy of a brine or water point 1 K warmer raises the flow it covers by as much.
  const warmer = source !== 'outdoor' ? Math.min(Math.max(tIn - source[0], 0), 1) : 0;
  const low = between(outdoor, TESTED_FLOW_LOW_C);
  const high = between(outdoor, TESTED_FLOW_MEDIUM_C) + warmer;
  if (!(tOut >= low && tOut <= high)) out.push('flow_temperature');
  return out;
}

/** One point as the heat pump performance operation answers it and the index's grid stores it, with its range flag. */
export function heatPumpAt(hp: HplibParameters, source: number, flow: number, outdoor: number) {
  const r = hplibSimulate(hp, source, flow - HPLIB_DELTA_T_K, outdoor);
  const outside = outsideTested(hp.group, source, r.t_out_c, r.t_amb_c);
  return {
    source_temperature_c: source,
    flow_temperature_c: r.t_out_c,
    outdoor_temperature_c: r.t_amb_c,
    cop: r.cop,
    heating_power_w: r.p_th_w,
    electric_power_w: r.p_el_w,
    regime: r.regime,
    range: outside.length === 0 ? ('within_tested_range' as const) : ('extrapolated' as const),
    outside: outside,
  };
}
