// A reading (understanding.ts) two ways: as the second reading the index ranks by (Understood), and
// as `meta.interpretation`, where each part carries the ordinary parameters that select the same
// thing, so a client can show "bifacial PV modules, 550 W ± 2%" and take a part away.
import { rangeParam } from '../contract/query-vocabulary';
import type { Range, Relaxation, SpecValues, Understood } from '../catalog/product-query';
import type { Condition } from './query-words';
import type { Part, Reading } from './understanding';

export type Parameters = Record<string, string | string[]>;

/** A part as `meta.interpretation` shows it: its conditions appear as parameters. */
export type PartView = DistributiveOmit<Part, 'conditions'> & { readonly parameters: Parameters };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface Interpretation {
  readonly text: string;
  readonly parts: PartView[];
  readonly summary: string;
  /** What was loosened because no product satisfied every part: `text`, `quantities`, `parts`. */
  readonly relaxed: ('text' | 'quantities' | 'parts')[];
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
  }
}

const PLURAL: Record<string, string> = {
  'pv-module': 'PV modules',
  inverter: 'inverters',
  'heat-pump': 'heat pumps',
  'home-battery': 'home batteries',
  'ev-charger': 'EV chargers',
};

function summaryOf(reading: Reading): string {
  const of = (kind: Part['kind']) => reading.parts.filter((p) => p.kind === kind).map((p) => p.label);
  // Plurals from the table: "home battery" is not made plural by an s.
  const categories = reading.parts.flatMap((p) => (p.kind === 'category' ? [PLURAL[p.category] ?? `${p.label}s`] : []));
  const implied =
    reading.category && reading.parts.some((p) => p.kind === 'attribute' || p.kind === 'series')
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
  const quantities = reading.parts.filter((p) => p.kind === 'quantity' || p.kind === 'range').map((p) => p.label);
  return [
    subject.join(' '),
    makers.length ? ` by ${makers.join(' or ')}` : '',
    quantities.length ? `, ${quantities.join(', ')}` : '',
    reading.text ? `, matching "${reading.text}"` : '',
    exclusions.length ? `, ${exclusions.join(', ')}` : '',
    rankings.length ? `; ${rankings.join('; ')}` : '',
  ].join('');
}

export function interpretationOf(reading: Reading, relaxation?: Relaxation): Interpretation {
  const relaxed: Interpretation['relaxed'] = [];
  if (relaxation && reading.text) relaxed.push('text');
  if (relaxation && reading.parts.some((p) => p.kind === 'quantity')) relaxed.push('quantities');
  if (relaxation === 'parts') relaxed.push('parts');
  return {
    text: reading.text,
    parts: reading.parts.map((p) => {
      const { conditions: _, ...shown } = p as Part & { conditions?: unknown };
      return { ...shown, parameters: parametersOf(p) };
    }),
    summary: reading.parts.length ? summaryOf(reading) : `products matching "${reading.text}"`,
    relaxed,
  };
}

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
  const addConditions = (conditions: readonly Condition[]) => {
    for (const c of conditions) {
      if ('values' in c) values.push({ spec: c.spec, values: c.values });
      else ranges.push({ spec: c.spec, op: c.op, value: c.value });
    }
  };
  for (const p of reading.parts) {
    if (p.kind === 'category') {
      categories.push(p.category);
      addConditions(p.conditions);
    } else if (p.kind === 'attribute' || p.kind === 'range') addConditions(p.conditions);
    else if (p.kind === 'ranking') sort ??= p.sort;
    else if (p.kind === 'series') series.push(p.id);
    else if (p.kind === 'exclusion') {
      excluded.companies.push(...p.companies.map((c) => c.id));
      for (const c of p.conditions) if ('values' in c) excluded.values.push({ spec: c.spec, values: c.values });
    } else if (p.kind === 'manufacturer') companies.push(...p.companies.map((c) => c.id));
    else near.push({ spec: p.spec, value: p.value, min: p.min, max: p.max });
  }
  return {
    categories: [...new Set(categories)],
    companies: [...new Set(companies)],
    values,
    ranges,
    near,
    ...(sort ? { sort } : {}),
    ...(series.length ? { series: [...new Set(series)] } : {}),
    ...(excluded.companies.length + excluded.values.length ? { excluded } : {}),
    ...(reading.text ? { text: reading.text } : {}),
  };
}
