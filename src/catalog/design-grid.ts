// The design-point grid (issue 56, item 4): what a product gives at a few stated operating conditions,
// computed once when the product is indexed (toSearchDocument) with the same functions the performance
// operations answer with, so a search can filter and rank at a condition ("heat pump COP above 3 at
// 2/35", "most efficient 7.6 kW inverter at 300 V") without evaluating a model per product per query.
//   Heat pumps: hplib 1.9 (hplib-model.ts, heatPumpAt) at the EN 14825 outdoor temperatures −7, 2, 7,
//   12 °C × the EN 14511 flows 35, 45, 55 °C; the source is the outdoor air for air units, brine at 0 °C
//   and water at 10 °C for the others (the temperatures their Keymark tests use), each point with hplib's
//   COP and heating power and its range flag (within the tested range, or extrapolated).
//   Inverters: the CEC weighted efficiency from the Sandia model (sandia-inverter.ts) at every multiple
//   of 10 V inside the MPPT window (Mppt_low to Mppt_high, where the CEC tests and the model's voltage
//   terms interpolate), from the CEC row's coefficients only.
import type { Provenance } from './provenance';
import { heatPumpAt, type HplibParameters } from './hplib-model';
import { cecWeightedEfficiencyPct, coefficientsAtVoltage, type SandiaVoltageTerms } from './sandia-inverter';

export const HEAT_PUMP_GRID = { outdoor_c: [-7, 2, 7, 12], flow_c: [35, 45, 55] } as const;
/** The source temperature of a grid point by hplib group: air is the outdoor air, brine 0 °C, water 10 °C. */
const SOURCE_C: Readonly<Record<number, number | 'outdoor'>> = { 1: 'outdoor', 4: 'outdoor', 2: 0, 5: 0, 3: 10, 6: 10 };
export const INVERTER_GRID_STEP_V = 10;
/** No inverter's MPPT window reaches beyond this (the CEC lists top out at 1,500 V systems). */
export const INVERTER_GRID_MAX_V = 1500;

export type GridRange = 'within_tested_range' | 'extrapolated';

export interface HeatPumpGridPoint {
  readonly cop: number;
  readonly heating_power_w: number;
  readonly source_c: number;
  readonly range: GridRange;
}

/** What the index stores under `design_grid`: absent for a product no model covers. */
export interface DesignGrid {
  readonly heat_pump?: Readonly<Record<string, HeatPumpGridPoint>>;
  /** CEC weighted efficiency (%) by voltage key (`v300`). */
  readonly inverter?: Readonly<Record<string, number>>;
}

/** The key of a heat pump grid point: `om7_f55` for −7 °C outdoor and 55 °C flow. */
export const heatPumpKey = (outdoor: number, flow: number) => `o${outdoor < 0 ? 'm' : ''}${Math.abs(outdoor)}_f${flow}`;
export const inverterKey = (volts: number) => `v${volts}`;

type Specs = Readonly<Record<string, unknown>>;
const num = (specs: Specs, name: string) => {
  const v = specs[name];
  return typeof v === 'number' ? v : undefined;
};

/** hplib's parameters from a product's values, or undefined when one is missing. */
export function hplibParametersOf(specs: Specs): HplibParameters | undefined {
  const read = (names: string[]) => names.map((n) => num(specs, n));
  const [group, pEl, pTh] = read(['hplib_group_id', 'electric_power_ref_w', 'heating_power_ref_w']);
  const electric = read([1, 2, 3, 4].map((i) => `hplib_p${i}_electric_power`));
  const cop = read([1, 2, 3, 4].map((i) => `hplib_p${i}_cop`));
  if ([group, pEl, pTh, ...electric, ...cop].some((v) => v === undefined)) return undefined;
  if (SOURCE_C[group!] === undefined || !(pEl! > 0) || !(pTh! > 0)) return undefined;
  return {
    group: group!,
    p_el_ref_w: pEl!,
    p_th_ref_w: pTh!,
    electric: electric as [number, number, number, number],
    cop: cop as [number, number, number, number],
  };
}

/** A heat pump at one grid point (outdoor and flow, °C), as heatPumpAt answers it. */
export function heatPumpGridPoint(hp: HplibParameters, outdoor: number, flow: number): HeatPumpGridPoint {
  const source = SOURCE_C[hp.group];
  const at = heatPumpAt(hp, source === 'outdoor' ? outdoor : source, flow, outdoor);
  return { cop: at.cop, heating_power_w: at.heating_power_w, source_c: at.source_temperature_c, range: at.range };
}

const SANDIA_SPECS = [
  'ac_power_w',
  'dc_power_w',
  'self_consumption_w',
  'sandia_c0_per_w',
  'nominal_dc_voltage_v',
  'sandia_c1_per_v',
  'sandia_c2_per_v',
  'sandia_c3_per_v',
] as const;

/** The Sandia terms of a CEC row (none read from the ADR library, as the inverter operation requires). */
export function sandiaTermsOf(specs: Specs, provenance: Readonly<Record<string, Provenance>>) {
  const values = SANDIA_SPECS.map((s) => num(specs, s));
  if (values.some((v) => v === undefined)) return undefined;
  if (SANDIA_SPECS.some((s) => provenance[s]?.source_id.startsWith('adr-'))) return undefined;
  return Object.fromEntries(SANDIA_SPECS.map((s, i) => [s, values[i]])) as unknown as SandiaVoltageTerms;
}

/** The CEC weighted efficiency (%) at DC voltage `v`: the nominal-voltage formula on the coefficients at `v`. */
export const cecEfficiencyAt = (terms: SandiaVoltageTerms, v: number) =>
  cecWeightedEfficiencyPct(coefficientsAtVoltage(terms, v));

/** The grid voltages inside an MPPT window: every multiple of the step from its low to its high end. */
export function gridVoltages(low: number | undefined, high: number | undefined): number[] {
  if (!(low! > 0) || !(high! >= low!)) return [];
  const out: number[] = [];
  const first = Math.ceil(low! / INVERTER_GRID_STEP_V) * INVERTER_GRID_STEP_V;
  for (let v = first; v <= Math.min(high!, INVERTER_GRID_MAX_V); v += INVERTER_GRID_STEP_V) out.push(v);
  return out;
}

/** The grid of one product, from its values: what toSearchDocument indexes. */
export function designGridOf(
  category: string,
  specs: Specs,
  provenance: Readonly<Record<string, Provenance>>,
): DesignGrid | undefined {
  if (category === 'heat-pump') {
    const hp = hplibParametersOf(specs);
    if (!hp) return undefined;
    const points: Record<string, HeatPumpGridPoint> = {};
    for (const outdoor of HEAT_PUMP_GRID.outdoor_c)
      for (const flow of HEAT_PUMP_GRID.flow_c) {
        const point = heatPumpGridPoint(hp, outdoor, flow);
        if (Number.isFinite(point.cop) && Number.isFinite(point.heating_power_w))
          points[heatPumpKey(outdoor, flow)] = point;
      }
    return { heat_pump: points };
  }
  if (category === 'inverter') {
    const terms = sandiaTermsOf(specs, provenance);
    if (!terms) return undefined;
    const efficiencies: Record<string, number> = {};
    for (const v of gridVoltages(num(specs, 'mppt_low_v'), num(specs, 'mppt_high_v'))) {
      const eff = cecEfficiencyAt(terms, v);
      if (eff !== undefined) efficiencies[inverterKey(v)] = eff;
    }
    return Object.keys(efficiencies).length ? { inverter: efficiencies } : undefined;
  }
  return undefined;
}
