// The single-diode model of a PV module: De Soto, Klein and Beckman (2006), "Improvement and
// validation of a model for photovoltaic array performance", Solar Energy 80(1), with the parameters
// the CEC list carries. Translation to conditions follows pvlib's calcparams_desoto (and
// calcparams_cec, which only adjusts alpha_sc by the CEC `Adjust`); the equation is solved in closed
// form with Lambert W (Jain and Kapoor 2004), and the maximum power point, where d(IV)/dV = 0, by a
// Newton iteration kept inside a bracket. Nothing here is approximate beyond floating point.
import { lambertWOfExp } from './lambert-w';

/** The reference parameters, in the CEC list's units (A, V, ohm, A/K, %). */
export interface ReferenceParameters {
  readonly a_ref_v: number;
  readonly il_ref_a: number;
  readonly io_ref_a: number;
  readonly rs_ohm: number;
  readonly rsh_ref_ohm: number;
  readonly alpha_isc_a_per_k: number;
  /** Only the CEC variant reads it. */
  readonly adjust_pct?: number;
}

export type DiodeModel = 'cec' | 'desoto';

/** The constants of the translation, as pvlib's defaults (crystalline silicon). */
export const DESOTO_CONSTANTS = {
  band_gap_ref_ev: 1.121,
  band_gap_temperature_coefficient_per_k: -0.0002677,
  irradiance_ref_w_m2: 1000,
  cell_temperature_ref_c: 25,
  /** CODATA 2018, exact since the 2019 SI (what scipy.constants gives pvlib). */
  boltzmann_ev_per_k: 8.617333262e-5,
} as const;

/** The five parameters at given conditions (pvlib's names in the comments). */
export interface OperatingParameters {
  readonly photocurrent_a: number; // IL
  readonly saturation_current_a: number; // I0
  readonly series_resistance_ohm: number; // Rs
  readonly shunt_resistance_ohm: number; // Rsh
  readonly n_ns_vth_v: number; // nNsVth
}

export interface OperatingPoint {
  readonly isc_a: number;
  readonly voc_v: number;
  readonly imp_a: number;
  readonly vmp_v: number;
  readonly pmp_w: number;
}

const KELVIN = 273.15;

/** The parameters at `irradiance` (effective, W/m², > 0) and `cellTemperature` (°C). */
export function atConditions(
  p: ReferenceParameters,
  model: DiodeModel,
  irradiance: number,
  cellTemperature: number,
): OperatingParameters {
  const c = DESOTO_CONSTANTS;
  const alpha = model === 'cec' ? p.alpha_isc_a_per_k * (1 - (p.adjust_pct ?? 0) / 100) : p.alpha_isc_a_per_k;
  const tRef = c.cell_temperature_ref_c + KELVIN;
  const t = cellTemperature + KELVIN;
  const bandGap = c.band_gap_ref_ev * (1 + c.band_gap_temperature_coefficient_per_k * (t - tRef));
  const k = c.boltzmann_ev_per_k;
  return {
    photocurrent_a: (irradiance / c.irradiance_ref_w_m2) * (p.il_ref_a + alpha * (t - tRef)),
    saturation_current_a: p.io_ref_a * (t / tRef) ** 3 * Math.exp(c.band_gap_ref_ev / (k * tRef) - bandGap / (k * t)),
    series_resistance_ohm: p.rs_ohm,
    shunt_resistance_ohm: p.rsh_ref_ohm * (c.irradiance_ref_w_m2 / irradiance),
    n_ns_vth_v: p.a_ref_v * (t / tRef),
  };
}

/** Current and its first two derivatives at voltage `v`. */
interface CurrentAt {
  readonly i: number;
  readonly di: number;
  readonly d2i: number;
}

/** I(V), solved exactly: Jain and Kapoor's eq. 2, with the shunt as a conductance. */
export function currentAt(p: OperatingParameters, v: number): CurrentAt {
  const { photocurrent_a: il, saturation_current_a: i0, series_resistance_ohm: rs, n_ns_vth_v: a } = p;
  const g = 1 / p.shunt_resistance_ohm;
  if (rs === 0) {
    const e = Math.exp(v / a);
    return { i: il - i0 * Math.expm1(v / a) - g * v, di: (-i0 / a) * e - g, d2i: (-i0 / (a * a)) * e };
  }
  const beta = a * (1 + rs * g);
  const w = lambertWOfExp(Math.log((rs * i0) / beta) + (rs * (il + i0) + v) / beta);
  const i = (il + i0 - v * g) / (1 + rs * g) - (a / rs) * w;
  // dW/dV = W / (β(1+W)), so d/dV[W/(1+W)] = W / (β(1+W)³).
  const di = -g / (1 + rs * g) - w / (rs * (1 + rs * g) * (1 + w));
  const d2i = -w / (rs * (1 + rs * g) * beta * (1 + w) ** 3);
  return { i, di, d2i };
}

/** V(I), solved exactly: Jain and Kapoor's eq. 3, with the shunt as a conductance. */
export function voltageAt(p: OperatingParameters, current: number): number {
  const { photocurrent_a: il, saturation_current_a: i0, series_resistance_ohm: rs, n_ns_vth_v: a } = p;
  const g = 1 / p.shunt_resistance_ohm;
  if (g === 0) return a * Math.log1p((il - current) / i0) - current * rs;
  const w = lambertWOfExp(Math.log(i0 / (g * a)) + (il + i0 - current) / (g * a));
  return (il + i0 - current) / g - current * rs - a * w;
}

/** Short circuit, open circuit and maximum power point. */
export function operatingPoint(p: OperatingParameters): OperatingPoint {
  const isc = currentAt(p, 0).i;
  const voc = Math.max(0, voltageAt(p, 0));
  const vmp = maximumPowerVoltage(p, voc);
  const imp = currentAt(p, vmp).i;
  return { isc_a: isc, voc_v: voc, imp_a: imp, vmp_v: vmp, pmp_w: vmp * imp };
}

/**
 * The root of f(V) = I + V·dI/dV on [0, Voc]. f(0) = Isc > 0, f(Voc) = Voc·dI/dV < 0, and f falls
 * throughout (I is concave), so the root is unique: Newton steps converge fast, and a step that
 * would leave the bracket is replaced by bisection.
 */
function maximumPowerVoltage(p: OperatingParameters, voc: number): number {
  let lo = 0;
  let hi = voc;
  let v = 0.8 * voc;
  for (let step = 0; step < 200 && hi - lo > 4 * Number.EPSILON * voc; step++) {
    const { i, di, d2i } = currentAt(p, v);
    const f = i + v * di;
    if (f === 0) return v;
    if (f > 0) lo = v;
    else hi = v;
    const next = v - f / (2 * di + v * d2i);
    if (Math.abs(next - v) <= 2 * Number.EPSILON * v) return next;
    v = next > lo && next < hi ? next : (lo + hi) / 2;
  }
  return v;
}

/** `points` evenly spaced voltages from 0 to Voc with their currents (the ends are Isc and 0 exactly). */
export function ivCurve(p: OperatingParameters, op: OperatingPoint, points: number): { v: number; i: number }[] {
  return Array.from({ length: points }, (_, k) => {
    if (k === 0) return { v: 0, i: op.isc_a };
    if (k === points - 1) return { v: op.voc_v, i: 0 };
    const v = (op.voc_v * k) / (points - 1);
    return { v, i: currentAt(p, v).i };
  });
}
