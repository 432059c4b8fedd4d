// An inverter's output, efficiency and state at DC power and voltage points, and its efficiency
// curves at the ends and middle of its MPPT window with their weighted efficiencies, by one of three
// models: Sandia (the CEC list's coefficients), ADR (the ADR library's) or PVWatts (a generic shape).
import { AppError } from '../errors/app-error';
import { aboveMaxDcVoltage, productNotFound } from '../errors/catalog';
import { NOTICE } from '../catalog/notice';
import type { RevisionDoc } from '../catalog/revision.types';
import { Inputs, type DesignProduct } from './design-inputs';
import { adrModel, pvwattsModel, sandiaModel, type InverterModel, type InverterModelName } from './inverter-models';
import { atPoint, curveAt, weighted, WEIGHTINGS, type CurvePoint } from './inverter-curves';
import {
  adrParameters,
  pvwattsParameters,
  sandiaParameters,
  type ModelInputs,
  type VoltageLimits,
} from './inverter-parameters';
import type { DesignPorts } from './performance.service';
import { PVWATTS_ETA_NOM } from './pvwatts-inverter-model';

export interface InverterPerformancePorts extends DesignPorts {
  readonly revisions: { get(productId: string, number: number): Promise<RevisionDoc | null> };
}

export interface InverterQuery {
  readonly model: InverterModelName;
  /** "P@V": DC power in W at DC voltage in V. */
  readonly points?: readonly string[];
  readonly eta_inv_nom?: number;
}

/** What the inverter models read of a product: its values with provenance, and its revision (ADR's claims). */
export const INVERTER_SOURCE = [
  'id',
  'model',
  'manufacturer',
  'category',
  'specs',
  'detail.provenance',
  'current_revision',
] as const;

export type InverterProduct = DesignProduct & { readonly current_revision: number };

export const INVERTER_MODEL_NAMES: Readonly<Record<InverterModelName, string>> = {
  sandia:
    'Sandia inverter model (King et al. 2007, SAND2007-5036) with the CEC list coefficients, as pvlib.inverter.sandia',
  adr: 'ADR inverter efficiency model (Driesse et al. 2008) with the ADR library coefficients, as pvlib.inverter.adr (vtol 0.1)',
  pvwatts:
    'PVWatts inverter model (Dobos 2014, NREL/TP-6A20-62641), as pvlib.inverter.pvwatts: a generic efficiency shape scaled by the nominal efficiency, not fitted to this inverter',
};

export interface Prepared {
  readonly shown: ModelInputs;
  readonly model: InverterModel;
  readonly window: VoltageLimits;
  readonly voltages: readonly { name: string; dc_voltage_v: number | null }[];
}

/**
 * The parameters `model` reads of an inverter, with their provenance; what is missing or unusable is
 * recorded in `inputs` (the caller decides whether to refuse or to try another model).
 */
export async function prepareModel(
  product: InverterProduct,
  { model, eta_inv_nom: etaInvNom }: Pick<InverterQuery, 'model' | 'eta_inv_nom'>,
  inputs: Inputs,
  ports: InverterPerformancePorts,
): Promise<Prepared> {
  if (model === 'sandia') {
    const p = sandiaParameters(inputs, product);
    return { ...p, model: sandiaModel(p.model), voltages: threeVoltages(p.window, p.model.Vdco) };
  }
  if (model === 'adr') {
    const revision = await ports.revisions.get(product.id, product.current_revision);
    const p = adrParameters(inputs, product, revision?.claims ?? [], product.current_revision);
    return { ...p, model: adrModel(p.model), voltages: threeVoltages(p.window, p.model.Vnom) };
  }
  const p = pvwattsParameters(inputs, product, etaInvNom ?? PVWATTS_ETA_NOM, etaInvNom !== undefined);
  return { ...p, model: pvwattsModel(p.model), voltages: [{ name: 'any', dc_voltage_v: null }] };
}

function threeVoltages(w: VoltageLimits, nominal: number) {
  return [
    ...(w.mppt_low_v !== undefined ? [{ name: 'mppt_low', dc_voltage_v: w.mppt_low_v }] : []),
    { name: 'nominal', dc_voltage_v: nominal },
    ...(w.mppt_high_v !== undefined ? [{ name: 'mppt_high', dc_voltage_v: w.mppt_high_v }] : []),
  ];
}

/** "P@V" strings as numbers; a voltage above the inverter's maximum DC voltage is refused. */
function parsePoints(points: readonly string[], window: VoltageLimits) {
  const parsed = points.map((s) => s.split('@').map(Number) as [number, number]);
  const max = window.max_dc_voltage_v;
  const over = parsed.map(([, v], i) => ({ v, i })).filter(({ v }) => max !== undefined && v > max);
  if (over.length) throw new AppError(aboveMaxDcVoltage(over, max));
  return parsed;
}

function curveAnswer(model: InverterModel, voltage: { name: string; dc_voltage_v: number | null }) {
  const points: CurvePoint[] = curveAt(model, voltage.dc_voltage_v ?? Number.NaN);
  const weightedEfficiencies = Object.fromEntries(
    WEIGHTINGS.map((w) => [
      w.name,
      {
        ...weighted(points, w),
        method: 'derived',
        weights: w.weights.map(([percent, weight]) => ({ percent_of_rated: percent, weight })),
        derivation: `Σ weight × efficiency at each percentage of rated AC output on this curve; the weights are the ${w.source}. Each efficiency is the AC output over the DC power the model needs for it at this voltage.`,
      },
    ]),
  );
  return {
    voltage: voltage.name,
    dc_voltage_v: voltage.dc_voltage_v,
    points,
    weighted_efficiency_pct: weightedEfficiencies,
  };
}

export async function inverterPerformance(id: string, query: InverterQuery, ports: InverterPerformancePorts) {
  const product = await ports.index.get(id, INVERTER_SOURCE);
  if (!product) throw new AppError(productNotFound(id));
  const inputs = new Inputs('path');
  if (!inputs.category('id', product, 'inverter')) inputs.check();
  const prepared = await prepareModel(product, query, inputs, ports);
  inputs.check();
  const points = parsePoints(query.points ?? [], prepared.window);
  const window = { low: prepared.window.mppt_low_v, high: prepared.window.mppt_high_v };
  return {
    product: { id: product.id, model: product.model, manufacturer: product.manufacturer },
    method: {
      model: query.model,
      name: INVERTER_MODEL_NAMES[query.model],
      generic: query.model === 'pvwatts',
      rated_ac_power_w: prepared.model.ratedAcW,
      ...(prepared.model.voltageRange ? { model_voltage_range_v: prepared.model.voltageRange } : {}),
      states:
        'night: no DC power; below_start: too little DC power to invert (the output is the night tare); outside_mppt_window: the voltage is outside the MPPT window (the model still gives its value; a real inverter would not hold that voltage); clipped: the model output is limited to the rated AC power; mppt: tracking normally.',
    },
    mppt_window_v: prepared.window,
    parameters: prepared.shown,
    points: points.map(([p, v]) => atPoint(prepared.model, window, p, v)),
    curves: prepared.voltages.map((v) => curveAnswer(prepared.model, v)),
    notice: NOTICE,
  };
}
