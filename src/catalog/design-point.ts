// A search at a design point (issue 56, item 4): the grid point a query asks at (understood in
// search/), the bounds and order it puts on the grid's values, and what each hit carries: its value at
// that point with the point, the method and the validity flag, as `design_point` (like `rank_basis`).
import type { DesignPoint, DesignPointQuery, GridMeasure } from './product-query';
import type { GridRange } from './design-grid';

/** The indexed field of a measure at the query's point. */
export function gridField(point: DesignPoint, measure: GridMeasure): string {
  return point.kind === 'heat-pump'
    ? `design_grid.heat_pump.${point.key}.${measure}`
    : `design_grid.inverter.${point.key}`;
}

/** The stored object a hit reads its design point from. */
export const gridSource = (point: DesignPoint) =>
  point.kind === 'heat-pump' ? `design_grid.heat_pump.${point.key}` : `design_grid.inverter.${point.key}`;

const UNITS: Readonly<Record<GridMeasure, string | null>> = {
  cop: null,
  heating_power_w: 'W',
  cec_weighted_efficiency_pct: '%',
};

const HEAT_PUMP_METHOD =
  "hplib 1.9's heating model (as getHeatPumpPerformance), computed when the product was indexed; the source is the outdoor air for air units, brine at 0 °C and water at 10 °C for the others. For regulated units the heating power is the EN 14825 part-load point hplib was fitted to, not the maximum capacity.";
const INVERTER_METHOD =
  "The CEC weighted efficiency from the Sandia model with the CEC row's coefficients at this DC voltage (as getInverterPerformance's curve there), computed when the product was indexed; the grid covers every 10 V inside the MPPT window, between the voltages the CEC tested at.";

/** What a hit says of itself at the design point. */
export interface DesignPointBasis {
  readonly spec: GridMeasure;
  readonly value: number | null;
  readonly unit: string | null;
  readonly at:
    | {
        readonly outdoor_temperature_c: number;
        readonly source_temperature_c: number | null;
        readonly flow_temperature_c: number;
      }
    | { readonly dc_voltage_v: number };
  /** The other values the grid holds at the point (a heat pump's heating power beside its COP). */
  readonly also: readonly { readonly spec: GridMeasure; readonly value: number | null; readonly unit: string | null }[];
  readonly range: GridRange;
  readonly method: 'derived';
  readonly statement: string;
}

type GridObject = {
  design_grid?: { heat_pump?: Record<string, Record<string, unknown>>; inverter?: Record<string, unknown> };
};

/** A hit with its `design_point`, and without the grid read only for it. */
export function withDesignPoint(source: Record<string, unknown>, dp: DesignPointQuery): Record<string, unknown> {
  const { design_grid: grid, ...rest } = source as Record<string, unknown> & GridObject;
  const p = dp.point;
  const numberOr = (x: unknown) => (typeof x === 'number' ? x : null);
  if (p.kind === 'inverter') {
    const basis: DesignPointBasis = {
      spec: 'cec_weighted_efficiency_pct',
      value: numberOr(grid?.inverter?.[p.key]),
      unit: '%',
      at: { dc_voltage_v: p.dc_voltage_v },
      also: [],
      range: 'within_tested_range',
      method: 'derived',
      statement: INVERTER_METHOD,
    };
    return { ...rest, design_point: basis };
  }
  const point = grid?.heat_pump?.[p.key] ?? {};
  const measures: GridMeasure[] =
    dp.primary === 'heating_power_w' ? ['heating_power_w', 'cop'] : ['cop', 'heating_power_w'];
  const [first, second] = measures.map((m) => ({ spec: m, value: numberOr(point[m]), unit: UNITS[m] }));
  const basis: DesignPointBasis = {
    ...first,
    at: {
      outdoor_temperature_c: p.outdoor_c,
      source_temperature_c: numberOr(point.source_c),
      flow_temperature_c: p.flow_c,
    },
    also: [second],
    range: point.range === 'within_tested_range' ? 'within_tested_range' : 'extrapolated',
    method: 'derived',
    statement: HEAT_PUMP_METHOD,
  };
  return { ...rest, design_point: basis };
}
