// The Sandia inverter model (King et al. 2007, "Performance Model for Grid-Connected Photovoltaic
// Inverters", SAND2007-5036), as pvlib.inverter.sandia computes it. At the nominal DC voltage its
// voltage terms vanish: Pac = (Paco / (Pdco - Pso) - C0 (Pdco - Pso)) (Pdc - Pso) + C0 (Pdc - Pso)²;
// at another voltage V, Pdco, Pso and C0 become Pdco (1 + C1 (V - Vdco)), Pso (1 + C2 (V - Vdco)) and
// C0 (1 + C3 (V - Vdco)) (coefficientsAtVoltage) and the same curve holds. From it, the CEC weighted
// efficiency: the efficiencies at 10, 20, 30, 50, 75 and 100% of the rated AC output, weighted as the
// California Energy Commission's inverter test protocol weighs them. The seed (derived efficiencies),
// the design operations and the .OND writer all evaluate the model here.

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

/** The European weighted efficiency's weights (EN 50530's Euro-eta, a central European climate). */
export const EURO_WEIGHTS: ReadonlyArray<readonly [fraction: number, weight: number]> = [
  [0.05, 0.03],
  [0.1, 0.06],
  [0.2, 0.13],
  [0.3, 0.1],
  [0.5, 0.48],
  [1, 0.2],
];

/** The model's voltage terms beside its coefficients at the nominal DC voltage. */
export interface SandiaVoltageTerms extends SandiaCoefficients {
  /** Vdco. */
  readonly nominal_dc_voltage_v: number;
  readonly sandia_c1_per_v: number;
  readonly sandia_c2_per_v: number;
  readonly sandia_c3_per_v: number;
}

/** The coefficients at DC voltage `v` (pvlib's A, B and C in place of Pdco, Pso and C0). */
export function coefficientsAtVoltage(s: SandiaVoltageTerms, v: number): SandiaCoefficients {
  const dv = v - s.nominal_dc_voltage_v;
  return {
    ac_power_w: s.ac_power_w,
    dc_power_w: s.dc_power_w * (1 + s.sandia_c1_per_v * dv),
    self_consumption_w: s.self_consumption_w * (1 + s.sandia_c2_per_v * dv),
    sandia_c0_per_w: s.sandia_c0_per_w * (1 + s.sandia_c3_per_v * dv),
  };
}

/**
 * AC power as pvlib.inverter.sandia gives it at (v, dcPowerW): clipped at Paco, and minus the night tare
 * where the DC power is below Pso (the nominal one: pvlib compares with Pso, not with its value at v).
 */
export function sandiaAcPower(s: SandiaVoltageTerms, nightTareW: number, v: number, dcPowerW: number): number {
  if (dcPowerW < s.self_consumption_w) return -Math.abs(nightTareW);
  return Math.min(s.ac_power_w, acPowerAtNominalVoltage(coefficientsAtVoltage(s, v), dcPowerW));
}

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
  const u = risingRoot(c.ac_power_w / span - c.sandia_c0_per_w * span, c.sandia_c0_per_w, acPowerW);
  return Number.isNaN(u) ? undefined : c.self_consumption_w + u;
}

/**
 * The smallest u ≥ 0 with K u + C u² = target, on the rising branch of a quadratic (the Sandia, ADR and
 * PVWatts curves all invert this way), written 2 target / (K + √(K² + 4 C target)) so that it holds for
 * C of either sign and for C = 0; NaN when there is none.
 */
export function risingRoot(slope: number, curvature: number, target: number): number {
  const discriminant = slope * slope + 4 * curvature * target;
  if (!(discriminant >= 0)) return Number.NaN;
  const denominator = slope + Math.sqrt(discriminant);
  return denominator > 0 ? (2 * target) / denominator : Number.NaN;
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
