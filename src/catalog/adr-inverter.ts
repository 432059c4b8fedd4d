// Anton Driesse's inverter efficiency model (Driesse, Jain, Harrison 2008, "Beyond the curves:
// modeling the electrical efficiency of photovoltaic inverters", 33rd IEEE PVSC), as
// pvlib.inverter.adr computes it (pvlib 0.16.1, vtol 0.10), with the ADR library's parameters.
// With p = Pdc / Pnom and v = Vdc / Vnom, the loss is
//   b0 + b1 p + b2 p² + (v − 1)(b3 + b4 p + b5 p²) + (1/v − 1)(b6 + b7 p + b8 p²)
// and Pac = Pnom (p − loss), at least −|Pnt|, at most Pacmax; undefined (pvlib: NaN) outside
// [max(Vmin, MPPTLow) (1 − vtol), max(Vmax, Vdcmax, MPPTHi) (1 + vtol)]; −|Pnt| at 0 V.
import { risingRoot } from './sandia-inverter';
import type { SpecName } from './spec-catalog';

/** The ADR library's columns, by their names there (W, V, and the nine coefficients in listed order). */
export interface AdrInverter {
  readonly Pnom: number;
  readonly Vnom: number;
  readonly Pacmax: number;
  readonly Pnt: number;
  readonly ADRCoefficients: readonly number[];
  readonly Vmin?: number;
  readonly Vmax?: number;
  readonly Vdcmax?: number;
  readonly MPPTLow?: number;
  readonly MPPTHi?: number;
}

/** The ADR library's columns, by the service's spec names (the seed reads each column into that spec). */
export const ADR_SPECS = {
  Pnom: 'dc_power_w',
  Vnom: 'nominal_dc_voltage_v',
  Pacmax: 'ac_power_w',
  Pnt: 'night_tare_w',
  ADRCoefficients: 'adr_coefficients',
  Vmin: 'min_operating_dc_voltage_v',
  Vmax: 'max_operating_dc_voltage_v',
  Vdcmax: 'max_dc_voltage_v',
  MPPTLow: 'mppt_low_v',
  MPPTHi: 'mppt_high_v',
} as const satisfies Record<keyof AdrInverter, SpecName>;

/** What the model cannot go without. */
export const ADR_REQUIRED = ['Pnom', 'Vnom', 'Pacmax', 'Pnt', 'ADRCoefficients'] as const;

/** pvlib's default: how far (as a fraction of the voltage) the model is used beyond its voltage range. */
export const ADR_VTOL = 0.1;

const finite = (values: (number | undefined)[]) => values.filter((x): x is number => Number.isFinite(x));

/** The voltages between which pvlib evaluates the model (its v_lim_lower and v_lim_upper). */
export function adrVoltageRange(inv: AdrInverter): { low: number; high: number } {
  const lows = finite([inv.Vmin, inv.MPPTLow]);
  const highs = finite([inv.Vmax, inv.Vdcmax, inv.MPPTHi]);
  return {
    low: lows.length ? Math.max(...lows) * (1 - ADR_VTOL) : Number.NaN,
    high: highs.length ? Math.max(...highs) * (1 + ADR_VTOL) : Number.NaN,
  };
}

/** The loss as L0 + L1 p + L2 p² at one voltage. */
function lossTerms(inv: AdrInverter, vDc: number): [number, number, number] {
  const b = inv.ADRCoefficients;
  const v = vDc / inv.Vnom;
  return [0, 1, 2].map((k) => b[k] + b[3 + k] * (v - 1) + b[6 + k] * (1 / v - 1)) as [number, number, number];
}

/** AC power before the limits: Pnom (p − loss). */
export function adrUnlimited(inv: AdrInverter, vDc: number, pDc: number): number {
  const p = pDc / inv.Pnom;
  const [l0, l1, l2] = lossTerms(inv, vDc);
  return inv.Pnom * (p - (l0 + l1 * p + l2 * p * p));
}

/** AC power as pvlib.inverter.adr gives it; NaN outside its voltage range. */
export function adrAcPower(inv: AdrInverter, vDc: number, pDc: number): number {
  const { low, high } = adrVoltageRange(inv);
  if (high < vDc || vDc < low) return Number.NaN;
  const tare = -Math.abs(inv.Pnt);
  const ac = vDc === 0 ? tare : adrUnlimited(inv, vDc, pDc);
  return Math.min(Math.max(ac, tare), inv.Pacmax);
}

/** The DC power giving `acW` at `vDc`, on the rising branch of Pac = Pnom (−L0 + (1 − L1) p − L2 p²). */
export function adrDcPowerFor(inv: AdrInverter, vDc: number, acW: number): number | undefined {
  const [l0, l1, l2] = lossTerms(inv, vDc);
  const p = risingRoot(1 - l1, -l2, acW / inv.Pnom + l0);
  return Number.isNaN(p) || p < 0 ? undefined : p * inv.Pnom;
}
