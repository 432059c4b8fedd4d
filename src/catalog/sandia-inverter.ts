// The Sandia inverter model (King et al. 2007, "Performance Model for Grid-Connected Photovoltaic
// Inverters", SAND2007-5036), as pvlib.inverter.sandia computes it, at the nominal DC voltage, where
// its voltage terms vanish: Pac = (Paco / (Pdco - Pso) - C0 (Pdco - Pso)) (Pdc - Pso) + C0 (Pdc - Pso)².
// From it, the CEC weighted efficiency: the efficiencies at 10, 20, 30, 50, 75 and 100% of the rated
// AC output, weighted as the California Energy Commission's inverter test protocol weighs them.

/** The coefficients the CEC list gives each inverter, in its units (W, V, 1/W). */
export interface SandiaCoefficients {
  /** Rated AC output (Paco). */
  readonly ac_power_w: number;
  /** DC input at which the rated AC output is reached, at the nominal DC voltage (Pdco). */
  readonly dc_power_w: number;
  /** DC power needed to start inverting (Pso). */
  readonly self_consumption_w: number;
  /** Curvature of AC against DC power at the nominal DC voltage (C0). */
  readonly sandia_c0_per_w: number;
}

/** The CEC's weights, by the fraction of rated AC output each efficiency is measured at. */
export const CEC_WEIGHTS: ReadonlyArray<readonly [fraction: number, weight: number]> = [
  [0.1, 0.04],
  [0.2, 0.05],
  [0.3, 0.12],
  [0.5, 0.21],
  [0.75, 0.53],
  [1, 0.05],
];

/** AC power at `dcPowerW` and the nominal DC voltage, before the model's clipping at Paco. */
export function acPowerAtNominalVoltage(c: SandiaCoefficients, dcPowerW: number): number {
  const span = c.dc_power_w - c.self_consumption_w;
  const above = dcPowerW - c.self_consumption_w;
  return (c.ac_power_w / span - c.sandia_c0_per_w * span) * above + c.sandia_c0_per_w * above * above;
}

/**
 * The DC power at which the inverter puts out `acPowerW`, on the rising branch of the curve: the
 * smaller positive root of C0 u² + K u - Pac = 0 (u = Pdc - Pso), written 2 Pac / (K + √(K² + 4 C0 Pac))
 * so that it holds for C0 of either sign and for C0 = 0. Undefined when the curve never reaches it.
 */
export function dcPowerFor(c: SandiaCoefficients, acPowerW: number): number | undefined {
  const span = c.dc_power_w - c.self_consumption_w;
  const slope = c.ac_power_w / span - c.sandia_c0_per_w * span;
  const discriminant = slope * slope + 4 * c.sandia_c0_per_w * acPowerW;
  if (!(discriminant >= 0)) return undefined;
  const denominator = slope + Math.sqrt(discriminant);
  if (!(denominator > 0)) return undefined;
  return c.self_consumption_w + (2 * acPowerW) / denominator;
}

/**
 * The CEC weighted efficiency (%) at the nominal DC voltage, or undefined when the coefficients do not
 * describe a working inverter (no rated power, Pso not below Pdco, an efficiency outside 0-100%).
 */
export function cecWeightedEfficiencyPct(c: SandiaCoefficients): number | undefined {
  if (!(c.ac_power_w > 0) || !(c.dc_power_w > c.self_consumption_w) || !(c.self_consumption_w >= 0)) return undefined;
  let weighted = 0;
  for (const [fraction, weight] of CEC_WEIGHTS) {
    const ac = fraction * c.ac_power_w;
    const dc = dcPowerFor(c, ac);
    if (dc === undefined || !(dc > 0)) return undefined;
    const efficiency = ac / dc;
    if (!(efficiency > 0 && efficiency <= 1)) return undefined;
    weighted += weight * efficiency;
  }
  return weighted * 100;
}
