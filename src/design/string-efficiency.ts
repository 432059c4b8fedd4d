// The inverter's DC-to-AC efficiency for a sized string, where it decides: at the string's MPP
// voltage (modules in series × the module's Vmp, CEC single-diode model at 1000 W/m²) and DC power
// (strings × modules × Pmp), at 25 °C and at the sizing's hottest cell temperature, by the models of
// getInverterPerformance: Sandia where the inverter has the CEC list's coefficients, else ADR where
// the ADR library lists it, else PVWatts' generic shape. Outside the MPPT window there is no number.
import { Inputs, valuesOf, type Input } from './design-inputs';
import { atConditions, operatingPoint, type ReferenceParameters } from './single-diode';
import { atPoint, type PointState } from './inverter-curves';
import type { InverterModelName } from './inverter-models';
import {
  INVERTER_MODEL_NAMES,
  prepareModel,
  type InverterPerformancePorts,
  type InverterProduct,
  type Prepared,
} from './inverter-performance.service';

const SUN_W_M2 = 1000;
const STC_C = 25;

const CHOICES: readonly { readonly model: InverterModelName; readonly why: string }[] = [
  { model: 'sandia', why: "The inverter has the CEC list's Sandia coefficients." },
  { model: 'adr', why: 'The inverter has no CEC Sandia coefficients, and the ADR library lists it.' },
  {
    model: 'pvwatts',
    why: "The inverter has neither CEC Sandia coefficients nor an ADR record the ADR model can use: PVWatts' generic shape scaled to its rated AC power (nominal efficiency 0.96), not fitted to this inverter.",
  },
];

const SHORT_NAMES: Readonly<Record<InverterModelName, string>> = {
  sandia: 'Sandia model (pvlib.inverter.sandia)',
  adr: 'ADR model (pvlib.inverter.adr)',
  pvwatts: 'PVWatts generic shape (pvlib.inverter.pvwatts)',
};

const METHOD = {
  voltage:
    "dc_voltage_v = modules_per_string × the module's Vmp from the CEC single-diode model at 1000 W/m² and the cell temperature (string sizing's Vmp).",
  power:
    "string_dc_power_w = strings × modules_per_string × the module's Pmp at the same conditions: the DC power at the inverter's input, at the maximum power point, with no wiring or mismatch losses.",
  cap: "Where string_dc_power_w is more than the model needs for the inverter's rated AC output at dc_voltage_v, the inverter limits its input (it moves the array off its maximum power point; the voltage is kept at dc_voltage_v here): the efficiency is the model's at that DC power, the rated output, with state `clipped` and `capped: true`. Without the cap the model's efficiency would fall as rated AC / all the DC power, which the inverter never takes.",
  states:
    'mppt: tracking normally; clipped: at the rated AC output (capped); outside_mppt_window: dc_voltage_v is outside the MPPT window string sizing uses, so no efficiency is given; below_start: too little DC power to invert (no efficiency).',
} as const;

/** A sized string: what string sizing read and chose, and the inverter it feeds. */
export interface SizedString {
  readonly sizing: {
    readonly conditions: { readonly cell_temperature_hot_c: number };
    readonly inputs: {
      readonly module: Readonly<Partial<Record<string, Input>>>;
      readonly inverter: Readonly<Partial<Record<string, Input>>>;
    };
  };
  readonly inverter: InverterProduct;
  readonly modules: number;
  readonly strings: number;
  readonly chosen: string;
}

interface Window {
  readonly low: number;
  readonly high: number;
}

interface Chosen {
  readonly model: InverterModelName;
  readonly why: string;
  readonly prepared: Prepared;
}

/** The first model whose parameters the inverter has: Sandia, ADR, PVWatts. */
async function chooseModel(inverter: InverterProduct, ports: InverterPerformancePorts): Promise<Chosen | undefined> {
  for (const choice of CHOICES) {
    const inputs = new Inputs('query');
    const prepared = await prepareModel(inverter, { model: choice.model }, inputs, ports);
    if (inputs.complete) return { ...choice, prepared };
  }
  return undefined;
}

const n6 = (x: number) => String(Number(x.toPrecision(6)));

