// Brands as people say them (issue 57): every brand the people's-query and comparisons checks would
// type for a company (makerWord), every short name a list prints inside a company's name in
// parentheses ("Solar Power (SPI)"), and every reviewed brand (src/search/brand-names.ts). The scan
// says which of them the search's maker dictionary reads as all the companies that print them; the
// "brand names" kind asks each as people do ("SPI module", "Astronergy 655W") and judges the answer on
// the products' own fields: its company prints the brand in its name, or is one a reviewed entry names.
import { BRAND_NAMES } from '../../src/search/brand-names';
import { compactModel } from '../../src/catalog/search-document';
import { isBrandWord } from '../../src/company-resolution/company-aliases';
import type { MakerDictionary } from '../../src/search/maker-dictionary';
import { makerWord, type Product } from './people';
import { CATEGORY_WORD, type NamedCase } from './named';
import { seeded } from './query-set';

export const BRAND_KIND = 'brand names';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whether a text prints the brand as a word of its own ("Q CELLS" in "Hanwha Q CELLS"), compiled once per brand. */
function printer(brand: string): (text: string) => boolean {
  const re = new RegExp(
    `(^|[^\\p{L}\\p{N}])${escape(brand).replace(/\s+/g, '[^\\p{L}\\p{N}]*')}($|[^\\p{L}\\p{N}])`,
    'iu',
  );
  // The regular expression only where the brand's first word is in the text at all.
  const first = brand.split(/\s+/)[0].toLowerCase();
  return (text) => text.toLowerCase().includes(first) && re.test(text);
}
const prints = (text: string, brand: string) => printer(brand)(text);

/** Whether a model starts with the brand as a word of its own ("AE 500TX", "MEMC-F255KzC-2y"). */
const startsWith = (model: string, brand: string) =>
  new RegExp(`^${escape(brand).replace(/\s+/g, '[^\\p{L}\\p{N}]*')}($|[^\\p{L}\\p{N}])`, 'iu').test(model);

/** The short name a company's name gives in parentheses, when it says who ("SPI", "AE", "Infini"). */
export function parenthesised(name: string): string | undefined {
  const inside = /\(([^)]*)\)/u.exec(name)?.[1];
  const words = inside?.split(/[^\p{L}\p{N}]+/u).filter(Boolean) ?? [];
  const first = words[0];
  return first && (isBrandWord(first) || /^\p{Lu}{2,}$/u.test(first)) ? first : undefined;
}

export interface Brand {
  readonly brand: string;
  /** Why people type it: the checks' maker word, a name's parenthesis, or a reviewed entry. */
  readonly from: 'maker word' | 'parenthesis' | 'reviewed';
  /** The companies it means: those whose names print it, and a reviewed entry's. */
  readonly companies: ReadonlySet<string>;
}

/** Every brand people type for the catalog's companies, each with the companies it means. */
export function brandsPeopleType(catalog: readonly Product[]): Brand[] {
  const names = new Map<string, string>();
  for (const p of catalog) if (p.company) names.set(p.company.id, p.company.name);
  const meaning = (brand: string, also: readonly string[] = []) => {
    const printed = printer(brand);
    return new Set([...[...names].filter(([, name]) => printed(name)).map(([id]) => id), ...also]);
  };
  const out = new Map<string, Brand>();
  const add = (brand: string, from: Brand['from'], also?: readonly string[]) => {
    const key = compactModel(brand);
    if (!out.has(key)) out.set(key, { brand, from, companies: meaning(brand, also) });
  };
  for (const b of BRAND_NAMES) add(b.brand, 'reviewed', b.companies);
  for (const [, name] of names) {
    const inParens = parenthesised(name);
    if (inParens) add(inParens, 'parenthesis');
  }
  for (const p of catalog) {
    const word = p.company && makerWord(p);
    if (word) add(word, 'maker word');
  }
  return [...out.values()].filter((b) => b.companies.size > 0);
}

/**
 * What the scan of other companies' models and maker notes found that is not a brand, each with why
 * (reviewed 2026-11-27): a word of a product line or a wiring, printed by a company it does not name.
 */
