// Design points in a query's words (issue 56): the operating condition a value is asked at. A heat
// pump's as outdoor/flow temperatures ("at -7/55", "A2/W35", "at -7 °C outside and 55 °C flow"), an
// inverter's as the DC voltage after "at" ("at 300 V"). The matcher (query-matchers.ts) reads the words;
// the parts stage (query-parts.ts) puts the point on the grid the index holds (catalog/design-grid.ts),
// the nearest grid point when the words ask between two, or refuses one far off it.
import {
  HEAT_PUMP_GRID,
  INVERTER_GRID_MAX_V,
  INVERTER_GRID_STEP_V,
  heatPumpKey,
  inverterKey,
} from '../catalog/design-grid';
import type { DesignPoint } from '../catalog/product-query';
import type { Word } from './query-tokens';

/** A design point as typed: temperatures (°C) or a DC voltage (V). */
export type AskedPoint =
  | {
      readonly kind: 'heat-pump';
      readonly outdoor: number;
      readonly flow: number;
      readonly air: boolean;
      /**
       * Said as a point ("at", "A…/W…", "outside"/"flow"): refused when off the grid. A bare "125/6" may
       * be part of a model number: read only on the grid, else left as text.
       */
      readonly explicit: boolean;
    }
  | { readonly kind: 'inverter'; readonly volts: number };

const NUM = String.raw`(-?\d+(?:[.,]\d+)?)`;
/** "-7/55", "2/35°C", "A2/W35", "a-7/w55": outdoor (or source) over flow; A and W name air and water. */
const SLASHED = new RegExp(String.raw`^(a)?${NUM}(?:°c?)?\/(w)?${NUM}(?:°c?)?$`);
const TEMPERATURE = new RegExp(String.raw`^${NUM}(°c?|c|℃)?$`);
const DEGREES = new Set(['°c', '°', 'c', '℃', 'degc', 'degrees']);
const OUTDOOR_WORDS = new Set(['outside', 'outdoor', 'outdoors', 'ambient']);
const FLOW_WORDS = new Set(['flow', 'supply']);
const JOINERS = new Set(['and', ',', '/', 'at', 'with']);
const VOLTS = /^(\d+(?:[.,]\d+)?)(v|vdc)?$/;

const toNumber = (s: string) => Number(s.replace(',', '.'));

/** "-7 °C outside", "55°C flow": a temperature and what it is the temperature of; `span` words. */
function roleTemperature(ws: Word[], i: number) {
  const t = ws[i] && TEMPERATURE.exec(ws[i].norm);
  if (!t) return undefined;
  let j = i + 1;
  if (!t[2] && ws[j] && DEGREES.has(ws[j].norm)) j++;
  const role = ws[j]?.norm;
  if (role === undefined) return undefined;
  const as = OUTDOOR_WORDS.has(role) ? 'outdoor' : FLOW_WORDS.has(role) ? 'flow' : undefined;
  if (!as) return undefined;
  // "flow temperature", "outdoor temperature": the word after names nothing more.
  const more = ws[j + 1]?.norm === 'temperature' || ws[j + 1]?.norm === 'air' ? 1 : 0;
  return { as, value: toNumber(t[1]), span: j + 1 + more - i };
}

/** A design point at `i` ("at" first or not), and how many words it takes. */
export function designPointAt(ws: Word[], i: number): { point: AskedPoint; span: number } | undefined {
  const at = ws[i].norm === 'at' ? 1 : 0;
  const k = i + at;
  if (k >= ws.length) return undefined;
  const slashed = SLASHED.exec(ws[k].norm);
  if (slashed && (slashed[1] === undefined) === (slashed[3] === undefined)) {
    const point: AskedPoint = {
      kind: 'heat-pump',
      outdoor: toNumber(slashed[2]),
      flow: toNumber(slashed[4]),
      air: slashed[1] !== undefined,
      explicit: at === 1 || slashed[1] !== undefined,
    };
    return { point, span: at + 1 };
  }
  const first = roleTemperature(ws, k);
  if (first) {
    const j = k + first.span;
    const joined = ws[j] && JOINERS.has(ws[j].norm) ? 1 : 0;
    const second = roleTemperature(ws, j + joined);
    if (!second || second.as === first.as) return undefined;
    const [outdoor, flow] = first.as === 'outdoor' ? [first.value, second.value] : [second.value, first.value];
    const point: AskedPoint = { kind: 'heat-pump', outdoor, flow, air: false, explicit: true };
    return { point, span: at + first.span + joined + second.span };
  }
  if (!at) return undefined;
  const volts = VOLTS.exec(ws[k].norm);
  if (!volts) return undefined;
  if (volts[2]) return { point: { kind: 'inverter', volts: toNumber(volts[1]) }, span: 2 };
  const unit = ws[k + 1]?.norm;
  return unit === 'v' || unit === 'vdc'
    ? { point: { kind: 'inverter', volts: toNumber(volts[1]) }, span: 3 }
    : undefined;
}

