// Short forms people type for a company ("Jinko", "SolarEdge", "Canadian Solar"), for search.
import { companyKey, withoutLegalForm } from './company-key';
import { COMPANY_WORDS } from './company-names';
import type { Company, CompanySpelling } from '../catalog/company.types';

// Places a name may start with before the words that say who ("Zhejiang Trunsun Solar").
const PLACES = new Set(
  'american british china chinese indian japan korea taiwan vietnam malaysian thai bangkok philadelphia toledo california texas hong kong shanghai zhejiang jiangsu ningbo suzhou shenzhen anhui hefei wuxi changzhou guangdong guangzhou beijing xiamen hangzhou jiangxi shandong fujian hebei henan hubei hunan sichuan yunnan ningxia xinjiang chengdu nanjing nantong qingdao tianjin dongguan yangzhou taizhou jiangyin zhangjiagang yixing changshu kunshan dalian zhongshan shaoxing jinhua wenzhou huizhou luoyang xian yantai tangshan xuzhou baoding jinzhou'.split(
    ' ',
  ),
);
// Words that say what a company is, not which: never an alias on their own.
const KINDS = new Set([
  ...COMPANY_WORDS,
  ...'the sun green global advanced general universal national first united world smart star best east west university factory equipment wholesale photonics silicon utilities alternative instalaciones hardware motors value center photovoltaics electrical optoelectronics semiconductor science'.split(
    ' ',
  ),
]);

/** Whether a word names a place a company's name may start with ("Zhejiang", "China"). */
export function isPlace(word: string): boolean {
  return PLACES.has(word.toLowerCase());
}

/** Whether a word says who a company is: neither a place nor a kind of business ("Solar", "General"). */
export function saysWho(word: string): boolean {
  const w = word.toLowerCase();
  return !PLACES.has(w) && !KINDS.has(w);
}

/** A word that can name a company on its own: 3+ characters with a letter, saying who. */
export function isBrandWord(word: string): boolean {
  return word.length >= 3 && /\p{L}/u.test(word) && saysWho(word);
}

/** For each word of any company's keys, the companies whose keys hold it. */
export function wordIndex(companies: readonly Company[]): Map<string, Set<string>> {
  const index = new Map<string, Set<string>>();
  for (const c of companies)
    for (const s of c.spellings)
      for (const w of s.key.replace(/#.*$/, '').split(' ')) {
        const ids = index.get(w) ?? new Set<string>();
        ids.add(c.id);
        index.set(w, ids);
      }
  return index;
}

/**
 * Short forms of a company's name, most useful first: the reviewed aliases; the display name and
 * every other name the company went by, legal form dropped ("Canadian Solar" for CSI Solar); and
 * the first word of the display name after any place ("Jinko", "Trunsun" of Zhejiang Trunsun
 * Solar), when it is 3+ letters, not a kind of business ("Solar", "General"), not one of the
 * reviewed `notAliases` (common words: "Home", "Open"), and in no other company's name.
 */
export function aliasesOf(
  company: Company,
  words: ReadonlyMap<string, ReadonlySet<string>>,
  notAliases: ReadonlySet<string> = new Set(),
): string[] {
  const out: string[] = [...company.reviewedAliases];
  const push = (alias: string) => {
    if (alias && !out.some((a) => a.toLowerCase() === alias.toLowerCase())) out.push(alias);
  };
  const names = new Map<string, CompanySpelling>();
  for (const s of company.spellings) {
    if (s.originalMaker || s.productLine !== undefined) continue;
    if (!names.has(s.key)) names.set(s.key, s);
  }
  push(withoutLegalForm(company.name));
  for (const s of names.values()) push(withoutLegalForm(s.spelling));
  const written = company.name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const first = written.find((w) => !isPlace(w));
  if (first && isBrandWord(first) && !notAliases.has(first.toLowerCase())) {
    const owners = words.get(companyKey(first));
    if (owners && owners.size === 1 && owners.has(company.id)) push(first);
  }
  return out;
}
