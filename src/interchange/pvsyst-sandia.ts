// PVsyst one-diode parameters for a Sandia row that carries no model the service can evaluate (the
// service keeps only the row's reference point: Isco, Voco, Impo, Vmpo, the cells in series): RSerie
// and Gamma are solved so that the file's curve passes through (Vmpo, Impo) with its maximum there,
// as PVsyst's own editor does from a datasheet, for an assumed RShunt. Temperature behaviour is
// unknown and left out of the file; the certificate is the reference point's alone.
import { currentAt, operatingPoint } from '../catalog/single-diode';
import type { Certificate, PanFit } from './pvsyst-fit';
import { printed, printedModel, RP_EXP_DEFAULT } from './pvsyst-fit';
import { levenbergMarquardt } from './least-squares';
import { pvsystAt, type PanModel } from './pvsyst-model';

export interface ReferencePoint {
  readonly isc_a: number;
  readonly voc_v: number;
  readonly imp_a: number;
  readonly vmp_v: number;
  readonly cells_in_series: number;
}

/** The assumed RShunt · Isc / Voc: the reference point alone cannot fix the shunt. */
export const SHUNT_RATIO = 30;
/** Rp_0 / RShunt assumed with it. */
export const DARK_SHUNT_RATIO = 4;

/** Where the solver starts: the diode factor, and the share of (Voc − Vmp) / Imp taken as RSerie. Crystalline rows solve from the first; thin film needs a larger factor. */
const STARTS = [
  { gamma: 1.1, seriesShare: 0.1 },
  { gamma: 1.5, seriesShare: 0.3 },
  { gamma: 2, seriesShare: 0.1 },
  { gamma: 3, seriesShare: 0.3 },
];

export const REFERENCE_METHOD = `Solved (Levenberg-Marquardt) so that the curve read as PVsyst reads it passes through (Vmpo; Impo) with its maximum there; RShunt = ${SHUNT_RATIO} × Voc/Isc and Rp_0 = ${DARK_SHUNT_RATIO} × RShunt are assumptions`;

export function fitReferencePoint(r: ReferencePoint): Omit<PanFit, 'milliseconds'> {
  const rsh = (SHUNT_RATIO * r.voc_v) / r.isc_a;
  const fromX = (x: readonly number[]): PanModel => ({
    isc_a: r.isc_a,
    voc_v: r.voc_v,
    cells_in_series: r.cells_in_series,
    rs_ohm: Math.exp(x[0]),
    rsh_ohm: rsh,
    rsh0_ohm: DARK_SHUNT_RATIO * rsh,
    rsh_exp: RP_EXP_DEFAULT,
    gamma: x[1],
    mu_gamma_per_k: 0,
    alpha_isc_a_per_k: 0,
  });
  const residuals = (x: readonly number[]) => {
    const p = pvsystAt(fromX(x), 1000, 25);
    const { i, di } = currentAt(p, r.vmp_v);
    return [(i - r.imp_a) / r.imp_a, (i + r.vmp_v * di) / r.imp_a];
  };
  // From one start the solver may step into a flat region (a series resistance of 10^13 Ω, no current)
  // and stop there: First Solar FS-45, a thin-film row of fill factor 0.58, did. Several starts, the best kept.
  const fit = STARTS.map(({ gamma, seriesShare }) =>
    levenbergMarquardt(residuals, [Math.log((seriesShare * (r.voc_v - r.vmp_v)) / r.imp_a), gamma]),
  ).reduce((best, f) => (f.cost < best.cost ? f : best));
  const model = printedModel(fromX(fit.x));
  const target = r.imp_a * r.vmp_v;
  const pmp = operatingPoint(pvsystAt(model, 1000, 25)).pmp_w;
  const error = (100 * Math.abs(pmp - target)) / target;
  const certificate: Certificate = {
    max_abs_dpmp_pct: printed(error, 4),
    rms_dpmp_pct: printed(error, 4),
    points: [
      { irradiance_w_m2: 1000, cell_temperature_c: 25, pmp_model_w: printed(target, 8), pmp_file_w: printed(pmp, 8) },
    ],
  };
  return { model, certificate, iterations: fit.iterations, references: 'listed' };
}
