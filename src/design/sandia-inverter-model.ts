// The Sandia inverter model (King, Gonzalez, Galbraith, Boyson 2007, SAND2007-5036) at any DC voltage,
// as pvlib.inverter.sandia computes it, over the CEC list's coefficients by their SAM column names.
// The model itself lives in catalog/sandia-inverter.ts, which the seed and the .OND writer evaluate
// too; this file only names its inputs the way the inverter performance operation reads them.
import {
  acPowerAtNominalVoltage,
  coefficientsAtVoltage,
  dcPowerFor,
  sandiaAcPower as acPowerOf,
  type SandiaVoltageTerms,
} from '../catalog/sandia-inverter';

/** The coefficients the CEC list gives each inverter, by their SAM column names, in W, V, 1/W and 1/V. */
export interface SandiaInverter {
  readonly Paco: number;
  readonly Pdco: number;
  readonly Vdco: number;
  readonly Pso: number;
  readonly C0: number;
  readonly C1: number;
  readonly C2: number;
  readonly C3: number;
  readonly Pnt: number;
}

function terms(inv: SandiaInverter): SandiaVoltageTerms {
  return {
    ac_power_w: inv.Paco,
    dc_power_w: inv.Pdco,
    self_consumption_w: inv.Pso,
    sandia_c0_per_w: inv.C0,
    nominal_dc_voltage_v: inv.Vdco,
    sandia_c1_per_v: inv.C1,
    sandia_c2_per_v: inv.C2,
    sandia_c3_per_v: inv.C3,
  };
}

/** AC power before the limits (pvlib's _sandia_eff). */
export function sandiaUnlimited(inv: SandiaInverter, vDc: number, pDc: number): number {
  return acPowerAtNominalVoltage(coefficientsAtVoltage(terms(inv), vDc), pDc);
}

/** AC power as pvlib.inverter.sandia gives it: clipped at Paco, −|Pnt| below Pso. */
export function sandiaAcPower(inv: SandiaInverter, vDc: number, pDc: number): number {
  return acPowerOf(terms(inv), inv.Pnt, vDc, pDc);
}

/** The DC power at which the curve at `vDc` gives `acW`, on its rising branch; undefined where it never does. */
export function sandiaDcPowerFor(inv: SandiaInverter, vDc: number, acW: number): number | undefined {
  return dcPowerFor(coefficientsAtVoltage(terms(inv), vDc), acW);
}
