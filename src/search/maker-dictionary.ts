// The names a query may call a company by, looked up by their letters and digits only ("Q CELLS",
// "Q-Cells" and "qcells" are one key). Built once per index generation from the names the companies
// work gave each company (spellings, short forms, ids), plus one more kind of short form: the first
// words of a name, or of what follows the places it starts with ("Bosch", "ET Solar", "Hanwha",
// "Sunergy" of China Sunergy), that up to twelve companies share. That work
// leaves those out when they name no single company; a query reads them as any of those companies,
// as people mean "Hanwha" for every company of that name.
import { isBrandWord, isPlace, saysWho } from '../company-resolution/company-aliases';
import { compactModel } from '../catalog/search-document';
import { FILLER, PHRASES } from './query-words';
import { AFTER_COMPARATORS, COMPARATORS, RANKINGS, SPEC_WORDS } from './query-comparisons';
import { SERIES } from '../catalog/series';
import type { CompanyNames } from '../catalog/product-query';
import { BRAND_NAMES } from './brand-names';

export interface MakerDictionary {
  /** Company ids by name key. */
  readonly byKey: ReadonlyMap<string, readonly string[]>;
  readonly companies: ReadonlyMap<string, CompanyNames>;
  /** The current members of each group (parent brand), by group id. */
  readonly groups: ReadonlyMap<string, readonly string[]>;
  /** The most words a name has, so a reader knows how far to look ahead. */
  readonly maxWords: number;
  /** The companies a reviewed brand name means (brand-names.ts), by its key: all of them are named by it. */
  readonly brands: ReadonlyMap<string, readonly string[]>;
}

const VOCABULARY = new Set(
  [
    ...Object.keys(PHRASES),
    ...FILLER,
    ...Object.keys(COMPARATORS),
    ...Object.keys(AFTER_COMPARATORS),
    ...Object.keys(SPEC_WORDS),
    ...Object.keys(RANKINGS),
    ...SERIES.flatMap((s) => s.words),
  ].map(compactModel),
);
const SHARED_PREFIX = { maxCompanies: 12 };

/** Whether `key` may name a company: two or more characters, a letter, and no word the vocabulary owns. */
function usable(key: string): boolean {
  return key.length >= 2 && /\p{L}/u.test(key) && !VOCABULARY.has(key);
}

/** Whether the first words of a name may stand for it: one brand word, or several of which one says who. */
function prefixNames(words: readonly string[]): boolean {
  return words.length === 1 ? isBrandWord(words[0]) : words.some(saysWho);
}

export function makerDictionary(companies: readonly CompanyNames[]): MakerDictionary {
  const byKey = new Map<string, Set<string>>();
  const prefixes = new Map<string, Set<string>>();
  let maxWords = 1;
  const add = (map: Map<string, Set<string>>, key: string, id: string) => {
    const ids = map.get(key) ?? new Set<string>();
    ids.add(id);
    map.set(key, ids);
  };
  for (const c of companies) {
    for (const name of c.names) {
      const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
      const key = compactModel(name);
      // A single word that only says what a company is ("Solar", "Shenzhen") names none.
      if (usable(key) && (words.length > 1 || isBrandWord(key) || key.length < 3)) {
        add(byKey, key, c.id);
        maxWords = Math.max(maxWords, words.length);
      }
      // After the places a name starts with, its first words say who too: "Sunergy" of China Sunergy.
      const who = words.findIndex((w) => !isPlace(w));
      for (const from of who > 0 ? [0, who] : [0])
        for (let n = from + 1; n < words.length; n++) {
          const prefix = words.slice(from, n);
          const k = compactModel(prefix.join(''));
          if (usable(k) && prefixNames(prefix)) add(prefixes, k, c.id);
        }
    }
  }
  // The first words of a name are every company whose name starts with them, even where they are
  // also one company's whole name ("Hanwha": Hanwha, Hanwha Q CELLS (Qidong), Hanwha Solar Canada).
  for (const [prefix, ids] of prefixes)
    if (ids.size <= SHARED_PREFIX.maxCompanies) for (const id of ids) add(byKey, prefix, id);
  // A brand's products carry their maker's names ("SunPower Corp (Original Mfg - SMA America)"), so
  // "SMA" reaches SunPower too; the name means the maker, whose filter already takes those products.
  const byId = new Map(companies.map((c) => [c.id, c]));
  const own = (ids: Set<string>) =>
    [...ids].filter((id) => !(byId.get(id)?.madeBy ?? []).some((maker) => maker !== id && ids.has(maker))).sort();
  const groups = new Map<string, string[]>();
  for (const c of companies) if (c.group) groups.set(c.group.id, [...(groups.get(c.group.id) ?? []), c.id]);
  const brands = new Map<string, string[]>();
  for (const b of BRAND_NAMES) {
    const ids = b.companies.filter((id) => byId.has(id));
    const key = compactModel(b.brand);
    if (ids.length === 0 || !usable(key)) continue;
    brands.set(key, ids);
    for (const id of ids) add(byKey, key, id);
  }
  return {
    byKey: new Map([...byKey].map(([k, ids]) => [k, own(ids)])),
    companies: byId,
    groups,
    maxWords: Math.min(maxWords, 6),
    brands,
  };
}

/** The group these companies are, when they are all of one group's current members and no other company. */
export function wholeGroup(
  dictionary: MakerDictionary,
  ids: readonly string[],
): { readonly id: string; readonly name: string } | undefined {
  const group = dictionary.companies.get(ids[0] ?? '')?.group;
  const members = group && dictionary.groups.get(group.id);
  return members && members.length === ids.length && members.every((id) => ids.includes(id)) ? group : undefined;
}

/** The category most of these companies' products are in, when at least 80% are. */
export function mainCategory(dictionary: MakerDictionary, ids: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  let total = 0;
  for (const id of ids)
    for (const [category, n] of Object.entries(dictionary.companies.get(id)?.categories ?? {})) {
      counts.set(category, (counts.get(category) ?? 0) + n);
      total += n;
    }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] >= 0.8 * total ? best[0] : undefined;
}
