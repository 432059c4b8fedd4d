// The parameters each inverter model reads, with their provenance: Sandia's from the CEC list's
// values of the product, ADR's from the ADR library's own record (its claims in the current
// revision: where the product is also on the CEC list, the product's values are the CEC's, while ADR
// coefficients were fitted with ADR's Pnom and Vnom), PVWatts' from the rated AC power alone.
import type { Claim } from '../catalog/claim';
import type { Provenance } from '../catalog/provenance';
import { SPECS, type SpecName } from '../catalog/spec-catalog';
import { Inputs, readOptional, type DesignProduct, type Input, type Need } from './design-inputs';
import { ADR_REQUIRED, ADR_SPECS, type AdrInverter } from '../catalog/adr-inverter';
import type { SandiaInverter } from './sandia-inverter-model';
import { PVWATTS_ETA_REF, type PvwattsInverter } from './pvwatts-inverter-model';

/** A parameter as the answer shows it: the model's own name for it, its spec, value and provenance. */
export interface ModelInput {
  readonly spec: SpecName | 'pdc0_w' | 'eta_inv_nom' | 'eta_inv_ref';
  readonly value: number | readonly number[];
  readonly unit?: string;
  readonly provenance?: Provenance;
  readonly derivation?: string;
}

export type ModelInputs = Record<string, ModelInput>;

/** The window the inverter tracks in and the most it takes, from the same record as the model. */
export interface VoltageLimits {
  readonly mppt_low_v?: number;
  readonly mppt_high_v?: number;
  readonly max_dc_voltage_v?: number;
}

const SANDIA_COLUMNS = {
  Paco: 'ac_power_w',
  Pdco: 'dc_power_w',
  Vdco: 'nominal_dc_voltage_v',
  Pso: 'self_consumption_w',
  C0: 'sandia_c0_per_w',
  C1: 'sandia_c1_per_v',
  C2: 'sandia_c2_per_v',
  C3: 'sandia_c3_per_v',
  Pnt: 'night_tare_w',
} as const satisfies Record<keyof SandiaInverter, SpecName>;

/** The ADR library's list id (seed/manifest.json). */
export const ADR_LIST = 'adr-inverters';

const WINDOW: Readonly<Record<keyof VoltageLimits, Need>> = {
  mppt_low_v: { purpose: 'the low end of the MPPT window', positive: true },
  mppt_high_v: { purpose: 'the high end of the MPPT window', positive: true },
  max_dc_voltage_v: { purpose: 'the maximum DC voltage', positive: true },
};

const asInput = (spec: SpecName, input: Input): ModelInput => ({ spec, ...input });
const unitOf = (spec: SpecName) => SPECS[spec].unit;

/** Sandia's coefficients from the product's values, which must come from a CEC list row. */
export function sandiaParameters(inputs: Inputs, product: DesignProduct) {
  const needs = Object.fromEntries(
    Object.values(SANDIA_COLUMNS).map((spec) => [spec, { purpose: 'the Sandia inverter model' }]),
  ) as Record<SpecName, Need>;
  const read = inputs.read('id', product, needs);
  const shown: ModelInputs = {};
  const values: Record<string, number> = {};
  for (const [column, spec] of Object.entries(SANDIA_COLUMNS)) {
    const input = read[spec];
    if (!input) continue;
    if (input.provenance.source_id.startsWith('adr-')) {
      inputs.reject('id', product, `whose ${spec} comes from the ADR library, not a CEC row (the Sandia model)`);
      continue;
    }
    shown[column] = asInput(spec, input);
    values[column] = input.value;
  }
  const window = readOptional(product, WINDOW);
  return { shown, model: values as unknown as SandiaInverter, window: windowFrom(window, shown) };
}

function windowFrom(window: Partial<Record<keyof VoltageLimits, Input>>, shown: ModelInputs): VoltageLimits {
  const out: Record<string, number> = {};
  for (const [spec, input] of Object.entries(window) as [keyof VoltageLimits, Input][]) {
    shown[spec] = asInput(spec, input);
    out[spec] = input.value;
  }
  return out;
}

/** ADR's parameters from the ADR library's claims in the product's current revision. */
export function adrParameters(inputs: Inputs, product: DesignProduct, claims: readonly Claim[], revision: number) {
  const shown: ModelInputs = {};
  const values: Record<string, number | readonly number[]> = {};
  for (const [column, spec] of Object.entries(ADR_SPECS)) {
    const claim = claims.find((c) => c.field === spec && c.source_id.startsWith(ADR_LIST));
    if (!claim || !(typeof claim.value === 'number' || Array.isArray(claim.value))) continue;
    const unit = unitOf(spec);
    shown[column] = {
      spec,
      value: claim.value as number | readonly number[],
      ...(unit ? { unit } : {}),
      provenance: { source_id: claim.source_id, revision, locator: claim.locator, method: claim.method },
    };
    values[column] = claim.value as number | readonly number[];
  }
  const missing = ADR_REQUIRED.filter((column) => values[column] === undefined);
  if (missing.length === ADR_REQUIRED.length)
    inputs.reject('id', product, 'which has no ADR record (the ADR library does not list it; model=adr)');
  else if (missing.length) inputs.reject('id', product, `whose ADR record lacks ${missing.join(', ')} (model=adr)`);
  else if ((values.ADRCoefficients as readonly number[]).length !== 9)
    inputs.reject('id', product, 'whose ADR coefficients are not nine numbers (model=adr)');
  else if (!((values.Pnom as number) > 0 && (values.Vnom as number) > 0))
    inputs.reject(
      'id',
      product,
      `whose ADR record gives Pnom ${values.Pnom as number} W and Vnom ${values.Vnom as number} V; the model divides by both (model=adr)`,
    );
  const window = {
    mppt_low_v: values.MPPTLow as number | undefined,
    mppt_high_v: values.MPPTHi as number | undefined,
    max_dc_voltage_v: values.Vdcmax as number | undefined,
  };
  return { shown, model: values as unknown as AdrInverter, window };
}

/** PVWatts' Pdc0 from the rated AC power and the nominal efficiency; its constants shown as such. */
export function pvwattsParameters(inputs: Inputs, product: DesignProduct, etaNom: number, etaNomAsked: boolean) {
  const read = inputs.read('id', product, {
    ac_power_w: { purpose: 'the rated AC power (model=pvwatts)', positive: true },
  });
  const shown: ModelInputs = {};
  const paco = read.ac_power_w;
  if (paco) shown.Pac0 = asInput('ac_power_w', paco);
  const pdc0 = paco ? paco.value / etaNom : Number.NaN;
  shown.eta_inv_nom = {
    spec: 'eta_inv_nom',
    value: etaNom,
    derivation: etaNomAsked
      ? 'As asked (eta_inv_nom).'
      : "pvlib's and PVWatts' default nominal efficiency, not the product's: give eta_inv_nom to use another.",
  };
  shown.eta_inv_ref = {
    spec: 'eta_inv_ref',
    value: PVWATTS_ETA_REF,
    derivation: 'PVWatts defines the reference efficiency as 0.9637 (pvlib.inverter.pvwatts eta_inv_ref).',
  };
  shown.pdc0 = { spec: 'pdc0_w', value: pdc0, unit: 'W', derivation: 'Pac0 / eta_inv_nom: the DC input limit.' };
  const window = windowFrom(readOptional(product, WINDOW), shown);
  const model: PvwattsInverter = { pdc0, eta_inv_nom: etaNom, eta_inv_ref: PVWATTS_ETA_REF };
  return { shown, model, window };
}
