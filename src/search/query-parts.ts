// Parts, the third stage of understanding (understanding.ts): each match read in its context (the
// category, the spec word before a comparison) as a part the search applies, a refusal, or text.
import {
  BARE_MODULE_POWER,
  QUANTITY_SPECS,
  TOLERANCE,
  ownEntry,
  type Condition,
  type Dimension,
  type Meaning,
} from './query-words';
import { DOMAIN, RANKING_SPECS, type Ranking } from './query-comparisons';
import type { Series } from '../catalog/series';
import { SPECS, type Category, type SpecName } from '../catalog/spec-catalog';
import { NOMINAL_POWER, type RangeOp, type RangeSpec } from '../catalog/product-query';
import type { MakerDictionary } from './maker-dictionary';
import { manufacturerPart, type ManufacturerPart } from './named-companies';
import type { Word } from './query-tokens';
import { SPEC_WORD, UNITS, type Bound, type Found, type Match, type Measure } from './query-matchers';
import { onGrid } from './query-design-points';
import type { DesignPoint } from '../catalog/product-query';

/** The grid key of the design point a bound, quantity or ranking is taken at (query-design-parts.ts): no ordinary parameter selects a value there. */
type At = string;

export type Part =
  | {
      readonly kind: 'category';
      readonly from: string;
      readonly label: string;
      readonly category: Category;
      readonly conditions: readonly Condition[];
    }
  | {
      readonly kind: 'attribute';
      readonly from: string;
      readonly label: string;
      readonly conditions: readonly Condition[];
    }
  | ManufacturerPart
  | {
      /** A comparison or a range ("over 600W", "between 5 and 8 kW"): bounds as typed, strict or inclusive. */
      readonly kind: 'range';
      readonly from: string;
      readonly label: string;
      readonly spec: RangeSpec;
      readonly unit: string;
      readonly operator: RangeOp | 'between';
      readonly bounds: Partial<Record<RangeOp, number>>;
      readonly conditions: readonly Condition[];
      readonly at?: At;
    }
  | {
      /** A product line from the reviewed table (series.ts): its companies and model prefixes. */
      readonly kind: 'series';
      /** The entry, as `series=` takes it. */
      readonly id: string;
      readonly from: string;
      readonly label: string;
      readonly category: Category;
      readonly companies: readonly { id: string; name: string }[];
      readonly models: readonly string[];
    }
  | {
      /**
       * An exclusion ("not bifacial", "without SMA"): products with these spec values, or of these
       * companies, are left out; a product with no value for the spec is kept.
       */
      readonly kind: 'exclusion';
      readonly from: string;
      readonly label: string;
      readonly companies: readonly { id: string; name: string }[];
      readonly conditions: readonly Condition[];
    }
  | {
      /** A superlative ("most efficient"): a sort, the rest of the query its filter; `sort` absent when nothing can order by it. */
      readonly kind: 'ranking';
      readonly from: string;
      readonly label: string;
      readonly sort?: { readonly spec: SpecName; readonly desc: boolean };
      readonly at?: At;
    }
  | {
      readonly kind: 'quantity';
      readonly from: string;
      readonly label: string;
      readonly spec: RangeSpec;
      readonly value: number;
      readonly unit: string;
      readonly tolerance: number;
      readonly min: number;
      readonly max: number;
      readonly at?: At;
    }
  | {
      /**
       * A design point ("at -7/55", "at 300 V"): the grid point (catalog/design-grid.ts) the values are
       * asked at; `nearest` when the words asked between grid points. Air source only for "A2/W35".
       */
      readonly kind: 'design-point';
      readonly from: string;
      readonly label: string;
      readonly category: 'heat-pump' | 'inverter';
      readonly point: DesignPoint;
      readonly nearest: boolean;
      readonly conditions: readonly Condition[];
    };

/**
 * The unit a spec's values are in, as a quantity unit: its dimension (a unit typed after a spec word
 * must have it) and its factor (a spec in kW or kWh holds 11 for 11 kW, so a typed value is divided by it).
 */
function specUnit(spec: RangeSpec): { readonly dimension?: Dimension; readonly factor: number } {
  const unit = unitOf(spec).toLowerCase();
  return (unit && UNITS.get(unit)) || { factor: 1 };
}

