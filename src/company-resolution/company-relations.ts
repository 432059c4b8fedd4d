// The last stage of resolving companies (resolve-companies.ts): companies linked without being merged,
// renames the editions link (successor/formerly) and brands selling another maker's products
// (made-by/makes-for), each relation with its evidence.
import { companyKey, withoutLegalForm } from './company-key';
import { companiesByKey } from './company-naming';
import type { Rename } from './key-merges';
import type { Company, CompanyRelation } from '../catalog/company.types';

/** The company a maker names, if the lists have it. */
export type MakerOf = (maker: string) => Company | undefined;

/**
 * A maker as a brand's note writes it ("Xantrex", "Fronius Int. GmbH"): the company of that key, else
 * the one company with that short form (`shortForms`: the reviewed and derived ones).
 */
export function makerFinder(companies: readonly Company[], shortForms: (company: Company) => string[]): MakerOf {
  const aliasIndex = new Map<string, Company[]>();
  for (const c of companies)
    for (const alias of shortForms(c)) {
      const list = aliasIndex.get(alias.toLowerCase()) ?? [];
      list.push(c);
      aliasIndex.set(alias.toLowerCase(), list);
    }
  const byKey = companiesByKey(companies);
  return (maker) => {
    const exact = byKey.get(companyKey(maker));
    if (exact) return exact;
    for (const form of [withoutLegalForm(maker), maker.split(/[^\p{L}\p{N}]+/u)[0] ?? '']) {
      const found = aliasIndex.get(form.toLowerCase());
      if (found?.length === 1) return found[0];
    }
    return undefined;
  };
}

/** Each company with its relations: renames not merged, then the makers its brand notes name. */
export function relateCompanies(
  companies: readonly Company[],
  renames: readonly Rename[],
  makerOf: MakerOf,
): Company[] {
  const byKey = companiesByKey(companies);
  const related = new Map<Company, CompanyRelation[]>(companies.map((c) => [c, []]));
  for (const r of renames) {
    // Both keys of a rename are spellings' keys, so both have a company.
    const [from, to] = [byKey.get(r.from)!, byKey.get(r.to)!];
    if (from === to) continue;
    related
      .get(from)!
      .push({ relation: 'successor', name: to.name, company: to.id, products: r.products, evidence: r.evidence });
    related
      .get(to)!
      .push({ relation: 'formerly', name: from.name, company: from.id, products: r.products, evidence: r.evidence });
  }
  for (const company of companies) {
    const makers = new Map<string, number>();
    for (const s of company.spellings)
      if (s.originalMaker) makers.set(s.originalMaker, (makers.get(s.originalMaker) ?? 0) + s.products);
    for (const [maker, products] of makers) {
      const other = makerOf(maker);
      const evidence = `the lists write '(Original Mfg - ${maker})' after the brand`;
      related.get(company)!.push({
        relation: 'made-by',
        name: other?.name ?? maker,
        ...(other ? { company: other.id } : {}),
        products,
        evidence,
      });
      if (other && other !== company)
        related
          .get(other)!
          .push({ relation: 'makes-for', name: company.name, company: company.id, products, evidence });
    }
  }
  return companies.map((c): Company => ({ ...c, related: related.get(c)! }));
}