export const NOT_BRANDS: readonly { brand: string; company: string; why: string }[] = [
  {
    brand: 'Alpha',
    company: 'ait-deutschland',
    why: '"alpha innotec" is its own brand, reviewed as such; "Alpha" alone is Alpha ESS',
  },
  {
    brand: 'Apollo',
    company: 'certainteed',
    why: "CertainTeed's Apollo roof-integrated modules: a product line, not Du Pont Apollo",
  },
  {
    brand: 'Sunergy',
    company: 'carlo-gavazzi',
    why: "Carlo Gavazzi's SUNERGY inverter line, not the Sunergy module makers",
  },
  { brand: 'Sunergy', company: 'sustainable-energy-systems', why: 'a product line name (SUNERGY) of another maker' },
  {
    brand: 'Sunergy',
    company: 'sustainable-energy-technologies',
    why: 'a product line name (Sunergy) of another maker',
  },
  { brand: 'Connect', company: 'gridpoint', why: "GridPoint's Connect C36 system, a product name" },
  {
    brand: 'Delta',
    company: 'fronius-usa',
    why: '"Delta" is the three-phase wiring in Fronius model names (CL 33.3 Delta)',
  },
  { brand: 'Delta', company: 'sunpower', why: 'the same Fronius-made wiring word (Delta) in SunPower models' },
  {
    brand: 'Sunny',
    company: 'bbg-solar-roo',
    why: '"Sunny Roo" is BBG\'s own (Powercom-made) line, not SMA\'s Sunny Boy',
  },
  { brand: 'Sunny', company: 'sma-america', why: "SMA's Sunny Boy line: the SMA companies print SMA, not Sunny" },
  { brand: 'Home', company: 'qcells-north-america', why: 'Q.HOME batteries: a product line' },
  { brand: 'Home', company: 'senec', why: 'SENEC.Home batteries: a product line' },
  {
    brand: 'Ideal',
    company: 'groupe-atlantic',
    why: '"Ideal Boiler" heat pumps of Groupe Atlantic: "Ideal" alone names Ideal Power',
  },
  { brand: 'LIGHT', company: 'ariston-thermo-group', why: 'ENERGION M LIGHT: a product variant word' },
  { brand: 'Lite', company: 'ariston-thermo-group', why: 'ARIANEXT LITE: a product variant word' },
  { brand: 'Lite', company: 'fronius-international', why: 'Primo/Symo "Lite": a product variant word' },
  { brand: 'Cell', company: 'sunpower', why: '"128-Cell Module": a cell count' },
  {
    brand: 'Alex',
    company: 'alexus-solar',
    why: "Alexus Solar's ALEX model prefix is its own name, not the company Alex",
  },
  { brand: 'Supreme', company: 'kaco', why: 'Blueplanet … supreme: a product variant word' },
  { brand: 'Titan', company: 'suniva', why: "Suniva's Titan modules: a product line" },
  {
    brand: 'Cells',
    company: 'hanwha-qcells-qidong',
    why: 'the checks type "Cells" for Q-Cells (a one-letter first word); the brand is "Q CELLS", read as all three Qcells companies',
  },
  {
    brand: 'Cells',
    company: 'qcells-north-america',
    why: 'as above: "Q CELLS" reaches Qcells North America; "Cells" alone is no brand',
  },
  {
    brand: 'Seraphim',
    company: 'seg-solar-inc',
    why: 'one Seraphim Energy Group (SEG) model listed under SEG Solar Inc., a different company',
  },
];

/** A brand printed in the models or maker names of a company it does not reach: a candidate for review. */
export interface PrintedElsewhere {
  readonly brand: string;
  readonly company: string;
  readonly products: number;
  readonly example: string;
  /** A reviewed brand entry reaches it, or the review says why it is not the brand, or neither yet. */
  readonly review: 'brand entry' | 'not the brand' | 'not reviewed';
}

/**
 * Every brand people type, printed in a model or maker name of a company the dictionary does not read
 * it as (an "Original Mfg" note aside: those answer below their maker by the related-company rule).
 */