export async function stringEfficiency(s: SizedString, ports: InverterPerformancePorts) {
  const inv = s.sizing.inputs.inverter;
  const window: Window = { low: inv.mppt_low_v!.value, high: inv.mppt_high_v!.value };
  const head = {
    modules_per_string: s.modules,
    strings: s.strings,
    chosen: s.chosen,
    mppt_window_v: { mppt_low_v: window.low, mppt_high_v: window.high },
  };
  const choice = await chooseModel(s.inverter, ports);
  if (!choice)
    return {
      ...head,
      points: [],
      not_computed: 'The inverter has no Sandia coefficients, no ADR record and no ac_power_w: no model applies.',
    };
  const module = valuesOf(s.sizing.inputs.module) as unknown as ReferenceParameters;
  const temperatures: [string, number][] = [
    ['cell_25c', STC_C],
    ['cell_hot', s.sizing.conditions.cell_temperature_hot_c],
  ];
  return {
    ...head,
    method: {
      model: choice.model,
      name: INVERTER_MODEL_NAMES[choice.model],
      generic: choice.model === 'pvwatts',
      choice: choice.why,
      rated_ac_power_w: choice.prepared.model.ratedAcW,
      ...METHOD,
    },
    parameters: choice.prepared.shown,
    points: temperatures.map(([name, t]) => pointAt({ ...s, module, window, choice }, name, t)),
  };
}

interface Context extends SizedString {
  readonly module: ReferenceParameters;
  readonly window: Window;
  readonly choice: Chosen;
}

function pointAt(c: Context, name: string, t: number) {
  const op = operatingPoint(atConditions(c.module, 'cec', SUN_W_M2, t));
  const v = c.modules * op.vmp_v;
  const stringPower = c.strings * c.modules * op.pmp_w;
  const base = {
    name,
    cell_temperature_c: t,
    irradiance_w_m2: SUN_W_M2,
    module_vmp_v: op.vmp_v,
    module_pmp_w: op.pmp_w,
    dc_voltage_v: v,
    string_dc_power_w: stringPower,
    method: 'derived' as const,
    model: c.choice.model,
  };
  const voltage = `${c.modules} × ${n6(op.vmp_v)} V = ${n6(v)} V`;
  if (v < c.window.low || v > c.window.high) {
    const edge =
      v < c.window.low ? `below mppt_low_v ${n6(c.window.low)} V` : `above mppt_high_v ${n6(c.window.high)} V`;
    return {
      ...base,
      ...noValue('outside_mppt_window'),
      reason: `The string's MPP voltage ${voltage} is ${edge}: the inverter cannot hold the string at its maximum power point there, so no efficiency is given.`,
    };
  }
  const model = c.choice.prepared.model;
  const limit = model.dcFor(v, model.ratedAcW);
  const capped = limit !== undefined && limit > 0 && stringPower > limit;
  const pDc = capped ? limit : stringPower;
  const p = atPoint(model, c.window, pDc, v);
  const state: PointState = capped ? 'clipped' : p.state;
  const efficiency = state === 'below_start' ? null : p.efficiency_pct;
  const computed = {
    ...base,
    dc_power_w: pDc,
    capped,
    ac_power_w: p.ac_power_w,
    efficiency_pct: efficiency,
    state,
    within_model_range: p.within_model_range,
  };
  if (p.ac_power_w === null)
    return {
      ...computed,
      reason: `${voltage} is outside the voltages the ADR model is evaluated at (pvlib gives NaN).`,
    };
  if (efficiency === null)
    return { ...computed, reason: `${n6(pDc)} W DC is below the inverter's start: it does not invert.` };
  const cap = capped
    ? ` The ${c.strings > 1 ? `${c.strings} strings give` : 'string gives'} ${n6(stringPower)} W, more than the ${n6(pDc)} W the model needs for the rated ${n6(model.ratedAcW)} W AC at this voltage: taken at ${n6(pDc)} W (capped).`
    : '';
  return {
    ...computed,
    derivation: `${SHORT_NAMES[c.choice.model]} at ${voltage} and ${n6(pDc)} W DC: ${n6(p.ac_power_w)} W AC; efficiency = ${n6(p.ac_power_w)} / ${n6(pDc)} × 100 = ${n6(efficiency)} %.${cap}`,
  };
}

const noValue = (state: PointState) => ({
  dc_power_w: null,
  capped: false,
  ac_power_w: null,
  efficiency_pct: null,
  state,
});
