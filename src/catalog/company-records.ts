// Companies as the record keeps them (MongoDB's companies collection, by _id) and as a product's
// index document carries its company. A company is derived: it is resolved at seed time from the
// spellings the sources use (src/company-resolution/), stored beside the products, and joined to each
// product by its manufacturer spelling when the index is built. No product claim and no revision holds it,
// so a better resolution changes the index, never a product's id or history.
import type { CompanyGroup, CompanyRelation, CompanySpelling, ResolvedCompanies, SpellingRule } from './company.types';

export interface CompanyDoc {
  /** Stable slug of the display name's key. */
  readonly _id: string;
  readonly name: string;
  /** Products that carry one of its spellings. */
  readonly products: number;
  readonly spellings: readonly CompanySpelling[];
  readonly related: readonly CompanyRelation[];
  /** Short forms people type ("Jinko", "Qcells"), most useful first. */
  readonly aliases: readonly string[];
  /** The group (parent brand) the reviewed table puts it in, with every member. */
  readonly group?: CompanyGroup;
}

export function companyDocs(resolved: ResolvedCompanies): CompanyDoc[] {
  return resolved.companies.map((c) => ({
    _id: c.id,
    name: c.name,
    products: c.products,
    spellings: c.spellings,
    related: c.related,
    aliases: resolved.aliasesOf(c),
    ...(c.group ? { group: c.group } : {}),
  }));
}

/** A product's company, read from its manufacturer spelling. */
export interface ProductCompany {
  readonly id: string;
  readonly name: string;
  /** How the spelling was tied to the company, and the evidence. */
  readonly rule: SpellingRule;
  readonly evidence: string;
  /** The maker a brand note names ("SunPower Corp (Original Mfg - Fronius Int. GmbH)"), with its company when the lists have it. */
  readonly madeBy?: { readonly name: string; readonly id?: string };
  /** The group (parent brand) of the company. */
  readonly group?: { readonly id: string; readonly name: string };
  /** Lower-cased: the company's id, name, spellings and short forms, its group's id and name, and those of the maker of a branded product. */
  readonly match: readonly string[];
  /** What search finds the company by: its name, short forms and former names, and the maker's. */
  readonly words: readonly string[];
}

/** The company of each spelling the records hold (none for a spelling they do not know). */
export function companyLookup(docs: readonly CompanyDoc[]): (spelling: string) => ProductCompany | undefined {
  const byId = new Map(docs.map((d) => [d._id, d]));
  // A group's id and name select each member, and so the whole group.
  const names = (d: CompanyDoc) => [
    d._id,
    d.name,
    ...d.spellings.map((s) => s.spelling),
    ...d.aliases,
    ...(d.group ? [d.group.id, d.group.name] : []),
  ];
  const bySpelling = new Map<string, ProductCompany>();
  for (const doc of docs) {
    for (const s of doc.spellings) {
      const relation = s.originalMaker
        ? doc.related.find((r) => r.relation === 'made-by' && r.evidence.includes(`- ${s.originalMaker})`))
        : undefined;
      const maker = relation?.company ? byId.get(relation.company) : undefined;
      const words = [
        doc.name,
        ...doc.aliases,
        ...(doc.group ? [doc.group.name] : []),
        ...(maker ? [maker.name, ...maker.aliases] : s.originalMaker ? [s.originalMaker] : []),
      ];
      bySpelling.set(s.spelling, {
        id: doc._id,
        name: doc.name,
        rule: s.rule,
        evidence: s.evidence,
        ...(s.originalMaker
          ? { madeBy: { name: maker?.name ?? s.originalMaker, ...(maker ? { id: maker._id } : {}) } }
          : {}),
        ...(doc.group ? { group: { id: doc.group.id, name: doc.group.name } } : {}),
        // A maker the lists name but no company resolves (an ambiguous short form) still matches as written.
        match: [
          ...new Set(
            [...names(doc), ...(maker ? names(maker) : s.originalMaker ? [s.originalMaker] : [])].map((n) =>
              n.toLowerCase(),
            ),
          ),
        ],
        words: [...new Set(words)],
      });
    }
  }
  return (spelling) => bySpelling.get(spelling);
}
