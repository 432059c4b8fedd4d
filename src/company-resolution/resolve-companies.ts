// Companies behind the manufacturer strings of the lists. The lists spell one maker many ways
// ("Jinko Solar Co. Ltd", "Jinko Solar Co._ Ltd"), rename makers between editions (Canadian Solar
// Inc. to CSI Solar Co. Ltd.), sell another maker's product under a brand ("SunPower Corp (Original
// Mfg - Fronius Int. GmbH)") and, where the manufacturer is cut from a module's name, leave a product
// line in it ("Siliken Canada SLK60P6L"). This is pure: spellings and evidence in, companies out
// (the shapes are the catalog's, catalog/company.types.ts); reading the lists and the reviewed table
// is the caller's business (src/ingest/convert/companies.ts).
//
// A wrong merge is worse than a split: a split leaves two entries a reader can still find, a merge
// hides a company behind another's name. So every merge names the rule and the evidence behind it,
// and a rename that no rule can prove the same company becomes a relation, not a merge.
import { aliasesOf, wordIndex } from './company-aliases';
import { groupCompanies } from './company-groups';
import { companiesByKey, nameCompanies, withReviewedAliases } from './company-naming';
import { makerFinder, relateCompanies } from './company-relations';
import { KeyMerges, mergeRenames, mergeReviewed } from './key-merges';
import { brandKey, cutProductLines, missingFrom, spellingNodes, splitOff } from './spelling-nodes';
import type { Company, EditionLink, ResolvedCompanies, Reviewed, SpellingInput } from '../catalog/company.types';

/** An empty reviewed table. */
export const NO_REVIEWS: Reviewed = {
  merges: [],
  rebrands: [],
  splits: [],
  productLines: [],
  aliases: [],
  notAliases: [],
  groups: [],
};

/**
 * Groups manufacturer spellings into companies.
 *  - normalization: spellings whose brand (parseBrand) has one companyKey, after a product line is
 *    cut from derived ones (stripProductLine; a cut found on one spelling applies to its whole key);
 *  - cross-edition: a link of at least MIN_LINK_PRODUCTS products merges two keys when the reviewed
 *    table says they are one company, or when one key is the other with words added around it
 *    ("Silfab" -> "Silfab Solar Inc."); any other such link becomes a successor/formerly relation;
 *  - reviewed: the table's merges; its splits take spellings out of their key.
 * Then the table's groups put a brand's companies under one name, each keeping its own.
 * Every spelling records the rule and evidence that tie it to the display name.
 */
export function resolveCompanies(
  spellings: Iterable<SpellingInput>,
  links: readonly EditionLink[],
  reviewed: Reviewed = NO_REVIEWS,
): ResolvedCompanies {
  const warnings: string[] = [];
  const nodes = spellingNodes(spellings, links);
  const missing = missingFrom(nodes, warnings);
  cutProductLines(nodes, reviewed.productLines, missing, warnings);
  const splitOf = splitOff(nodes, reviewed.splits, missing);

  const merges = new KeyMerges();
  mergeReviewed(merges, nodes, reviewed.merges, missing);
  const renames = mergeRenames({ merges, nodes, links, rebrands: reviewed.rebrands, missing });

  const named = withReviewedAliases(nameCompanies(nodes, merges, splitOf, warnings), nodes, reviewed.aliases, missing);
  // Reviewed aliases and the words of every name: both are needed to find a brand's maker.
  const words = wordIndex(named);
  const notAliases = new Set(reviewed.notAliases.map((w) => w.toLowerCase()));
  const shortForms = (company: Company) => aliasesOf(company, words, notAliases);
  const related = relateCompanies(named, renames, makerFinder(named, shortForms));
  const companies = groupCompanies({ companies: related, nodes, groups: reviewed.groups, missing, warnings });

  return { companies, aliasesOf: shortForms, companyOf: companyFinder(companies), warnings };
}

/** The company of a spelling: exact, else trimmed, else by its brand's key. */
function companyFinder(companies: readonly Company[]): ResolvedCompanies['companyOf'] {
  const bySpelling = new Map<string, Company>();
  for (const c of companies) for (const s of c.spellings) bySpelling.set(s.spelling, c);
  const byKey = companiesByKey(companies);
  return (spelling) => bySpelling.get(spelling) ?? bySpelling.get(spelling.trim()) ?? byKey.get(brandKey(spelling));
}
