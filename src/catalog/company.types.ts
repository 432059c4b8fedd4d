// The shapes of the company model: spellings and evidence in, companies out (resolved by
// src/company-resolution/resolve-companies.ts).

/** How a spelling was tied to its company's display name. */
export type SpellingRule = 'identity' | 'normalization' | 'cross-edition' | 'reviewed';

/** A manufacturer string as the catalog holds it, with the products that carry it. */
export interface SpellingInput {
  readonly spelling: string;
  readonly products: number;
  /** Where the spelling was read; the rules do not use it. */
  readonly source?: string;
  /** Cut from a product name rather than read from a Manufacturer column: may hold a product line. */
  readonly derived?: boolean;
}

/** Products a later edition lists under `to` that an earlier edition listed under `from` (same model and ratings). */
export interface EditionLink {
  readonly from: string;
  readonly to: string;
  readonly products: number;
}

/** The reviewed table (seed/companies/reviewed.json): what no rule can decide, each with a why. */
export interface Reviewed {
  /** Spellings of one company that no rule ties. */
  readonly merges: readonly { readonly spellings: readonly string[]; readonly why: string }[];
  /** Decisions on renames the editions link: `same` merges the two, otherwise they stay related companies. */
  readonly rebrands: readonly {
    readonly from: string;
    readonly to: string;
    readonly same: boolean;
    readonly why: string;
  }[];
  /** Spellings that normalize alike but are another company; `id` names the split-off company. */
  readonly splits: readonly { readonly spellings: readonly string[]; readonly id: string; readonly why: string }[];
  /** Derived manufacturers whose product line no rule finds. */
  readonly productLines: readonly {
    readonly spelling: string;
    readonly manufacturer: string;
    readonly why: string;
  }[];
  /** Short names people type, for the company of any of `spellings`. */
  readonly aliases: readonly { readonly alias: string; readonly spellings: readonly string[] }[];
  /** Common words that are the first word of a name but no short form of it ("Home" of Home Director). */
  readonly notAliases: readonly string[];
  /** A brand's companies a buyer means as one (regional arms, factories), named by any of their spellings. */
  readonly groups: readonly { readonly name: string; readonly members: readonly string[]; readonly why: string }[];
}

export interface CompanySpelling {
  readonly spelling: string;
  readonly products: number;
  readonly rule: SpellingRule;
  readonly evidence: string;
  /** The key the spelling was grouped by: companyKey of its brand, product line cut. */
  readonly key: string;
  readonly productLine?: string;
  readonly originalMaker?: string;
}

/** A company this one is linked to without being merged. */
export interface CompanyRelation {
  /** `successor`: a later edition lists this company's products under the other; `formerly`: the reverse;
   * `made-by`: this brand sells the other's products; `makes-for`: the reverse. */
  readonly relation: 'successor' | 'formerly' | 'made-by' | 'makes-for';
  /** The other company's display name, or the maker as written when no company of the lists has that name. */
  readonly name: string;
  readonly company?: string;
  readonly products: number;
  readonly evidence: string;
}

/** The group (parent brand) a company belongs to, from the reviewed table: each member keeps its own name. */
export interface CompanyGroup {
  /** `<slug of the name>-group`, never a company's id, so `manufacturer=<id>` says which is meant. */
  readonly id: string;
  readonly name: string;
  /** The reviewed table's why. */
  readonly evidence: string;
  /** Every member, this company included, largest first. */
  readonly members: readonly { readonly id: string; readonly name: string; readonly products: number }[];
}

export interface Company {
  /** Stable slug of the display name's key. */
  readonly id: string;
  /** The spelling carrying most products (ties: fewest capitals, then code-point order), without a
   * brand note or product line when the company has no spelling free of them. */
  readonly name: string;
  readonly key: string;
  readonly products: number;
  readonly spellings: readonly CompanySpelling[];
  readonly related: readonly CompanyRelation[];
  /** Short forms from the reviewed table; see aliasesOf for the derived ones. */
  readonly reviewedAliases: readonly string[];
  readonly group?: CompanyGroup;
}

export interface ResolvedCompanies {
  /** Largest first. */
  readonly companies: readonly Company[];
  /** The company of a spelling: exact, else by its brand's key when exactly one company has it. */
  companyOf(spelling: string): Company | undefined;
  /** Short forms people type for a company, most useful first (see aliasesOf below). */
  aliasesOf(company: Company): string[];
  /** Reviewed entries naming spellings the input lacks, and id clashes. */
  readonly warnings: readonly string[];
}
