// The Sandia inverter model (King, Gonzalez, Galbraith, Boyson 2007, "Performance Model for
// Grid-Connected Photovoltaic Inverters", SAND2007-5036) at any DC voltage, as pvlib.inverter.sandia
// computes it (pvlib 0.16.1: _sandia_eff, then _sandia_limits), with the CEC list's coefficients:
//   A = Pdco (1 + C1 (V − Vdco)), B = Pso (1 + C2 (V − Vdco)), C = C0 (1 + C3 (V − Vdco))
//   Pac = (Paco / (A − B) − C (A − B)) (Pdc − B) + C (Pdc − B)²
// clipped at Paco, and −|Pnt| (night tare) where Pdc < Pso. Pure functions, shared by the inverter
// performance operation and anything else that needs an efficiency profile.

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

/** The quadratic AC(DC) of the model at one DC voltage: Pac = K (Pdc − B) + C (Pdc − B)². */
export interface SandiaCurve {
  /** B: the DC power at which AC output is 0 on the model's curve (Pso moved by C2). */
  readonly start_w: number;
  readonly slope: number;
  readonly curvature: number;
}

/** The model's curve at DC voltage `vDc` (pvlib's A, B, C). */
export function sandiaCurveAt(inv: SandiaInverter, vDc: number): SandiaCurve {
  const dv = vDc - inv.Vdco;
  const a = inv.Pdco * (1 + inv.C1 * dv);
  const b = inv.Pso * (1 + inv.C2 * dv);
  const c = inv.C0 * (1 + inv.C3 * dv);
  return { start_w: b, slope: inv.Paco / (a - b) - c * (a - b), curvature: c };
}

/** AC power before the limits (pvlib's _sandia_eff). */
export function sandiaUnlimited(inv: SandiaInverter, vDc: number, pDc: number): number {
  const { start_w, slope, curvature } = sandiaCurveAt(inv, vDc);
  return slope * (pDc - start_w) + curvature * (pDc - start_w) ** 2;
}

/** AC power as pvlib.inverter.sandia gives it: clipped at Paco, −|Pnt| below Pso. */
export function sandiaAcPower(inv: SandiaInverter, vDc: number, pDc: number): number {
  if (pDc < inv.Pso) return -Math.abs(inv.Pnt);
  return Math.min(inv.Paco, sandiaUnlimited(inv, vDc, pDc));
}

/**
 * The DC power at which the curve at `vDc` gives `acW`, on its rising branch: the smaller root of
 * C u² + K u − Pac = 0 (u = Pdc − B), written 2 Pac / (K + √(K² + 4 C Pac)) so that it holds for C of
 * either sign and for C = 0. Undefined where the curve never reaches `acW`.
 */
export function sandiaDcPowerFor(inv: SandiaInverter, vDc: number, acW: number): number | undefined {
  const { start_w, slope, curvature } = sandiaCurveAt(inv, vDc);
  const u = risingRoot(slope, curvature, acW);
  return Number.isNaN(u) ? undefined : start_w + u;
}

/** The smallest u ≥ 0 with K u + C u² = target, on the rising branch; NaN when there is none. */
export function risingRoot(slope: number, curvature: number, target: number): number {
  const discriminant = slope * slope + 4 * curvature * target;
  if (!(discriminant >= 0)) return Number.NaN;
  const denominator = slope + Math.sqrt(discriminant);
  return denominator > 0 ? (2 * target) / denominator : Number.NaN;
}
