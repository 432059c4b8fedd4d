// Queries at a design point (issue 56): heat pumps by COP or heating power at outdoor/flow temperatures
// ("heat pump COP above 3 at 2/35", "air to water heat pump 8 kW at -7/55") and the most efficient
// inverters near a power at a DC voltage ("most efficient 7.6 kW inverter at 300 V"). Judged by each
// product's own values computed afresh from its record with the models' functions (hplib, Sandia),
// never from the grid the index holds; the target is the comparisons': >= 95% of queries answered
// within what they ask (every hit of the top 10 wanted, and not empty where wanted products exist).
import {
  HEAT_PUMP_GRID,
  cecEfficiencyAt,
  gridVoltages,
  heatPumpGridPoint,
  hplibParametersOf,
  sandiaTermsOf,
} from '../../src/catalog/design-grid';
import { drawn, type PeopleCase, type Product, type Template } from './people';

const num = (p: Product, spec: string) => {
  const v = p.specs[spec];
  return typeof v === 'number' ? v : undefined;
};
const isAir = (p: Product) =>
  typeof p.specs.heat_pump_type === 'string' && p.specs.heat_pump_type.toLowerCase() === 'outdoor air/water';

/** A heat pump's COP and heating power at outdoor/flow, from its own hplib parameters. */
export function heatPumpAt(p: Product, outdoor: number, flow: number) {
  const hp = p.category === 'heat-pump' ? hplibParametersOf(p.specs) : undefined;
  return hp && heatPumpGridPoint(hp, outdoor, flow);
}

/** An inverter's CEC weighted efficiency at `v`, where `v` lies inside its MPPT window. */
export function inverterAt(p: Product, v: number): number | undefined {
  if (p.category !== 'inverter') return undefined;
  const terms = sandiaTermsOf(p.specs, {});
  const low = num(p, 'mppt_low_v');
  const high = num(p, 'mppt_high_v');
  if (!terms || low === undefined || high === undefined || v < low || v > high) return undefined;
  return cecEfficiencyAt(terms, v);
}

const POINTS = HEAT_PUMP_GRID.outdoor_c.flatMap((o) => HEAT_PUMP_GRID.flow_c.map((f) => [o, f] as const));
const kw1 = (w: number) => Math.round(w / 100) / 10;

/** The ten best at a voltage among `pool` (ties at the tenth all count). */
function tenthBest(pool: readonly Product[], score: (x: Product) => number | undefined): number {
  const best = pool.map((x) => score(x) ?? -Infinity).sort((a, b) => b - a);
  return best[Math.min(9, best.length - 1)] ?? -Infinity;
}

