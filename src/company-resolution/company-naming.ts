// The naming stages of resolving companies (resolve-companies.ts): one company per merged group of
// keys, named by its heaviest spelling that is neither a brand note nor cut, every spelling with the
// rule and evidence that tie it to that name; then the reviewed table's short forms.
import { companySlug } from './company-key';
import { tiesFrom, type Edge, type KeyMerges } from './key-merges';
import { byWeight, type MissingCheck, type Split, type SpellingNode, type SpellingNodes } from './spelling-nodes';
import type { Company, CompanySpelling, Reviewed } from '../catalog/company.types';

/**
 * Companies, largest first: one per root of the merges, named by the heaviest plain spelling; a
 * company only ever written with a brand note or product line ("Siliken Canada SLK60P6L") is named
 * without it. An id two companies would share gets a number, and a warning.
 */
export function nameCompanies(
  nodes: SpellingNodes,
  merges: KeyMerges,
  splitOf: ReadonlyMap<string, Split>,
  warnings: string[],
): Company[] {
  const groups = new Map<string, SpellingNode[]>();
  for (const node of nodes.values()) {
    const root = merges.find(node.key);
    const group = groups.get(root);
    if (group) group.push(node);
    else groups.set(root, [node]);
  }
  const drafts = [...groups.values()].map((group) => {
    group.sort(byWeight);
    const plain = group.filter((n) => !n.brand.originalMaker && n.productLine === undefined);
    const display = (plain.length > 0 ? plain : group)[0];
    return { group, display, products: group.reduce((sum, n) => sum + n.products, 0) };
  });
  drafts.sort((a, b) => b.products - a.products || byWeight(a.display, b.display));
  const companies: Company[] = [];
  const idCount = new Map<string, number>();
  for (const { group, display, products } of drafts) {
    const split = splitOf.get(display.key);
    let id = split ? split.id : companySlug(display.key);
    const clash = idCount.get(id) ?? 0;
    idCount.set(id, clash + 1);
    if (clash > 0) {
      warnings.push(`id '${id}' is taken: '${display.name}' gets '${id}-${clash + 1}' (add a split with an id)`);
      id = `${id}-${clash + 1}`;
    }
    const tie = tiesFrom(display.key, new Set(group.map((n) => n.key)), merges.edges);
    companies.push({
      id,
      name: display.name,
      key: display.key,
      products,
      spellings: group.map((n) => spellingOf(n, display, tie.get(n.key))),
      related: [],
      reviewedAliases: [],
    });
  }
  return companies;
}

function spellingOf(node: SpellingNode, display: SpellingNode, path: readonly Edge[] | undefined): CompanySpelling {
  const notes: string[] = [];
  if (node.brand.originalMaker)
    notes.push(`brand '${node.brand.brand}' of a product made by '${node.brand.originalMaker}'`);
  if (node.productLine !== undefined) notes.push(`product line '${node.productLine}' cut: ${node.productLineWhy}`);
  const extra = {
    key: node.key,
    ...(node.productLine !== undefined ? { productLine: node.productLine } : {}),
    ...(node.brand.originalMaker ? { originalMaker: node.brand.originalMaker } : {}),
  };
  const base = { spelling: node.spelling, products: node.products, ...extra };
  if (node === display)
    return {
      ...base,
      rule: 'identity',
      evidence: ['the display name: the spelling carrying most products', ...notes].join('; '),
    };
  if (!path || path.length === 0)
    return {
      ...base,
      rule: 'normalization',
      evidence: [`companyKey '${node.key}' as the display name's`, ...notes].join('; '),
    };
  const last = path[path.length - 1];
  const chain =
    path.length > 1
      ? ` (via ${path
          .slice(0, -1)
          .map((e) => `${e.a} ~ ${e.b}`)
          .join(', ')})`
      : '';
  return { ...base, rule: last.rule, evidence: [`${last.evidence}${chain}`, ...notes].join('; ') };
}

/** Each company with the reviewed table's short forms for any of its spellings. */
export function withReviewedAliases(
  companies: readonly Company[],
  nodes: SpellingNodes,
  aliases: Reviewed['aliases'],
  missing: MissingCheck,
): Company[] {
  const byKey = companiesByKey(companies);
  const reviewedAliases = new Map<Company, string[]>();
  for (const entry of aliases) {
    missing('aliases', entry.spellings);
    for (const s of entry.spellings) {
      const node = nodes.get(s);
      const company = node && byKey.get(node.key);
      if (!company) continue;
      const list = reviewedAliases.get(company) ?? [];
      if (!list.includes(entry.alias)) list.push(entry.alias);
      reviewedAliases.set(company, list);
    }
  }
  return companies.map((c): Company => ({ ...c, reviewedAliases: reviewedAliases.get(c) ?? [] }));
}

/** The company of each key its spellings are grouped by. */
export function companiesByKey(companies: readonly Company[]): Map<string, Company> {
  const byKey = new Map<string, Company>();
  for (const c of companies) for (const s of c.spellings) byKey.set(s.key, c);
  return byKey;
}