/** How far (K) a typed temperature may lie from the grid's nearest before the search refuses it. */
export const GRID_REACH_K = 5;
/** Beyond these no heat pump in the data works (as getHeatPumpPerformance refuses them). */
const FLOW_LIMIT_C = 75;

const nearest = (xs: readonly number[], x: number, preferHigher: boolean) =>
  xs.reduce((best, g) => {
    const d = Math.abs(g - x) - Math.abs(best - x);
    return d < 0 || (d === 0 && (preferHigher ? g > best : g < best)) ? g : best;
  });

export const signed = (t: number) => `${t}`.replace('-', '−');

/** The grid point a typed point takes (and whether it moved there), or why the search cannot answer it. */
export function onGrid(asked: AskedPoint): { point: DesignPoint; moved: boolean; label: string } | string {
  if (asked.kind === 'inverter') {
    const volts = Math.round(asked.volts / INVERTER_GRID_STEP_V) * INVERTER_GRID_STEP_V;
    if (!(volts >= INVERTER_GRID_STEP_V && volts <= INVERTER_GRID_MAX_V))
      return `reads "at ${asked.volts} V" as a DC operating voltage, which no inverter's MPPT window reaches (the grid covers ${INVERTER_GRID_STEP_V} to ${INVERTER_GRID_MAX_V} V)`;
    const moved = volts !== asked.volts;
    return {
      point: { kind: 'inverter', dc_voltage_v: volts, key: inverterKey(volts) },
      moved,
      label: `at ${volts} V DC${moved ? ` (the grid's nearest voltage to ${asked.volts} V)` : ''}, inside the MPPT window`,
    };
  }
  const { outdoor: o, flow: f } = asked;
  const grid = `the search's grid holds outdoor ${HEAT_PUMP_GRID.outdoor_c.map(signed).join(', ')} °C at flow ${HEAT_PUMP_GRID.flow_c.join(', ')} °C; getHeatPumpPerformance answers any point`;
  if (f > FLOW_LIMIT_C)
    return `reads a flow temperature of ${f} °C, which no heat pump in the data reaches (hplib is fitted up to 52-55 °C flow; at most ${FLOW_LIMIT_C} °C is answered)`;
  // A tie goes to the harder condition: the colder outdoor, the warmer flow.
  const outdoor = nearest(HEAT_PUMP_GRID.outdoor_c, o, false);
  const flow = nearest(HEAT_PUMP_GRID.flow_c, f, true);
  if (Math.abs(outdoor - o) > GRID_REACH_K || Math.abs(flow - f) > GRID_REACH_K)
    return `reads the design point ${signed(o)}/${f} (outdoor/flow, °C), more than ${GRID_REACH_K} K from any point of the grid: ${grid}`;
  const moved = outdoor !== o || flow !== f;
  const typed = `${asked.air ? 'A' : ''}${signed(o)}/${asked.air ? 'W' : ''}${f}`;
  return {
    point: { kind: 'heat-pump', outdoor_c: outdoor, flow_c: flow, key: heatPumpKey(outdoor, flow) },
    moved,
    label: `at ${signed(outdoor)} °C outdoor and ${flow} °C flow${moved ? ` (the grid's nearest point to ${typed})` : ''}${asked.air ? ', air source' : ''}`,
  };
}
