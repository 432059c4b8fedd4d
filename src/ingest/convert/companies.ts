// What companies are resolved from (src/company-resolution/resolve-companies.ts): the manufacturer
// spellings of the drafts with how many products carry each, the renames the edition matching recorded,
// and the reviewed table kept beside the sources (seed/companies/reviewed.json).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveCompanies } from '../../company-resolution/resolve-companies';
import type { EditionLink, ResolvedCompanies, Reviewed, SpellingInput } from '../../catalog/company.types';
import { companyDocs, type CompanyDoc } from '../../catalog/company-records';
import type { ProductDraft } from '../../catalog/product.types';
import type { ListedEdition } from '../../catalog/listing';
import { DEFAULT_SEED_DIR } from './index';

export function loadReviewedCompanies(seedDir = DEFAULT_SEED_DIR): Reviewed {
  return JSON.parse(readFileSync(path.join(seedDir, 'companies', 'reviewed.json'), 'utf8')) as Reviewed;
}

/** Manufacturer spellings of the drafts, and the renames the edition matching recorded. */
export function companyInputs(drafts: readonly ProductDraft[]): { spellings: SpellingInput[]; links: EditionLink[] } {
  const spellings = new Map<string, { spelling: string; products: number; derived: boolean }>();
  const links = new Map<string, EditionLink>();
  for (const d of drafts) {
    const claims = [...d.claims, ...(d.earlier ?? []).flat()].filter((c) => c.field === 'manufacturer');
    const derived = claims.some((c) => c.value === d.manufacturer && c.method === 'derived');
    const s = spellings.get(d.manufacturer) ?? { spelling: d.manufacturer, products: 0, derived: false };
    s.products += 1;
    s.derived ||= derived;
    spellings.set(d.manufacturer, s);
    // A record matched by model and ratings rather than identity: the maker's name changed.
    for (const edition of d.listing.editions) {
      if (edition.match?.method !== 'same-model-and-ratings') continue;
      // The rename is from the name the edition before it wrote (2022's, for a module 2019 and 2022
      // list by one name and 2024 by another), not from the oldest name.
      const before = d.listing.editions
        .filter((e) => e.list === edition.list && e.edition < edition.edition)
        .reduce<ListedEdition | undefined>((last, e) => (!last || e.edition > last.edition ? e : last), undefined);
      const from = claims.find((c) => c.source_id === before?.source_id)?.value;
      const to = claims.find((c) => c.source_id === edition.source_id)?.value;
      if (typeof from !== 'string' || typeof to !== 'string') continue;
      const key = `${from}\u0000${to}`;
      const link = links.get(key);
      links.set(key, { from, to, products: (link?.products ?? 0) + 1 });
    }
  }
  return { spellings: [...spellings.values()], links: [...links.values()] };
}

/** The company records of a conversion, and what resolved them (for the seed's report). */
export function companyRecords(
  drafts: readonly ProductDraft[],
  reviewed = loadReviewedCompanies(),
): { docs: CompanyDoc[]; resolved: ResolvedCompanies } {
  const { spellings, links } = companyInputs(drafts);
  const resolved = resolveCompanies(spellings, links, reviewed);
  return { docs: companyDocs(resolved), resolved };
}