export const DESIGN_POINT_TEMPLATES: readonly Template[] = [
  {
    name: 'heat pumps: COP above a value at a point',
    from: (p) => hplibParametersOf(p.specs) !== undefined && p.category === 'heat-pump',
    make: (p, pick) => {
      const [o, f] = pick(POINTS);
      const cop = heatPumpAt(p, o, f)!.cop;
      const c = Math.max(1, Math.floor(cop * 2) / 2);
      const [q, strict, air] = pick([
        [`heat pump COP above ${c} at ${o}/${f}`, true, false],
        [`heat pumps with COP over ${c} at A${o}/W${f}`, true, true],
        [`heat pump COP at least ${c} at ${o} °C outside and ${f} °C flow`, false, false],
      ] as const);
      return {
        q,
        wanted: (x) => {
          const at = heatPumpAt(x, o, f);
          return at !== undefined && (!air || isAir(x)) && (strict ? at.cop > c : at.cop >= c);
        },
      };
    },
  },
  {
    name: 'air to water heat pumps near a power at a point',
    from: (p) => p.category === 'heat-pump' && isAir(p) && hplibParametersOf(p.specs) !== undefined,
    make: (p, pick) => {
      const [o, f] = pick(POINTS);
      const k = Math.max(1, kw1(heatPumpAt(p, o, f)!.heating_power_w));
      return {
        q: pick([
          `air to water heat pump ${k} kW at ${o}/${f}`,
          `air source heat pump ${k}kW at A${o}/W${f}`,
          `${k} kW air to water heat pump at ${o} °C outdoor and ${f} °C flow`,
        ]),
        wanted: (x) => {
          const at = isAir(x) ? heatPumpAt(x, o, f) : undefined;
          return at !== undefined && Math.abs(at.heating_power_w - k * 1000) <= 0.1 * k * 1000;
        },
      };
    },
  },
  {
    name: 'most efficient inverters near a power at a DC voltage',
    from: (p) =>
      p.category === 'inverter' &&
      (num(p, 'ac_power_w') ?? 0) >= 1000 &&
      gridVoltages(num(p, 'mppt_low_v'), num(p, 'mppt_high_v')).some((v) => v % 50 === 0 && inverterAt(p, v)),
    make: (p, pick, catalog) => {
      const power = kw1(num(p, 'ac_power_w')!);
      const v = pick(gridVoltages(num(p, 'mppt_low_v'), num(p, 'mppt_high_v')).filter((x) => x % 50 === 0));
      const nearKw = (x: Product) =>
        x.category === 'inverter' &&
        Math.abs((num(x, 'ac_power_w') ?? -Infinity) - power * 1000) <= 0.02 * power * 1000;
      const pool = catalog.filter(nearKw);
      const tenth = tenthBest(pool, (x) => inverterAt(x, v));
      return {
        q: pick([`most efficient ${power} kW inverter at ${v} V`, `highest efficiency ${power}kW inverter at ${v}V`]),
        // Only an inverter whose MPPT window holds the voltage can answer at it, however few do.
        wanted: (x) => nearKw(x) && inverterAt(x, v) !== undefined && inverterAt(x, v)! >= tenth,
      };
    },
  },
];

export const DESIGN_POINT_KINDS = DESIGN_POINT_TEMPLATES.map((t) => t.name);

/** The design-point queries, `perTemplate` per kind, with their own fixed seed. */
export function buildDesignPointSet(products: readonly Product[], perTemplate: number, seed = 20261128): PeopleCase[] {
  return drawn(DESIGN_POINT_TEMPLATES, products, perTemplate, seed);
}

/**
 * How much the order changes at the voltage (issue 56): per inverter query, how many of the ten most
 * efficient near the power at nominal voltage are also among the ten at the voltage asked, and whether
 * the first differs. From the products' own values, like the judgement.
 */
export function rankingChange(cases: readonly PeopleCase[], catalog: readonly Product[]) {
  const rows = cases.flatMap((c) => {
    const m = /(\d+(?:\.\d+)?) ?kW inverter at (\d+) ?V/i.exec(c.q);
    if (!m) return [];
    const [power, v] = [Number(m[1]), Number(m[2])];
    const pool = catalog.filter(
      (x) =>
        x.category === 'inverter' &&
        Math.abs((num(x, 'ac_power_w') ?? -Infinity) - power * 1000) <= 0.02 * power * 1000,
    );
    const top = (score: (x: Product) => number | undefined) =>
      pool
        .filter((x) => score(x) !== undefined)
        .sort((a, b) => score(b)! - score(a)! || a.id.localeCompare(b.id))
        .slice(0, 10)
        .map((x) => x.id);
    const nominal = top((x) => num(x, 'cec_weighted_efficiency_pct'));
    const atV = top((x) => inverterAt(x, v));
    return [
      {
        overlap: atV.filter((id) => nominal.includes(id)).length / Math.max(1, atV.length),
        firstDiffers: nominal[0] !== atV[0],
      },
    ];
  });
  const n = rows.length || 1;
  return {
    queries: rows.length,
    overlap: rows.reduce((a, r) => a + r.overlap, 0) / n,
    firstDiffers: rows.filter((r) => r.firstDiffers).length / n,
  };
}