export function printedElsewhere(
  catalog: readonly Product[],
  brands: readonly Brand[],
  dictionary: MakerDictionary,
): PrintedElsewhere[] {
  const out: PrintedElsewhere[] = [];
  for (const b of brands.filter((x) => x.brand.length >= 4)) {
    const read = new Set(dictionary.byKey.get(compactModel(b.brand)) ?? []);
    const printed = printer(b.brand);
    const found = new Map<string, Product[]>();
    for (const p of catalog) {
      const id = p.company?.id;
      if (!id || b.companies.has(id) || read.has(id) || (p.made_by && printed(p.made_by.name))) continue;
      if (printed(p.model) || printed(p.manufacturer)) found.set(id, [...(found.get(id) ?? []), p]);
    }
    for (const [company, products] of found) {
      const entry = BRAND_NAMES.some((e) => e.companies.includes(company) && prints(e.brand, b.brand));
      const rejected = NOT_BRANDS.some((n) => n.company === company && compactModel(n.brand) === compactModel(b.brand));
      out.push({
        brand: b.brand,
        company,
        products: products.length,
        example: `${products[0].manufacturer} ${products[0].model}`,
        review: entry ? 'brand entry' : rejected ? 'not the brand' : 'not reviewed',
      });
    }
  }
  return out;
}

export interface ScanRow {
  readonly from: Brand['from'];
  readonly brands: number;
  /** Read as every company that prints them. */
  readonly whole: number;
  /** Read as some of them. */
  readonly part: number;
  readonly unread: string[];
}

/** How the maker dictionary reads each brand: as all the companies it means, some, or none. */
export function scanBrands(brands: readonly Brand[], dictionary: MakerDictionary): ScanRow[] {
  return (['maker word', 'parenthesis', 'reviewed'] as const).map((from) => {
    const mine = brands.filter((b) => b.from === from);
    const read = mine.map((b) => new Set(dictionary.byKey.get(compactModel(b.brand)) ?? []));
    return {
      from,
      brands: mine.length,
      whole: mine.filter((b, i) => [...b.companies].every((id) => read[i].has(id))).length,
      part: mine.filter((b, i) => read[i].size > 0 && [...b.companies].some((id) => !read[i].has(id))).length,
      unread: mine.filter((_, i) => read[i].size === 0).map((b) => b.brand),
    };
  });
}

/** The "brand names" kind: each brand's category asked ("SPI module"), or a module power ("Astronergy 655W"). */
export function buildBrandSet(catalog: readonly Product[], perKind: number, seed = 20261129): NamedCase[] {
  const rnd = seeded(seed);
  // Every brand but the plain maker words, which the people's sets ask already, and those of them a
  // second company prints too ("Sunergy": China Sunergy, Sunergy California, Vietnam Sunergy).
  const brands = brandsPeopleType(catalog).filter((b) => b.from !== 'maker word' || b.companies.size > 1);
  const reviewed: NamedCase[] = [];
  const others: NamedCase[] = [];
  for (const b of brands) {
    const forms = brandCases(b, catalog, rnd);
    // A reviewed brand is asked in every form, of a company that does not print it (Chint's CHSM modules).
    if (b.from === 'reviewed') reviewed.push(...forms);
    else if (forms.length) others.push(forms[Math.floor(rnd() * forms.length)]);
  }
  const drawn = [...reviewed];
  while (drawn.length < Math.min(perKind, reviewed.length + others.length))
    drawn.push(others.splice(Math.floor(rnd() * others.length), 1)[0]);
  return drawn;
}

/** A brand's queries for one of its products: its category, and for a module its power. */
function brandCases(b: Brand, catalog: readonly Product[], rnd: () => number): NamedCase[] {
  const theirs = catalog.filter((p) => p.company && b.companies.has(p.company.id) && CATEGORY_WORD[p.category]);
  const printed = printer(b.brand);
  const unprinted = theirs.filter((p) => !printed(p.company!.name));
  const pool = b.from === 'reviewed' && unprinted.length ? unprinted : theirs;
  const p = pool[Math.floor(rnd() * pool.length)];
  if (!p) return [];
  // A brand is printed in a company's name, in a reviewed entry, or as the first word of a model
  // ("AE" of Advanced Energy's AE 500TX as much as of AE Solar Energy).
  const own = (x: Product) =>
    x.category === p.category &&
    ((x.company !== undefined && b.companies.has(x.company.id)) || startsWith(x.model, b.brand));
  const forms: NamedCase[] = [{ kind: BRAND_KIND, q: `${b.brand} ${CATEGORY_WORD[p.category]}`, wanted: own }];
  const w = p.specs.stc_power_w;
  if (p.category === 'pv-module' && typeof w === 'number')
    forms.push({
      kind: BRAND_KIND,
      q: `${b.brand} ${Math.round(w)}W`,
      wanted: (x) => own(x) && Math.abs(Number(x.specs.stc_power_w) - Math.round(w)) <= 0.02 * w,
    });
  return forms;
}
