// PVsyst one-diode parameters for a module with CEC single-diode parameters: RSerie, RShunt, Rp_0,
// Gamma, muGamma and muISC chosen by least squares so that the .PAN file, read back as PVsyst reads it
// (./pvsyst-model.ts, with the file's own Isc and Voc), gives the CEC model's maximum power at the 24
// points of IEC 61853-1; then the fidelity certificate: max and RMS of |ΔPmp| over those points, with
// the parameters as the file prints them.
import { atConditions, operatingPoint, type ReferenceParameters } from '../catalog/single-diode';
import { IEC_61853_POINTS, type Condition } from './iec61853';
import { levenbergMarquardt } from './least-squares';
import { gammaOf, pvsystAt, type PanModel } from './pvsyst-model';

/** What the fit starts from: the CEC row's values. */
export interface CecModule extends ReferenceParameters {
  readonly isc_a: number;
  readonly voc_v: number;
  readonly cells_in_series: number;
}

export interface Certificate {
  /** Largest |Pmp(file) − Pmp(model)| / Pmp(model) over the points, in %. */
  readonly max_abs_dpmp_pct: number;
  readonly rms_dpmp_pct: number;
  readonly points: readonly {
    irradiance_w_m2: number;
    cell_temperature_c: number;
    pmp_model_w: number;
    pmp_file_w: number;
  }[];
}

export interface PanFit {
  readonly model: PanModel;
  /** Whether Isc and Voc are the row's listed values or the CEC model's own at the reference. */
  readonly references: 'listed' | 'model';
  readonly certificate: Certificate;
  readonly iterations: number;
  readonly milliseconds: number;
}

/** PVsyst's own default for the exponent of the shunt's irradiance dependence. */
export const RP_EXP_DEFAULT = 5.5;
/** Significant digits the file prints the fitted values with (the certificate reads them so). */
export const FIT_DIGITS = 6;

export const printed = (v: number, digits = FIT_DIGITS) => Number(v.toPrecision(digits));

type Target = Condition & { readonly pmp: number };

/**
 * The fit with the row's listed Isc and Voc; when its certificate exceeds `LISTED_FIRST_PCT`, also
 * with the CEC model's own Isc and Voc at the reference (the listed ones do not lie on its curve),
 * keeping whichever certifies better. `references` says which the file carries.
 */
export function fitCecModule(m: CecModule): PanFit {
  const started = performance.now();
  const targets = IEC_61853_POINTS.map((p) => ({
    ...p,
    pmp: operatingPoint(atConditions(m, 'cec', p.irradiance_w_m2, p.cell_temperature_c)).pmp_w,
  }));
  const listed = fitWith(m, targets, { isc_a: m.isc_a, voc_v: m.voc_v });
  let best: Omit<PanFit, 'milliseconds'> = { ...listed, references: 'listed' };
  if (listed.certificate.max_abs_dpmp_pct > LISTED_FIRST_PCT) {
    const own = operatingPoint(atConditions(m, 'cec', 1000, 25));
    const modelled = fitWith(m, targets, { isc_a: printed(own.isc_a, 5), voc_v: printed(own.voc_v, 5) });
    if (modelled.certificate.max_abs_dpmp_pct < listed.certificate.max_abs_dpmp_pct)
      best = { ...modelled, references: 'model' };
  }
  return { ...best, milliseconds: performance.now() - started };
}

/** Above this (%), the fit is tried again with the model's own Isc and Voc. */
export const LISTED_FIRST_PCT = 0.5;

