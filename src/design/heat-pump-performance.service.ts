// A heat pump's COP, heating output and electric input at given source, flow (and, for brine and
// water sources, outdoor) temperatures, from its hplib parameters; each point flagged within the
// tested range of its group or extrapolated, and COP curves over the source temperature at 35, 45
// and 55 °C flow.
import { AppError } from '../errors/app-error';
import { inputsProblem, productNotFound } from '../errors/catalog';
import { NOTICE } from '../catalog/notice';
import { DESIGN_SOURCE, Inputs, valuesOf, type Need } from './design-inputs';
import {
  HPLIB_DELTA_T_K,
  heatPumpAt,
  TESTED_FLOW_LOW_C,
  TESTED_FLOW_MEDIUM_C,
  TESTED_OUTDOOR_C,
  type HplibParameters,
} from './hplib-model';
import type { DesignPorts } from './performance.service';

export interface HeatPumpQuery {
  /** "source/flow" or "source/flow/outdoor", °C. */
  readonly points?: readonly string[];
  /** The outdoor temperature of brine and water source points that do not give one. */
  readonly outdoor_temperature: number;
}

const NEEDS = {
  hplib_group_id: { purpose: "hplib's group: which equations and tested range apply" },
  electric_power_ref_w: { purpose: 'P_el_ref, the electric input at the reference point', positive: true },
  heating_power_ref_w: { purpose: 'P_th_ref, the heating output at the reference point', positive: true },
  hplib_p1_electric_power: { purpose: 'hplib p1 of P_el' },
  hplib_p2_electric_power: { purpose: 'hplib p2 of P_el' },
  hplib_p3_electric_power: { purpose: 'hplib p3 of P_el' },
  hplib_p4_electric_power: { purpose: 'hplib p4 of P_el' },
  hplib_p1_cop: { purpose: 'hplib p1 of COP' },
  hplib_p2_cop: { purpose: 'hplib p2 of COP' },
  hplib_p3_cop: { purpose: 'hplib p3 of COP' },
  hplib_p4_cop: { purpose: 'hplib p4 of COP' },
} as const satisfies Record<string, Need>;

/** The flows the curves are drawn at, and their source temperatures by group kind. */
export const CURVE_FLOWS_C = [35, 45, 55] as const;
const CURVE_SOURCES_C = {
  air: [-15, -10, -7, -5, -2, 0, 2, 5, 7, 10, 12, 15],
  brine: [-5, -3, 0, 1, 3, 5, 8, 10],
  water: [5, 7, 10, 11, 12, 15],
} as const;
const KIND: Readonly<Record<number, keyof typeof CURVE_SOURCES_C>> = {
  1: 'air',
  4: 'air',
  2: 'brine',
  5: 'brine',
  3: 'water',
  6: 'water',
};

export const TESTED_RANGE_RULE = `Within the tested range when the point lies among the eight EN 14825 average-climate test points hplib fits each model to (hplib 1.9, hplib_database.py, from the Heat Pump Keymark data): outdoor ${TESTED_OUTDOOR_C.join(', ')} °C, each at the low-temperature flow (${TESTED_FLOW_LOW_C.join(', ')} °C) and the medium one (${TESTED_FLOW_MEDIUM_C.join(', ')} °C). So the outdoor (for air/water, the source) temperature must be within −7 to 12 °C and the flow between the low and medium flows, interpolated linearly in the outdoor temperature (at −7 °C: 34 to 52 °C). Brine/water units are tested with the brine at 0 °C and water/water with the water at 10 °C, which hplib widens by 1 K; any other source temperature is extrapolated. A point outside is answered, flagged extrapolated, with the conditions it exceeds.`;

export const POWER_MEANING =
  "P_th and P_el follow the test points the model was fitted to: for regulated (inverter) units (groups 1-3) those are EN 14825 part-load points, the heat the building needs at that outdoor temperature, not the unit's maximum capacity (hplib fits their P_el to the −7 and 2 °C points only, and never lets it fall below a quarter of P_el at −7 °C); for on-off units (groups 4-6) full output.";

