// The people's queries: what designers and installers type in words and quantities ("Trina module",
// "bifacial 550W", "SMA 7.7kW", "R410a Mitsubishi heat pump"), built from real products with a fixed
// seed by templates of our own. Each template says which products a query asks for, judged by the
// products' own fields with the template's own rules, never by asking the search how it read them:
// success@3 (one of them in the top 3), precision@10 (share of the top 10 that are, out of as many as
// exist up to 10) and empty answers where such products exist.
import { isBrandWord } from '../../src/company-resolution/company-aliases';
import type { SearchDocument } from '../../src/catalog/search-document';
import { seeded } from './query-set';

/** A product as the templates and judges read it: its own fields. */
export interface Product {
  readonly id: string;
  readonly model: string;
  readonly manufacturer: string;
  readonly category: string;
  readonly company?: { readonly id: string; readonly name: string };
  /** The maker its list's brand note names ("Original Mfg - SMA America"), when there is one. */
  readonly made_by?: { readonly name: string; readonly id?: string };
  readonly specs: Readonly<Record<string, unknown>>;
}

export function productOf(
  d: Pick<SearchDocument, 'id' | 'model' | 'manufacturer' | 'category' | 'company' | 'specs'> &
    Partial<Pick<SearchDocument, 'made_by'>>,
): Product {
  return {
    id: d.id,
    model: d.model,
    manufacturer: d.manufacturer,
    category: d.category,
    ...(d.company ? { company: { id: d.company.id, name: d.company.name } } : {}),
    ...(d.made_by ? { made_by: d.made_by } : {}),
    specs: d.specs,
  };
}

/** The fields a search must return for a hit to be judged. */
export const JUDGED_FIELDS = ['id', 'model', 'manufacturer', 'category', 'company', 'specs'] as const;

export interface PeopleCase {
  readonly template: string;
  readonly q: string;
  /** Whether a product is what the query asks for. */
  readonly wanted: (p: Product) => boolean;
}

const num = (p: Product, spec: string) => {
  const v = p.specs[spec];
  return typeof v === 'number' ? v : undefined;
};
const text = (p: Product, spec: string) => {
  const v = p.specs[spec];
  return typeof v === 'string' ? v.toLowerCase() : '';
};
/** Within 2% of what was typed: how near a rated figure must be to be the one asked for. */
const near = (value: number | undefined, typed: number, share = 0.02) =>
  value !== undefined && Math.abs(value - typed) <= share * typed;

/**
 * The name people call a company by: the first word of its name that is neither a place nor a kind
 * of business ("Trina", "Growatt" of Shenzhen Growatt), or the first two when the first is a
 * two-letter acronym ("AU Optronics").
 */
export function makerWord(p: Product): string | undefined {
  const words = (p.company?.name ?? p.manufacturer).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const i = words.findIndex((w) => /^\p{L}/u.test(w) && (isBrandWord(w) || /^\p{Lu}{2}$/u.test(w)));
  if (i < 0) return undefined;
  return words[i].length === 2 && i + 1 < words.length ? `${words[i]} ${words[i + 1]}` : words[i];
}

