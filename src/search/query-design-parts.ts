// The last stage for a design point (understanding.ts): with a point named, the bounds, quantities and
// rankings on the specs the grid holds at that point move there ("COP above 3 at 2/35" bounds the COP
// at 2/35, not the listed reference COP), each said so in its label; the reading then asks the index
// for the grid's values (DesignPointQuery) instead of the listed ones.
import type { DesignPointQuery, GridMeasure } from '../catalog/product-query';
import type { Part } from './query-parts';
import { signed } from './query-design-points';

/** The listed spec each grid value stands in for, by the category of the point. */
const MOVES: Readonly<Record<'heat-pump' | 'inverter', Partial<Record<string, GridMeasure>>>> = {
  'heat-pump': { cop_ref: 'cop', heating_power_ref_w: 'heating_power_w', nominal_power_w: 'heating_power_w' },
  inverter: { cec_weighted_efficiency_pct: 'cec_weighted_efficiency_pct' },
};

type Point = Extract<Part, { kind: 'design-point' }>;

const specOf = (p: Part): string | undefined =>
  p.kind === 'range' || p.kind === 'quantity' ? p.spec : p.kind === 'ranking' ? p.sort?.spec : undefined;

/** The parts with those on a grid spec moved to the point named (the first, if several are). */
export function atDesignPoint(parts: Part[]): Part[] {
  const point = parts.find((p): p is Point => p.kind === 'design-point');
  if (!point) return parts;
  const moves = MOVES[point.category];
  const where =
    point.point.kind === 'heat-pump'
      ? `${signed(point.point.outdoor_c)}/${point.point.flow_c}`
      : `${point.point.dc_voltage_v} V`;
  return parts.map((p) => {
    const spec = specOf(p);
    const measure = spec === undefined ? undefined : moves[spec];
    if (!measure || p.kind === 'design-point') return p;
    return { ...p, label: `${p.label} at ${where}`, at: point.point.key } as Part;
  });
}

/** What the reading asks of the grid at its point; undefined when it names none. */
export function designPointQueryOf(parts: readonly Part[]): DesignPointQuery | undefined {
  const point = parts.find((p): p is Point => p.kind === 'design-point');
  if (!point) return undefined;
  const moves = MOVES[point.category];
  const ranges: DesignPointQuery['ranges'][number][] = [];
  let near: DesignPointQuery['near'];
  let sort: DesignPointQuery['sort'];
  for (const p of parts) {
    const measure = moves[specOf(p) ?? ''];
    if (!measure || !('at' in p) || p.at === undefined) continue;
    if (p.kind === 'range')
      for (const c of p.conditions) if ('op' in c) ranges.push({ measure, op: c.op, value: c.value });
    if (p.kind === 'quantity') near ??= { measure, value: p.value, min: p.min, max: p.max };
    if (p.kind === 'ranking' && p.sort) sort ??= { measure, desc: p.sort.desc };
  }
  const primary: GridMeasure =
    sort?.measure ??
    ranges[0]?.measure ??
    near?.measure ??
    (point.category === 'heat-pump' ? 'cop' : 'cec_weighted_efficiency_pct');
  return { point: point.point, primary, ranges, ...(near ? { near } : {}), ...(sort ? { sort } : {}) };
}

/** Whether a part was moved to the design point (it then adds no listed-spec bound, nearness or order). */
export const movedToPoint = (p: Part): boolean => 'at' in p && p.at !== undefined;
