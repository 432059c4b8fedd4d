// PVsyst's one-diode model as a .PAN file states it, read the way PVsyst reads it: the file gives
// Isc, Voc, RSerie, RShunt, Rp_0, Rp_Exp, Gamma, muGamma, muISC and NCelS at GRef = 1000 W/m² and
// TRef = 25 °C; the photocurrent and the saturation current at the reference are not in the file, they
// follow from Isc and Voc (the curve must pass through both). The translation to other conditions is
// Sauer, Roessler and Hansen (2015) as pvlib.pvsystem.calcparams_pvsyst computes it (EgRef 1.121 eV).
import { DESOTO_CONSTANTS, type OperatingParameters } from '../catalog/single-diode';

/** What a .PAN file carries of the model, in SI units (muISC in A/K, not the file's mA/°C). */
export interface PanModel {
  readonly isc_a: number;
  readonly voc_v: number;
  readonly cells_in_series: number;
  readonly rs_ohm: number;
  readonly rsh_ohm: number;
  readonly rsh0_ohm: number;
  readonly rsh_exp: number;
  readonly gamma: number;
  readonly mu_gamma_per_k: number;
  readonly alpha_isc_a_per_k: number;
}

const KELVIN = 273.15;
const T_REF = 25;
const G_REF = 1000;
const K_OVER_Q = DESOTO_CONSTANTS.boltzmann_ev_per_k;
/** pvlib's calcparams_pvsyst default, and what PVsyst uses for crystalline silicon. */
export const EG_REF_EV = 1.121;

/** The shunt resistance at `irradiance`: pvlib's _pvsyst_Rsh. */
export function shuntAt(m: PanModel, irradiance: number): number {
  const e = Math.exp(-m.rsh_exp);
  const base = Math.max(0, (m.rsh_ohm - m.rsh0_ohm * e) / (1 - e));
  return base + (m.rsh0_ohm - base) * Math.exp((-m.rsh_exp * irradiance) / G_REF);
}

/** The photocurrent and saturation current at the reference, from the file's Isc and Voc. */
export function referenceCurrents(m: PanModel): { il_ref_a: number; io_ref_a: number } {
  const a = m.gamma * K_OVER_Q * m.cells_in_series * (T_REF + KELVIN);
  const rsh = shuntAt(m, G_REF);
  // Isc = IL − Io (e^(Isc Rs/a) − 1) − Isc Rs/Rsh and 0 = IL − Io (e^(Voc/a) − 1) − Voc/Rsh.
  const io =
    (m.isc_a * (1 + m.rs_ohm / rsh) - m.voc_v / rsh) / (Math.exp(m.voc_v / a) - Math.exp((m.isc_a * m.rs_ohm) / a));
  return { il_ref_a: m.voc_v / rsh + io * Math.expm1(m.voc_v / a), io_ref_a: io };
}

/** The five parameters at `irradiance` (W/m², > 0) and `cellTemperature` (°C): calcparams_pvsyst. */
export function pvsystAt(m: PanModel, irradiance: number, cellTemperature: number): OperatingParameters {
  const { il_ref_a, io_ref_a } = referenceCurrents(m);
  const tRef = T_REF + KELVIN;
  const t = cellTemperature + KELVIN;
  const gamma = m.gamma + m.mu_gamma_per_k * (cellTemperature - T_REF);
  return {
    photocurrent_a: (irradiance / G_REF) * (il_ref_a + m.alpha_isc_a_per_k * (t - tRef)),
    saturation_current_a: io_ref_a * (t / tRef) ** 3 * Math.exp((EG_REF_EV / (K_OVER_Q * gamma)) * (1 / tRef - 1 / t)),
    series_resistance_ohm: m.rs_ohm,
    shunt_resistance_ohm: shuntAt(m, irradiance),
    n_ns_vth_v: gamma * K_OVER_Q * m.cells_in_series * t,
  };
}

/** Gamma for a diode factor `aRef` (V) of a CEC row: a = Gamma · k T / q · Ns. */
export function gammaOf(aRefV: number, cellsInSeries: number): number {
  return aRefV / (K_OVER_Q * cellsInSeries * (T_REF + KELVIN));
}
