// A reading (understanding.ts) two ways: as the second reading the index ranks by (Understood), and
// as `meta.interpretation`, where each part carries the ordinary parameters that select the same
// thing, so a client can show "bifacial PV modules, 550 W ± 2%" and take a part away.
import { rangeParam } from '../contract/query-vocabulary';
import {
  NOMINAL_POWER,
  type Range,
  type RangeOp,
  type Relaxation,
  type SpecValues,
  type Understood,
} from '../catalog/product-query';
import { NOMINAL_POWER_SPECS } from '../catalog/spec-catalog';
import type { Condition } from './query-words';
import type { Part, Reading } from './understanding';
import { designPointQueryOf, movedToPoint } from './query-design-parts';

export type Parameters = Record<string, string | string[]>;

/** A part as `meta.interpretation` shows it: its conditions appear as parameters. */
export type PartView = DistributiveOmit<Part, 'conditions'> & { readonly parameters: Parameters };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface Interpretation {
  readonly text: string;
  readonly parts: PartView[];
  readonly summary: string;
  /** What was loosened because no product satisfied every part: `text`, `quantities`, `ranges`, `parts`. */
  readonly relaxed: ('text' | 'quantities' | 'ranges' | 'parts')[];
  /** Each quantity or comparison the answer no longer holds to (relaxed), and what it asked. */
  readonly unmet?: Unmet[];
}

/** A bound loosened: the words, the spec and the bounds they asked, in the spec's unit. */
export interface Unmet {
  readonly from: string;
  readonly spec: string;
  readonly unit: string;
  readonly bounds: Partial<Record<RangeOp, number>>;
}

function conditionParameters(conditions: readonly Condition[]): Parameters {
  const out: Parameters = {};
  for (const c of conditions) {
    if ('values' in c) out[`specs.${c.spec}`] = c.values.map(String);
    else out[rangeParam(c.spec, c.op)] = String(c.value);
  }
  return out;
}

function parametersOf(part: Part): Parameters {
  // A bound or order at a design point has no ordinary parameter: the client drops the words instead.
  if (movedToPoint(part)) return {};
  switch (part.kind) {
    case 'category':
      return { category: [part.category], ...conditionParameters(part.conditions) };
    case 'attribute':
    case 'range':
      return conditionParameters(part.conditions);
    case 'manufacturer':
      // A group's id selects every member, as the words did.
      return { manufacturer: part.group ? [part.group.id] : part.companies.map((c) => c.id) };
    case 'exclusion':
      // No ordinary parameter excludes; a client drops the part by sending q without its words.
      return {};
    case 'series':
      return { series: [part.id] };
    case 'ranking':
      return part.sort ? { sort: [`${part.sort.desc ? '-' : ''}specs.${part.sort.spec}`] } : {};
    case 'quantity':
      return { [rangeParam(part.spec, 'gte')]: String(part.min), [rangeParam(part.spec, 'lte')]: String(part.max) };
    case 'design-point':
      return conditionParameters(part.conditions);
  }
}

const PLURAL: Record<string, string> = {
  'pv-module': 'PV modules',
  inverter: 'inverters',
  'heat-pump': 'heat pumps',
  'home-battery': 'home batteries',
  'ev-charger': 'EV chargers',
};

function summaryOf(reading: Reading, unmet: ReadonlySet<string>, relaxation?: Relaxation): string {
  const of = (kind: Part['kind']) => reading.parts.filter((p) => p.kind === kind).map((p) => p.label);
  // Plurals from the table: "home battery" is not made plural by an s.
  const categories = reading.parts.flatMap((p) => (p.kind === 'category' ? [PLURAL[p.category] ?? `${p.label}s`] : []));
  const implied =
    reading.category &&
    reading.parts.some((p) => p.kind === 'attribute' || p.kind === 'series' || p.kind === 'design-point')
      ? PLURAL[reading.category]
      : undefined;
  // A line narrows what the products are ("SMA Sunny Boy inverters"); makers say who made them, and
  // several makers are alternatives, while a line and a maker both hold.
  const subject = [
    ...of('attribute'),
    ...of('series'),
    categories.length ? categories.join(' or ') : (implied ?? 'products'),
  ];
  const makers = of('manufacturer');
  const exclusions = of('exclusion');
  const rankings = of('ranking');
  const points = of('design-point');
  // A bound loosened is never claimed: the summary says none met it and what the order is instead.
  const quantities = reading.parts
    .filter((p) => p.kind === 'quantity' || p.kind === 'range')
    .map((p) => (unmet.has(p.from) ? `none ${p.label}: nearest first` : p.label));
  return [
    relaxation === 'parts' ? 'nothing meets every part; nearest to: ' : '',
    subject.join(' '),
    makers.length ? ` by ${makers.join(' or ')}` : '',
    quantities.length ? `, ${quantities.join(', ')}` : '',
    points.length ? `, ${points.join(', ')}` : '',
    reading.text ? (relaxation ? `, ranked by "${reading.text}"` : `, matching "${reading.text}"`) : '',
    exclusions.length ? `, ${exclusions.join(', ')}` : '',
    rankings.length ? `; ${rankings.join('; ')}` : '',
  ].join('');
}