/** What the parts stage reads the matches with. */
interface Reader {
  readonly q: string;
  readonly ws: Word[];
  readonly dictionary: MakerDictionary;
  readonly found: readonly Match[];
  readonly category: Category | undefined;
  readonly modules: boolean;
}

/** What one match becomes: a part, a refusal, its words left as text, or nothing (read with its neighbour). */
type Outcome = { readonly part: Part } | { readonly refused: string } | 'text' | 'used';

/** Matches to parts, in the order typed; the words of a match that makes no part are left as text. */
export function partsOf(reader: Reader) {
  const parts: Part[] = [];
  const refused: string[] = [];
  const unread: number[] = [];
  reader.found.forEach(({ at, f }, k) => {
    const outcome = outcomeOf(reader, k);
    if (outcome === 'text') unread.push(...Array.from({ length: f.span }, (_, n) => at + n));
    else if (outcome === 'used') return;
    else if ('refused' in outcome) refused.push(outcome.refused);
    else parts.push(outcome.part);
  });
  return { parts, refused, unread };
}

function outcomeOf(reader: Reader, k: number): Outcome {
  const { q, ws, dictionary, category } = reader;
  const { at, f } = reader.found[k];
  const text = q.slice(ws[at].start, ws[at + f.span - 1].end);
  switch (f.kind) {
    case 'phrase':
      return meaningPart(text, f.meaning, category);
    case 'maker':
      return { part: manufacturerPart(text, f.key, f.ids, dictionary) };
    case 'exclusion':
      return exclusionPart(text, f.target, reader);
    case 'series':
      return { part: seriesPart(text, f.series, dictionary) };
    case 'ranking':
      return { part: rankingPart(text, f.ranking, category) };
    case 'spec-word':
      return specWordOutcome(reader, k);
    case 'range':
      return rangeOutcome(reader, k);
    case 'quantity': {
      const typed = quantity(text, f.value, f.unit, category);
      return typed ? { part: typed } : 'text';
    }
    case 'design-point':
      return designPointOutcome(text, f.point, category);
  }
}

/**
 * A design point on the grid, or refused far off it. "At 300 V" is an inverter's DC voltage; in another
 * category it is the voltage quantity it was read as before. A heat pump's point outside heat pumps is text.
 */
function designPointOutcome(
  text: string,
  asked: Extract<Found, { kind: 'design-point' }>['point'],
  category: Category | undefined,
): Outcome {
  if (asked.kind === 'inverter' && category !== 'inverter') {
    const typed = quantity(text.replace(/^at\s+/i, ''), asked.volts, 'v', category);
    return typed ? { part: typed } : 'text';
  }
  if (asked.kind === 'heat-pump' && category !== 'heat-pump') return 'text';
  const grid = onGrid(asked);
  // A bare "125/6" off the grid is more likely a model number's than a point: it stays text.
  if (typeof grid === 'string') return asked.kind === 'heat-pump' && !asked.explicit ? 'text' : { refused: grid };
  const air = asked.kind === 'heat-pump' && asked.air;
  return {
    part: {
      kind: 'design-point',
      from: text,
      label: grid.label,
      category: asked.kind,
      point: grid.point,
      nearest: grid.moved,
      conditions: air ? [{ spec: 'heat_pump_type', values: ['outdoor air/water'] }] : [],
    },
  };
}

/** A word of the vocabulary: a category or an attribute; one meant for another category stays text. */
function meaningPart(text: string, m: Meaning, category: Category | undefined): Outcome {
  if (m.within && category && category !== m.within) return 'text';
  return {
    part: m.category
      ? { kind: 'category', from: text, label: m.label, category: m.category, conditions: m.conditions ?? [] }
      : { kind: 'attribute', from: text, label: m.label, conditions: m.conditions ?? [] },
  };
}

