// A module's output at given irradiance and cell temperature, from its CEC single-diode parameters.
import { AppError } from '../errors/app-error';
import { productNotFound } from '../errors/catalog';
import { NOTICE } from '../catalog/notice';
import { DESIGN_SOURCE, Inputs, valuesOf, type DesignProduct, type Need } from './design-inputs';
import type { IndexField, Projection } from '../catalog/search-document';
import { atConditions, ivCurve, operatingPoint, DESOTO_CONSTANTS, type DiodeModel } from './single-diode';

/** Current products from the index, with the stored fields asked for (`source`). */
export interface DesignPorts {
  readonly index: {
    get<F extends IndexField>(id: string, source: readonly F[]): Promise<Projection<F> | null>;
    getMany<F extends IndexField>(ids: readonly string[], source: readonly F[]): Promise<(Projection<F> | null)[]>;
  };
}

export interface PerformanceQuery {
  readonly irradiance: number;
  readonly cell_temperature: number;
  readonly model: DiodeModel;
  readonly iv_points?: number;
}

const DIODE: Readonly<
  Record<'a_ref_v' | 'il_ref_a' | 'io_ref_a' | 'rsh_ref_ohm' | 'rs_ohm' | 'alpha_isc_a_per_k', Need>
> = {
  a_ref_v: { purpose: 'the single-diode parameter a_ref', positive: true },
  il_ref_a: { purpose: 'the single-diode parameter I_L_ref', positive: true },
  io_ref_a: { purpose: 'the single-diode parameter I_o_ref', positive: true },
  rsh_ref_ohm: { purpose: 'the single-diode parameter R_sh_ref', positive: true },
  rs_ohm: { purpose: 'the single-diode parameter R_s' },
  alpha_isc_a_per_k: { purpose: 'the temperature coefficient of Isc, alpha_sc' },
};
const ADJUST = { adjust_pct: { purpose: "the CEC model's Adjust" } } as const;

/** The single-diode parameters a module needs for `model`, read with their provenance. */
export function diodeInputs(inputs: Inputs, param: string, module: DesignProduct, model: DiodeModel) {
  return inputs.read(param, module, model === 'cec' ? { ...DIODE, ...ADJUST } : DIODE);
}

export const MODEL_NAMES: Readonly<Record<DiodeModel, string>> = {
  cec: 'CEC single-diode model: De Soto et al. (2006) with alpha_sc scaled by (1 − Adjust/100), as pvlib.pvsystem.calcparams_cec',
  desoto: 'De Soto et al. (2006) single-diode model, as pvlib.pvsystem.calcparams_desoto',
};
export const SOLVER =
  'Closed form with Lambert W (Jain and Kapoor 2004) for I(V) and V(I); Vmp where d(IV)/dV = 0, by Newton steps kept inside a bracket, to floating-point precision';

export async function modulePerformance(id: string, query: PerformanceQuery, ports: DesignPorts) {
  const product = await ports.index.get(id, DESIGN_SOURCE);
  if (!product) throw new AppError(productNotFound(id));
  const inputs = new Inputs('path');
  const parameters = inputs.category('id', product, 'pv-module') ? diodeInputs(inputs, 'id', product, query.model) : {};
  inputs.check();
  const operating = atConditions(valuesOf(parameters), query.model, query.irradiance, query.cell_temperature);
  const point = operatingPoint(operating);
  return {
    product: { id: product.id, model: product.model, manufacturer: product.manufacturer },
    conditions: { irradiance_w_m2: query.irradiance, cell_temperature_c: query.cell_temperature },
    method: { model: query.model, name: MODEL_NAMES[query.model], solver: SOLVER, constants: DESOTO_CONSTANTS },
    parameters,
    at_conditions: operating,
    results: point,
    ...(query.iv_points ? { iv_curve: ivCurve(operating, point, query.iv_points) } : {}),
    notice: NOTICE,
  };
}