/** The temperatures a point may ask for, °C: beyond them no heat pump in the data works. */
export const POINT_LIMITS_C = { source: [-30, 40], flow: [15, 75], outdoor: [-30, 40] } as const;

/** "source/flow[/outdoor]" as numbers; every temperature beyond POINT_LIMITS_C named in one problem. */
function parsePoints(texts: readonly string[], outdoor: number) {
  const errors: { in: 'query'; name: string; message: string }[] = [];
  const points = texts.map((text, i) => {
    const [source, flow, own] = text.split('/').map(Number);
    const point = { source, flow, outdoor: own ?? outdoor };
    for (const [name, [low, high]] of Object.entries(POINT_LIMITS_C)) {
      const value = point[name as keyof typeof point];
      if (!(value >= low && value <= high))
        errors.push({
          in: 'query',
          name: 'points',
          message: `point ${i + 1} (${text}) has a ${name} temperature of ${value} °C, outside ${low} to ${high} °C${name === 'flow' ? ': no heat pump in the data reaches it (hplib is fitted up to 52-55 °C flow)' : ''}`,
        });
    }
    return point;
  });
  if (errors.length) throw new AppError(inputsProblem('VALIDATION_FAILED', errors));
  return points;
}

/** One point as hplib computes it, with its range flags (the index's design-point grid uses the same). */
const at = heatPumpAt;

export async function heatPumpPerformance(id: string, query: HeatPumpQuery, ports: DesignPorts) {
  const product = await ports.index.get(id, DESIGN_SOURCE);
  if (!product) throw new AppError(productNotFound(id));
  const inputs = new Inputs('path');
  const read = inputs.category('id', product, 'heat-pump') ? inputs.read('id', product, NEEDS) : {};
  inputs.check();
  const v = valuesOf<keyof typeof NEEDS>(read);
  const hp: HplibParameters = {
    group: v.hplib_group_id,
    p_el_ref_w: v.electric_power_ref_w,
    p_th_ref_w: v.heating_power_ref_w,
    electric: [
      v.hplib_p1_electric_power,
      v.hplib_p2_electric_power,
      v.hplib_p3_electric_power,
      v.hplib_p4_electric_power,
    ],
    cop: [v.hplib_p1_cop, v.hplib_p2_cop, v.hplib_p3_cop, v.hplib_p4_cop],
  };
  const points = parsePoints(query.points ?? [], query.outdoor_temperature);
  const kind = KIND[hp.group];
  return {
    product: { id: product.id, model: product.model, manufacturer: product.manufacturer },
    method: {
      name: 'hplib 1.9 (Tjaden, Hoops, Rösken; doi:10.5281/zenodo.5521597) heating model, as hplib.simulate with p_th_min = 0: COP = p1 T_in + p2 T_out + p3 + p4 T_amb, P_el = P_el_ref (p1 T_in + p2 T_out + p3 + p4 T_amb), P_th = P_el × COP',
      group: hp.group,
      source: kind,
      flow: `The flow temperature asked is hplib's T_out; hplib is given T_in_secondary = flow − ${HPLIB_DELTA_T_K} K (its assumed 5 K spread).`,
      outdoor:
        kind === 'air'
          ? 'For air/water units the outdoor temperature is the source temperature.'
          : `For ${kind} sources the outdoor temperature (T_amb) also acts; a point without one takes outdoor_temperature (${query.outdoor_temperature} °C).`,
      tested_range: TESTED_RANGE_RULE,
      power: POWER_MEANING,
      uncertainty:
        "hplib's per-model fit errors (MAPE of COP, P_th, P_el) are not in the source this service reads (hplib_database_all.csv), only in hplib's smaller hplib_database.csv; none is claimed here.",
      cooling: 'Not given: the source carries no cooling (EER) parameters.',
    },
    parameters: read,
    points: points.map((p) => at(hp, p.source, p.flow, p.outdoor)),
    curves: CURVE_FLOWS_C.map((flow) => ({
      flow_temperature_c: flow,
      points: CURVE_SOURCES_C[kind].map((source) => at(hp, source, flow, query.outdoor_temperature)),
    })),
    notice: NOTICE,
  };
}