function exclusionPart(text: string, t: Extract<Found, { kind: 'exclusion' }>['target'], reader: Reader): Outcome {
  if (t.kind === 'maker') {
    const companies = t.ids.map((id) => ({ id, name: reader.dictionary.companies.get(id)?.name ?? id }));
    const names = companies.map((c) => c.name).join(' or ');
    return { part: { kind: 'exclusion', from: text, label: `not by ${names}`, companies, conditions: [] } };
  }
  if (t.meaning.within && reader.category && reader.category !== t.meaning.within) return 'text';
  const conditions = t.meaning.conditions ?? [];
  const specs = [...new Set(conditions.map((c) => c.spec))].join(', ');
  return {
    part: {
      kind: 'exclusion',
      from: text,
      label: `not ${t.meaning.label} (products with no ${specs} value are kept)`,
      companies: [],
      conditions,
    },
  };
}

function seriesPart(text: string, series: Series, dictionary: MakerDictionary): Part {
  const { id: line, label, category: of, companies: ids, models } = series;
  const companies = ids.map((id) => ({ id, name: dictionary.companies.get(id)?.name ?? id }));
  return { kind: 'series', id: line, from: text, label, category: of, companies, models };
}

/** A spec word is read with the comparison it names ("COP above 4"); alone it is text. */
function specWordOutcome({ found, category, modules }: Reader, k: number): Outcome {
  const { at, f } = found[k];
  const next = found[k + 1];
  if (f.kind !== 'spec-word') return 'text';
  if (next?.at !== at + 1 || next.f.kind !== 'range' || !specOf(next.f.bounds, f.word, category, modules))
    return 'text';
  return 'used';
}

/** A comparison, with the spec word before it if any, as a range part or a refusal; without a spec it is text. */
function rangeOutcome({ q, ws, found, category, modules }: Reader, k: number): Outcome {
  const { at, f } = found[k];
  if (f.kind !== 'range') return 'text';
  const previous = found[k - 1];
  const word = previous?.f.kind === 'spec-word' && previous.at === at - 1 ? previous.f.word : undefined;
  const spec = specOf(f.bounds, word, category, modules);
  if (!spec) return 'text';
  const from = (i: number, span: number) => q.slice(ws[i].start, ws[i + span - 1].end);
  const part = rangePart(from(at, f.span), f, spec, word && from(at - 1, 1));
  return typeof part === 'string' ? { refused: part } : { part };
}

/** A superlative as a sort by its measure's spec in the category, or, where there is none, said so. */
function rankingPart(from: string, ranking: Ranking, category: Category | undefined): Part {
  const choice = category && ownEntry(RANKING_SPECS[ranking.by], category);
  if (choice && choice.spec !== NOMINAL_POWER)
    return { kind: 'ranking', from, label: ranking.label, sort: { spec: choice.spec, desc: ranking.desc } };
  const why =
    ranking.by === 'price'
      ? 'the catalog has no prices, so the order is not by price'
      : category
        ? `no ${PLURAL_OF[category]} value to order by, so the order is unchanged`
        : 'name a category to order by it; the order is unchanged';
  return { kind: 'ranking', from, label: `${ranking.label}: ${why}` };
}

const PLURAL_OF: Readonly<Record<Category, string>> = {
  'pv-module': 'PV module',
  inverter: 'inverter',
  'heat-pump': 'heat pump',
  'home-battery': 'home battery',
  'ev-charger': 'EV charger',
};

/**
 * The spec a comparison bounds: the one its spec word names in the category, else the one its unit's
 * dimension names there; a bare number only as a module's power ("modules over 600"). A unit typed
 * after a spec word must be that spec's.
 */
function specOf(
  bounds: readonly Bound[],
  word: string | undefined,
  category: Category | undefined,
  modules: boolean,
): RangeSpec | undefined {
  const units = bounds.map((b) => (b.unit === undefined ? undefined : UNITS.get(b.unit)!));
  const dimensions = new Set(units.map((u) => u?.dimension));
  if (dimensions.size > 1) return undefined;
  const [dimension] = dimensions;
  if (word) {
    const chosen = ownEntry(SPEC_WORD.get(word)!, category ?? 'any')?.spec;
    if (!chosen) return undefined;
    return dimension === undefined || specUnit(chosen).dimension === dimension ? chosen : undefined;
  }
  if (dimension) return ownEntry(QUANTITY_SPECS[dimension], category ?? 'any');
  const bare = bounds.every((b) => b.value >= BARE_MODULE_POWER.min && b.value <= BARE_MODULE_POWER.max);
  return modules && bare ? 'stc_power_w' : undefined;
}