function fitWith(m: CecModule, targets: readonly Target[], reference: { isc_a: number; voc_v: number }) {
  // RShunt between Voc/Isc and 10⁵ times it: beyond, the shunt no longer shapes the curve, and the
  // solver's arithmetic would lose it.
  const scale = reference.voc_v / reference.isc_a;
  const shunt = (x: number) => scale * Math.exp(between(0, RSH_SPAN, x));
  const alpha0 = m.alpha_isc_a_per_k * (1 - (m.adjust_pct ?? 0) / 100) || 1e-6;
  const fromX = (x: readonly number[]): PanModel => ({
    ...reference,
    cells_in_series: m.cells_in_series,
    rs_ohm: Math.exp(x[0]),
    rsh_ohm: shunt(x[1]),
    rsh0_ohm: shunt(x[1]) * between(1, 90, x[2]),
    rsh_exp: between(1, 12, x[6]),
    gamma: x[3],
    mu_gamma_per_k: x[4] / 1000,
    alpha_isc_a_per_k: alpha0 * between(0, 2, x[5]),
  });
  const residuals = (x: readonly number[]) => {
    const model = fromX(x);
    return targets.map((t) => relativeError(model, t.irradiance_w_m2, t.cell_temperature_c, t.pmp));
  };
  // Least squares first; above LISTED_FIRST_PCT, Σ r⁸ from there, whose minimum lies near the minimax
  // one the certificate reports.
  const minimax = (x: readonly number[]) => residuals(x).map((r) => Math.sign(r) * (1e2 * r) ** 4);
  const x0 = [
    Math.log(Math.max(m.rs_ohm, 1e-3)),
    inverse(0, RSH_SPAN, Math.min(Math.max(Math.log(m.rsh_ref_ohm / scale), 0.01), RSH_SPAN - 0.01)),
    inverse(1, 90, 4),
    gammaOf(m.a_ref_v, m.cells_in_series),
    0,
    0,
    inverse(1, 12, RP_EXP_DEFAULT),
  ];
  const squares = levenbergMarquardt(residuals, x0);
  const model = printedModel(fromX(squares.x));
  const certificate = certify(model, targets);
  if (certificate.max_abs_dpmp_pct <= LISTED_FIRST_PCT) return { model, certificate, iterations: squares.iterations };
  const refined = levenbergMarquardt(minimax, squares.x);
  const better = printedModel(fromX(refined.x));
  const second = certify(better, targets);
  const iterations = squares.iterations + refined.iterations;
  return second.max_abs_dpmp_pct < certificate.max_abs_dpmp_pct
    ? { model: better, certificate: second, iterations }
    : { model, certificate, iterations };
}

// Rp_0 is kept between 1 and 90 times RShunt (so that the shunt at GRef is RShunt), Rp_Exp between 1
// and 12, muISC between 0 and twice the CEC model's own, by a logistic map of an unbounded parameter:
// the fit never meets a wall.
const RSH_SPAN = Math.log(1e5);
const between = (lo: number, hi: number, x: number) => lo + (hi - lo) / (1 + Math.exp(-x));
const inverse = (lo: number, hi: number, v: number) => -Math.log((hi - lo) / (v - lo) - 1);

function relativeError(model: PanModel, g: number, t: number, target: number): number {
  const p = pvsystAt(model, g, t);
  if (!(p.saturation_current_a > 0) || !(p.photocurrent_a > 0)) return Number.NaN;
  return (operatingPoint(p).pmp_w - target) / target;
}

/** The model as the file prints it. */
export function printedModel(m: PanModel): PanModel {
  return {
    ...m,
    rs_ohm: printed(m.rs_ohm),
    rsh_ohm: printed(m.rsh_ohm),
    rsh0_ohm: printed(m.rsh0_ohm),
    rsh_exp: printed(m.rsh_exp, 4),
    gamma: printed(m.gamma),
    mu_gamma_per_k: printed(m.mu_gamma_per_k),
    alpha_isc_a_per_k: printed(m.alpha_isc_a_per_k * 1000) / 1000,
  };
}

function certify(model: PanModel, targets: readonly Target[]): Certificate {
  const points = targets.map((t) => {
    const p = pvsystAt(model, t.irradiance_w_m2, t.cell_temperature_c);
    return {
      irradiance_w_m2: t.irradiance_w_m2,
      cell_temperature_c: t.cell_temperature_c,
      pmp_model_w: printed(t.pmp, 8),
      pmp_file_w: printed(operatingPoint(p).pmp_w, 8),
    };
  });
  const errors = points.map((p) => (100 * Math.abs(p.pmp_file_w - p.pmp_model_w)) / p.pmp_model_w);
  const max = errors.every(Number.isFinite) ? Math.max(...errors) : Infinity;
  const rms = Math.sqrt(errors.reduce((s, e) => s + e * e, 0) / errors.length);
  return { max_abs_dpmp_pct: printed(max, 4), rms_dpmp_pct: printed(rms, 4), points };
}