export function interpretationOf(reading: Reading, relaxation?: Relaxation): Interpretation {
  const relaxed: Interpretation['relaxed'] = [];
  const rangesLoosened = relaxation === 'ranges' || relaxation === 'parts';
  if (relaxation && reading.text) relaxed.push('text');
  if (relaxation && reading.parts.some((p) => p.kind === 'quantity')) relaxed.push('quantities');
  if (rangesLoosened && reading.parts.some((p) => p.kind === 'range')) relaxed.push('ranges');
  if (relaxation === 'parts') relaxed.push('parts');
  const unmet: Unmet[] = reading.parts.flatMap((p): Unmet[] =>
    p.kind === 'quantity' && relaxation
      ? [{ from: p.from, spec: p.spec, unit: p.unit, bounds: { gte: p.min, lte: p.max } }]
      : p.kind === 'range' && rangesLoosened
        ? [{ from: p.from, spec: p.spec, unit: p.unit, bounds: p.bounds }]
        : [],
  );
  const unmetFrom = new Set(unmet.map((u) => u.from));
  return {
    text: reading.text,
    parts: reading.parts.map((p) => {
      const { conditions: _, ...shown } = p as Part & { conditions?: unknown };
      return { ...shown, parameters: parametersOf(p) };
    }),
    summary: reading.parts.length ? summaryOf(reading, unmetFrom, relaxation) : `products matching "${reading.text}"`,
    relaxed,
    ...(unmet.length ? { unmet } : {}),
  };
}

/**
 * The number of a quantity as typed, when a model may carry it as its designation: "3.8" of "Sunny
 * Boy 3.8" (SB3.8-1SP-US-40), "405" of "Jinko 405W". Three characters at least: a "5" or a "10"
 * stands in too many model numbers for something else.
 */
export function designationOf(typed: string): string | undefined {
  const number = /^\d+(?:[.,]\d+)?/.exec(typed.trim())?.[0].replace(',', '.');
  return number && number.length >= 3 ? number : undefined;
}

/** A power spec: the only quantity a model's designation states. */
const isPower = (spec: string) => spec === NOMINAL_POWER || (NOMINAL_POWER_SPECS as readonly string[]).includes(spec);

/** The reading as the index ranks by it; undefined when nothing was understood. */
export function understoodOf(reading: Reading): Understood | undefined {
  if (reading.parts.length === 0) return undefined;
  const categories: string[] = [];
  const companies: string[] = [];
  const values: SpecValues[] = [];
  const ranges: Range[] = [];
  const near: Understood['near'][number][] = [];
  let sort: Understood['sort'];
  const excluded: { companies: string[]; values: SpecValues[] } = { companies: [], values: [] };
  const series: string[] = [];
  const named: string[] = [];
  const addConditions = (conditions: readonly Condition[], typed?: string) => {
    for (const c of conditions) {
      if ('values' in c) values.push({ spec: c.spec, values: c.values });
      else ranges.push({ spec: c.spec, op: c.op, value: c.value, ...(typed ? { typed } : {}) });
    }
  };
  const designPoint = designPointQueryOf(reading.parts);
  for (const p of reading.parts) {
    if (movedToPoint(p)) continue;
    if (p.kind === 'design-point') addConditions(p.conditions);
    else if (p.kind === 'category') {
      categories.push(p.category);
      addConditions(p.conditions);
    } else if (p.kind === 'attribute') addConditions(p.conditions);
    else if (p.kind === 'range') addConditions(p.conditions, p.from);
    else if (p.kind === 'ranking') sort ??= p.sort;
    else if (p.kind === 'series') series.push(p.id);
    else if (p.kind === 'exclusion') {
      excluded.companies.push(...p.companies.map((c) => c.id));
      for (const c of p.conditions) if ('values' in c) excluded.values.push({ spec: c.spec, values: c.values });
    } else if (p.kind === 'manufacturer') {
      companies.push(...p.companies.map((c) => c.id));
      named.push(...(p.named ?? p.companies.map((c) => c.id)));
    } else {
      // Only a power names a product line's designation ("Sunny Boy 3.8", "Jinko 405W"): a voltage
      // ("208V") is printed in many model names as the grid it serves, not as what the model is.
      const designation = isPower(p.spec) ? designationOf(p.from) : undefined;
      near.push({ spec: p.spec, value: p.value, min: p.min, max: p.max, ...(designation ? { designation } : {}) });
    }
  }
  return {
    categories: [...new Set(categories)],
    companies: [...new Set(companies)],
    ...(named.length < companies.length ? { named: [...new Set(named)] } : {}),
    values,
    ranges,
    near,
    ...(sort ? { sort } : {}),
    ...(series.length ? { series: [...new Set(series)] } : {}),
    ...(excluded.companies.length + excluded.values.length ? { excluded } : {}),
    ...(reading.text ? { text: reading.text } : {}),
    ...(designPoint ? { designPoint } : {}),
  };
}