const OP_WORDS: Readonly<Record<RangeOp, string>> = { gt: 'over', gte: 'at least', lt: 'under', lte: 'at most' };
const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** A comparison as a part, or why nothing could satisfy it (the search answers 400 then). */
function rangePart(
  typed: string,
  f: Extract<Found, { kind: 'range' }>,
  spec: RangeSpec,
  specWord: string | undefined,
): Part | string {
  const shown = (b: Measure) => `${b.value} ${b.unit === undefined ? unitOf(spec) : UNITS.get(b.unit)!.label}`.trim();
  const scaled = (b: Bound): Bound => ({
    ...b,
    value: round(b.value * (b.unit ? UNITS.get(b.unit)!.factor / specUnit(spec).factor : 1)),
  });
  const named = specWord ? `${specWord} ` : '';
  const from = `${named}${typed}`;
  let bounds = f.bounds.map(scaled);
  let label = f.between
    ? `${named}${shown(f.bounds[0])} to ${shown(f.bounds[1])}`
    : `${named}${OP_WORDS[bounds[0].op]} ${shown(f.bounds[0])}`;
  // "Between 9 and 3 kW": the ends typed the other way round still say which range is meant.
  if (f.between && bounds[0].value > bounds[1].value) {
    bounds = [
      { ...bounds[1], op: 'gte' },
      { ...bounds[0], op: 'lte' },
    ];
    label = `${named}${shown(f.bounds[1])} to ${shown(f.bounds[0])} (ends typed in reverse order)`;
  }
  const domain = ownEntry(DOMAIN, spec);
  if (domain) {
    for (const b of bounds) {
      const above = b.op === 'gt' || b.op === 'gte';
      const impossible = above
        ? domain.max !== undefined && (b.op === 'gt' ? b.value >= domain.max : b.value > domain.max)
        : b.op === 'lt'
          ? b.value <= domain.min
          : b.value < domain.min;
      const limit = above ? `at most ${domain.max}` : `at least ${domain.min}`;
      if (impossible)
        return `reads "${from}" as ${describe(spec)} ${OP_WORDS[b.op]} ${shown(b)}, which no product has: it is ${limit} ${unitOf(spec)}`.trim();
    }
    if (bounds.every((b) => (b.op === 'gt' || b.op === 'gte') && b.value < domain.min))
      label += ' (true of every product with a value)';
  }
  return {
    kind: 'range',
    from,
    label,
    spec,
    unit: unitOf(spec),
    operator: f.between ? 'between' : bounds[0].op,
    bounds: Object.fromEntries(bounds.map((b) => [b.op, b.value])),
    conditions: bounds.map((b) => ({ spec, op: b.op, value: b.value })),
  };
}

const unitOf = (spec: RangeSpec) => (spec === NOMINAL_POWER ? 'W' : (SPECS[spec].unit ?? ''));
/** A spec as a sentence names it: its description up to any formula or note ("Module efficiency at STC"). */
const describe = (spec: RangeSpec) =>
  spec === NOMINAL_POWER ? 'nominal power' : SPECS[spec].description.split(/[:(,]/)[0].trim();

export function quantity(from: string, value: number, unit: string, category: Category | undefined): Part | undefined {
  const { dimension, factor, label: unitLabel } = UNITS.get(unit)!;
  const spec = ownEntry(QUANTITY_SPECS[dimension], category ?? 'any');
  if (!spec || !(value > 0)) return undefined;
  const tolerance = ownEntry(TOLERANCE, spec) ?? TOLERANCE.default;
  const target = round((value * factor) / specUnit(spec).factor);
  return {
    kind: 'quantity',
    from,
    label: `${value} ${unitLabel}${tolerance ? ` ± ${tolerance * 100}%` : ''}`,
    spec,
    value: target,
    unit: unitOf(spec) || unitLabel,
    tolerance,
    min: round(target * (1 - tolerance)),
    max: round(target * (1 + tolerance)),
  };
}