/** The same company, or (a word several companies share) one whose name carries the word typed. */
export function byMaker(word: string, target: Product): (p: Product) => boolean {
  const re = new RegExp(`(^|[^\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'iu');
  return (p) =>
    (target.company !== undefined && p.company?.id === target.company.id) ||
    re.test(p.company?.name ?? '') ||
    re.test(p.manufacturer);
}

const isMicro = (p: Product) =>
  p.category === 'inverter' &&
  (num(p, 'max_dc_voltage_v') ?? Infinity) <= 100 &&
  (num(p, 'ac_power_w') ?? Infinity) <= 2000;
const NOMINAL = ['stc_power_w', 'ac_power_w', 'heating_power_ref_w'];
const kw = (w: number) => Math.round(w / 100) / 10;
const HP_TYPES: Record<string, string[]> = {
  'outdoor air/water': ['air source', 'air to water'],
  'brine/water': ['ground source', 'brine to water'],
};
const TECH: Record<string, string[]> = { 'mono-c-si': ['mono', 'monocrystalline'], 'multi-c-si': ['poly', 'multi'] };

export interface Template {
  readonly name: string;
  /** The products a query of this template can be drawn from. */
  readonly from: (p: Product) => boolean;
  /** `catalog`: every product, for a judgement that depends on the others (a ranking's best ten). */
  readonly make: (
    p: Product,
    pick: <T>(xs: readonly T[]) => T,
    catalog: readonly Product[],
  ) => Omit<PeopleCase, 'template'>;
}

const TEMPLATES: readonly Template[] = [
  {
    name: 'maker + category word',
    from: (p) => makerWord(p) !== undefined,
    make: (p, pick) => {
      const m = makerWord(p)!;
      const word = pick(
        {
          'pv-module': ['module', 'panel', 'solar panel'],
          inverter: ['inverter'],
          'heat-pump': ['heat pump'],
          'home-battery': ['battery', 'home battery'],
          'ev-charger': ['wallbox', 'EV charger'],
        }[p.category] ?? ['product'],
      );
      const maker = byMaker(m, p);
      return { q: `${m} ${word}`, wanted: (x) => x.category === p.category && maker(x) };
    },
  },
  {
    name: 'bifacial + power',
    from: (p) => p.category === 'pv-module' && p.specs.bifacial === true && num(p, 'stc_power_w') !== undefined,
    make: (p, pick) => {
      const w = Math.round(num(p, 'stc_power_w')!);
      return {
        q: pick([`bifacial ${w}W`, `bifacial panel ${w} W`, `${w}W bifacial module`]),
        wanted: (x) => x.category === 'pv-module' && x.specs.bifacial === true && near(num(x, 'stc_power_w'), w),
      };
    },
  },
  {
    name: 'inverter power + voltage',
    from: (p) =>
      p.category === 'inverter' && (num(p, 'ac_power_w') ?? 0) >= 1000 && num(p, 'nominal_ac_voltage_v') !== undefined,
    make: (p, pick) => {
      const k = kw(num(p, 'ac_power_w')!);
      const v = num(p, 'nominal_ac_voltage_v')!;
      return {
        q: pick([`${k}kW inverter ${v}V`, `${k} kW inverter ${v} V`]),
        wanted: (x) =>
          x.category === 'inverter' && near(num(x, 'ac_power_w'), k * 1000) && num(x, 'nominal_ac_voltage_v') === v,
      };
    },
  },
  {
    name: 'maker + power',
    from: (p) => p.category === 'inverter' && (num(p, 'ac_power_w') ?? 0) >= 1000 && makerWord(p) !== undefined,
    make: (p, pick) => {
      const m = makerWord(p)!;
      const k = kw(num(p, 'ac_power_w')!);
      const maker = byMaker(m, p);
      return {
        q: pick([`${m} ${k} kW`, `${m} ${k}kW`, `${m} ${k}kW inverter`]),
        wanted: (x) => maker(x) && NOMINAL.some((s) => near(num(x, s), k * 1000)),
      };
    },
  },
  {
    name: 'maker + hybrid inverter',
    from: (p) => p.category === 'inverter' && p.specs.hybrid === true && makerWord(p) !== undefined,
    make: (p) => {
      const m = makerWord(p)!;
      const maker = byMaker(m, p);
      return {
        q: `${m} hybrid inverter`,
        wanted: (x) => x.category === 'inverter' && x.specs.hybrid === true && maker(x),
      };
    },
  },
  {
    name: 'maker + microinverter',
    from: (p) => isMicro(p) && makerWord(p) !== undefined,
    make: (p, pick) => {
      const m = makerWord(p)!;
      const maker = byMaker(m, p);
      return {
        q: `${m} ${pick(['microinverter', 'micro inverter', 'microinverters'])}`,
        wanted: (x) => isMicro(x) && maker(x),
      };
    },
  },
  {
    name: 'refrigerant + maker + heat pump',
    from: (p) =>
      p.category === 'heat-pump' && /^r(32|290|410a|407c)$/.test(text(p, 'refrigerant')) && makerWord(p) !== undefined,
    make: (p, pick) => {
      const m = makerWord(p)!;
      const r = text(p, 'refrigerant');
      const maker = byMaker(m, p);
      const typed = pick([r.toUpperCase(), r, `R-${r.slice(1)}`]);
      return {
        q: pick([`${typed} ${m} heat pump`, `${m} heat pump ${typed}`]),
        wanted: (x) => x.category === 'heat-pump' && text(x, 'refrigerant') === r && maker(x),
      };
    },
  },
  {
    name: 'maker + source + heat pump',
    from: (p) =>
      p.category === 'heat-pump' && HP_TYPES[text(p, 'heat_pump_type')] !== undefined && makerWord(p) !== undefined,
    make: (p, pick) => {
      const m = makerWord(p)!;
      const t = text(p, 'heat_pump_type');
      const maker = byMaker(m, p);
      return {
        q: `${m} ${pick(HP_TYPES[t])} heat pump`,
        wanted: (x) => x.category === 'heat-pump' && text(x, 'heat_pump_type') === t && maker(x),
      };
    },
  },
  {
    name: 'maker + technology + power',
    from: (p) =>
      p.category === 'pv-module' &&
      TECH[text(p, 'technology')] !== undefined &&
      num(p, 'stc_power_w') !== undefined &&
      makerWord(p) !== undefined,
    make: (p, pick) => {
      const m = makerWord(p)!;
      const t = text(p, 'technology');
      const w = Math.round(num(p, 'stc_power_w')!);
      const maker = byMaker(m, p);
      const same = t === 'mono-c-si' ? ['mono-c-si'] : ['multi-c-si', 'mc-si', 'efg mc-si'];
      return {
        q: `${m} ${pick(TECH[t])} ${w}W`,
        wanted: (x) =>
          x.category === 'pv-module' &&
          same.includes(text(x, 'technology')) &&
          near(num(x, 'stc_power_w'), w) &&
          maker(x),
      };
    },
  },
  {
    name: 'maker + bare module power',
    from: (p) => p.category === 'pv-module' && (num(p, 'stc_power_w') ?? 0) >= 100 && makerWord(p) !== undefined,
    make: (p) => {
      const m = makerWord(p)!;
      const w = Math.round(num(p, 'stc_power_w')!);
      const maker = byMaker(m, p);
      return {
        q: `${m} ${w}`,
        wanted: (x) => x.category === 'pv-module' && near(num(x, 'stc_power_w'), w) && maker(x),
      };
    },
  },
  {
    name: 'power + cells + module',
    from: (p) =>
      p.category === 'pv-module' && num(p, 'cells_in_series') !== undefined && num(p, 'stc_power_w') !== undefined,
    make: (p, pick) => {
      const w = Math.round(num(p, 'stc_power_w')!);
      const cells = num(p, 'cells_in_series')!;
      return {
        q: pick([`${w}W ${cells} cell module`, `${cells}-cell ${w} W panel`]),
        wanted: (x) =>
          x.category === 'pv-module' && num(x, 'cells_in_series') === cells && near(num(x, 'stc_power_w'), w),
      };
    },
  },
];

/**
 * Comparisons and ranges (issue 43), drawn from real products: a bound near a product's own value,
 * rounded as people type it. Judged by the products' own fields: strict where the words are.
 */
const round10 = (w: number) => Math.round(w / 10) * 10;
const efficiency = (p: Product) => num(p, 'module_efficiency_pct');
const cecWeighted = (p: Product) => num(p, 'cec_weighted_efficiency_pct');
/** A model number as series prefixes are written: letters and digits only, lower-case. */
const compact = (model: string) => model.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
/**
 * Who sells Sunny Boys: SMA, and Schuco USA, which sold SMA's under its own name (the 2019 inverter
 * list spells it "Schuco USA L.P. (original mfg - SMA America)", and its SB6000US are SMA's models).
 */
const SUNNY_BOY_SELLERS = new Set(['sma-america', 'sma-solar-technology', 'schuco-usa']);
const isSunnyBoy = (p: Product) =>
  p.category === 'inverter' &&
  p.company !== undefined &&
  SUNNY_BOY_SELLERS.has(p.company.id) &&
  compact(p.model).startsWith('sb');

/**
 * Rankings, series, exclusions and efficiency bounds (issue 43), appended after the comparisons so
 * that their draws leave the earlier templates' queries as they were. A ranking is judged by the
 * catalog: the ten most efficient modules near the power typed are the wanted ones.
 */
const RANKING_TEMPLATES: readonly Template[] = [
  {
    name: 'most efficient modules near a power',
    from: (p) => p.category === 'pv-module' && (num(p, 'stc_power_w') ?? 0) >= 200 && efficiency(p) !== undefined,
    make: (p, pick, catalog) => {
      const w = round10(num(p, 'stc_power_w')!);
      const nearW = (x: Product) => x.category === 'pv-module' && near(num(x, 'stc_power_w'), w);
      const best = catalog
        .filter(nearW)
        .map((x) => efficiency(x) ?? -Infinity)
        .sort((a, b) => b - a);
      const tenth = best[Math.min(9, best.length - 1)] ?? -Infinity;
      return {
        q: pick([
          `most efficient ${w}W module`,
          `highest efficiency ${w} W panels`,
          `best efficiency ${w}W solar panel`,
        ]),
        wanted: (x) => nearW(x) && (efficiency(x) ?? -Infinity) >= tenth,
      };
    },
  },
  {
    name: 'series + kW',
    from: (p) => isSunnyBoy(p) && (num(p, 'ac_power_w') ?? 0) >= 1000,
    make: (p, pick) => {
      const kw1 = Math.round(num(p, 'ac_power_w')! / 100) / 10;
      return {
        q: pick([`Sunny Boy ${kw1}`, `SMA Sunny Boy ${kw1}`, `sunny boy ${kw1} kW`]),
        wanted: (x) => isSunnyBoy(x) && near(num(x, 'ac_power_w'), kw1 * 1000, 0.05),
      };
    },
  },
  {
    name: 'maker + modules not bifacial',
    from: (p) => p.category === 'pv-module' && makerWord(p) !== undefined && typeof p.specs.bifacial === 'boolean',
    make: (p, pick) => {
      const m = makerWord(p)!;
      const maker = byMaker(m, p);
      return {
        q: pick([`${m} modules not bifacial`, `${m} non-bifacial panels`, `${m} module without bifacial`]),
        wanted: (x) => x.category === 'pv-module' && maker(x) && x.specs.bifacial !== true,
      };
    },
  },
  {
    name: 'modules over an efficiency',
    from: (p) => p.category === 'pv-module' && (efficiency(p) ?? 0) >= 15 && makerWord(p) !== undefined,
    make: (p, pick) => {
      const e = Math.floor(efficiency(p)!);
      const m = makerWord(p)!;
      const maker = byMaker(m, p);
      const [words, byMakerToo] = pick([
        [`modules over ${e}% efficiency`, false],
        [`${m} panels above ${e}% efficient`, true],
        [`${m} modules at least ${e}% efficiency`, true],
      ] as const);
      const meets = words.includes('at least') ? (x: number) => x >= e : (x: number) => x > e;
      return {
        q: words,
        wanted: (x) => x.category === 'pv-module' && (!byMakerToo || maker(x)) && meets(efficiency(x) ?? -Infinity),
      };
    },
  },
  {
    name: 'most efficient inverters near a power',
    from: (p) => p.category === 'inverter' && (num(p, 'ac_power_w') ?? 0) >= 1000 && cecWeighted(p) !== undefined,
    make: (p, pick, catalog) => {
      const power = kw(num(p, 'ac_power_w')!);
      const nearKw = (x: Product) => x.category === 'inverter' && near(num(x, 'ac_power_w'), power * 1000);
      const best = catalog
        .filter(nearKw)
        .map((x) => cecWeighted(x) ?? -Infinity)
        .sort((a, b) => b - a);
      const tenth = best[Math.min(9, best.length - 1)] ?? -Infinity;
      return {
        q: pick([`most efficient ${power} kW inverter`, `highest efficiency ${power}kW inverter`]),
        wanted: (x) => nearKw(x) && (cecWeighted(x) ?? -Infinity) >= tenth,
      };
    },
  },
  {
    name: 'inverters over an efficiency',
    from: (p) => p.category === 'inverter' && (cecWeighted(p) ?? 0) >= 94,
    make: (p, pick) => {
      const e = Math.floor(cecWeighted(p)! * 2) / 2;
      const [words, strict] = pick([
        [`inverters over ${e}% efficiency`, true],
        [`inverter efficiency at least ${e}%`, false],
      ] as const);
      const meets = strict ? (x: number) => x > e : (x: number) => x >= e;
      return { q: words, wanted: (x) => x.category === 'inverter' && meets(cecWeighted(x) ?? -Infinity) };
    },
  },
];
const COMPARISON_TEMPLATES: readonly Template[] = [
  {
    name: 'maker + modules over a power',
    from: (p) => p.category === 'pv-module' && (num(p, 'stc_power_w') ?? 0) >= 100 && makerWord(p) !== undefined,
    make: (p, pick) => {
      const m = makerWord(p)!;
      const w = round10(num(p, 'stc_power_w')!);
      const maker = byMaker(m, p);
      const [words, meets] = pick([
        [`${m} modules over ${w}W`, (x: number) => x > w],
        [`${m} panels above ${w} W`, (x: number) => x > w],
        [`${m} module at least ${w}W`, (x: number) => x >= w],
        [`${m} ${w}W or more module`, (x: number) => x >= w],
      ] as const);
      return {
        q: words,
        wanted: (x) => x.category === 'pv-module' && maker(x) && meets(num(x, 'stc_power_w') ?? -Infinity),
      };
    },
  },
  {
    name: 'maker + modules under a power',
    from: (p) => p.category === 'pv-module' && (num(p, 'stc_power_w') ?? 0) >= 100 && makerWord(p) !== undefined,
    make: (p, pick) => {
      const m = makerWord(p)!;
      const w = round10(num(p, 'stc_power_w')!);
      const maker = byMaker(m, p);
      const [words, meets] = pick([
        [`${m} modules under ${w}W`, (x: number) => x < w],
        [`${m} panel below ${w} W`, (x: number) => x < w],
        [`${m} modules at most ${w}W`, (x: number) => x <= w],
      ] as const);
      return {
        q: words,
        wanted: (x) => x.category === 'pv-module' && maker(x) && meets(num(x, 'stc_power_w') ?? Infinity),
      };
    },
  },
  {
    name: 'inverters between two powers',
    from: (p) => p.category === 'inverter' && (num(p, 'ac_power_w') ?? 0) >= 1000,
    make: (p, pick) => {
      const lo = Math.floor(num(p, 'ac_power_w')! / 1000);
      const hi = lo + pick([1, 2, 3]);
      return {
        q: pick([
          `inverter between ${lo} and ${hi} kW`,
          `${lo}-${hi}kW inverter`,
          `inverters ${lo} to ${hi} kW`,
          `inverter from ${lo}kW to ${hi}kW`,
        ]),
        wanted: (x) =>
          x.category === 'inverter' && (num(x, 'ac_power_w') ?? -1) >= lo * 1000 && num(x, 'ac_power_w')! <= hi * 1000,
      };
    },
  },
  {
    name: 'inverters at least a power + voltage',
    from: (p) =>
      p.category === 'inverter' && (num(p, 'ac_power_w') ?? 0) >= 1000 && num(p, 'nominal_ac_voltage_v') !== undefined,
    make: (p, pick) => {
      const k = Math.floor(num(p, 'ac_power_w')! / 1000);
      const v = num(p, 'nominal_ac_voltage_v')!;
      return {
        q: pick([`inverter at least ${k}kW ${v}V`, `${v}V inverter min ${k} kW`, `inverter ${k}kW+ ${v} V`]),
        wanted: (x) =>
          x.category === 'inverter' && (num(x, 'ac_power_w') ?? -1) >= k * 1000 && num(x, 'nominal_ac_voltage_v') === v,
      };
    },
  },
  {
    name: 'maker + inverters under a power',
    from: (p) => p.category === 'inverter' && (num(p, 'ac_power_w') ?? 0) >= 1000 && makerWord(p) !== undefined,
    make: (p, pick) => {
      const m = makerWord(p)!;
      const k = Math.ceil(num(p, 'ac_power_w')! / 1000);
      const maker = byMaker(m, p);
      const [words, meets] = pick([
        [`${m} inverter under ${k}kW`, (x: number) => x < k * 1000],
        [`${m} inverter up to ${k} kW`, (x: number) => x <= k * 1000],
        [`${m} inverter ${k}kW or less`, (x: number) => x <= k * 1000],
      ] as const);
      return {
        q: words,
        wanted: (x) => x.category === 'inverter' && maker(x) && meets(num(x, 'ac_power_w') ?? Infinity),
      };
    },
  },
  {
    name: 'heat pumps over an output',
    from: (p) => p.category === 'heat-pump' && (num(p, 'heating_power_ref_w') ?? 0) >= 2000,
    make: (p, pick) => {
      const k = Math.floor(num(p, 'heating_power_ref_w')! / 1000);
      const t = text(p, 'heat_pump_type');
      const typed = HP_TYPES[t] ? `${pick(HP_TYPES[t])} ` : '';
      return {
        q: pick([`${typed}heat pump over ${k} kW`, `${typed}heat pump above ${k}kW`]),
        wanted: (x) =>
          x.category === 'heat-pump' &&
          (num(x, 'heating_power_ref_w') ?? -1) > k * 1000 &&
          (typed === '' || text(x, 'heat_pump_type') === t),
      };
    },
  },
  ...RANKING_TEMPLATES,
];

export const COMPARISON_KINDS = COMPARISON_TEMPLATES.map((t) => t.name);

/** Queries with no maker or number: the same few words whoever types them. */
const PLAIN: readonly Omit<PeopleCase, 'template'>[] = [
  { q: 'microinverter', wanted: isMicro },
  { q: 'micro inverter', wanted: isMicro },
  { q: 'heat pump', wanted: (x) => x.category === 'heat-pump' },
  {
    q: 'air to water heat pump',
    wanted: (x) => x.category === 'heat-pump' && text(x, 'heat_pump_type') === 'outdoor air/water',
  },
  {
    q: 'ground source heat pump',
    wanted: (x) => x.category === 'heat-pump' && text(x, 'heat_pump_type') === 'brine/water',
  },
  { q: 'solar panel', wanted: (x) => x.category === 'pv-module' },
  { q: 'bifacial module', wanted: (x) => x.category === 'pv-module' && x.specs.bifacial === true },
  { q: 'hybrid inverter', wanted: (x) => x.category === 'inverter' && x.specs.hybrid === true },
  {
    q: 'thin film module',
    wanted: (x) =>
      x.category === 'pv-module' &&
      ['thin film', 'cdte', 'cigs', 'cis', 'si-film', '3-a-si', '2-a-si'].includes(text(x, 'technology')),
  },
  { q: 'R290 heat pump', wanted: (x) => x.category === 'heat-pump' && text(x, 'refrigerant') === 'r290' },
];

export const PEOPLE_TEMPLATES = [...TEMPLATES.map((t) => t.name), 'plain words'];

/** `perTemplate` products drawn for each template (fixed seed), and the plain queries once each. */
export function buildPeopleSet(products: readonly Product[], perTemplate: number, seed = 20261124): PeopleCase[] {
  return [...drawn(TEMPLATES, products, perTemplate, seed), ...PLAIN.map((c) => ({ template: 'plain words', ...c }))];
}

/** The comparison and range queries, `perTemplate` per kind with their own fixed seed. */
export function buildComparisonSet(products: readonly Product[], perTemplate: number, seed = 20261125): PeopleCase[] {
  return drawn(COMPARISON_TEMPLATES, products, perTemplate, seed);
}

export function drawn(templates: readonly Template[], products: readonly Product[], perTemplate: number, seed: number) {
  const rnd = seeded(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const cases: PeopleCase[] = [];
  for (const t of templates) {
    const pool = products.filter(t.from);
    const seen = new Set<string>();
    for (let tries = 0; seen.size < Math.min(perTemplate, pool.length) && tries < perTemplate * 50; tries++) {
      const made = t.make(pick(pool), pick, products);
      if (seen.has(made.q.toLowerCase())) continue;
      seen.add(made.q.toLowerCase());
      cases.push({ template: t.name, ...made });
    }
  }
  return cases;
}

export interface PeopleReport {
  readonly template: string;
  readonly queries: number;
  /** Share with a wanted product in the top 3. */
  readonly at3: number;
  /** Mean share of the top 10 that is wanted, out of min(10, wanted products in the catalog). */
  readonly precision10: number;
  /** Queries answered with nothing although wanted products exist. */
  readonly empty: number;
  /** Share whose top 10 holds only wanted products (and is not empty when some exist): within what they ask. */
  readonly within: number;
  readonly misses: string[];
}

export interface PeopleResult {
  readonly hits: readonly Product[];
  readonly total: number;
}

/** Judges each case's answer against the whole catalog (how many wanted products exist). */
export function judgePeople(
  cases: readonly PeopleCase[],
  results: readonly PeopleResult[],
  catalog: readonly Product[],
): PeopleReport[] {
  const rows = cases.map((c, i) => {
    const exist = catalog.filter(c.wanted).length;
    const top = results[i].hits.slice(0, 10);
    const good = top.filter(c.wanted).length;
    return {
      c,
      exist,
      at3: top.slice(0, 3).some(c.wanted),
      precision: exist === 0 ? 1 : good / Math.min(10, exist),
      empty: exist > 0 && results[i].total === 0,
      within: good === top.length && (exist === 0 || top.length > 0),
    };
  });
  const names = [...new Set(cases.map((c) => c.template))];
  return names.map((template) => {
    const mine = rows.filter((r) => r.c.template === template && r.exist > 0);
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
    return {
      template,
      queries: mine.length,
      at3: mean(mine.map((r) => (r.at3 ? 1 : 0))),
      precision10: mean(mine.map((r) => r.precision)),
      empty: mine.filter((r) => r.empty).length,
      within: mean(mine.map((r) => (r.within ? 1 : 0))),
      misses: mine
        .filter((r) => !r.at3 || r.precision < 0.9)
        .slice(0, 4)
        .map((r) => `${r.c.q} (p@10 ${(r.precision * 100).toFixed(0)}%, ${r.exist} exist)`),
    };
  });
}

/** The targets issue 30 states, over all people's queries. */
export const PEOPLE_TARGETS = { at3: 0.95, precision10: 0.9, empty: 0 } as const;

export function overall(reports: readonly PeopleReport[]): {
  queries: number;
  at3: number;
  precision10: number;
  empty: number;
} {
  const queries = reports.reduce((a, r) => a + r.queries, 0);
  const weighted = (f: (r: PeopleReport) => number) =>
    reports.reduce((a, r) => a + f(r) * r.queries, 0) / (queries || 1);
  return {
    queries,
    at3: weighted((r) => r.at3),
    precision10: weighted((r) => r.precision10),
    empty: reports.reduce((a, r) => a + r.empty, 0),
  };
}
