// Companies behind the manufacturer strings of the lists. The lists spell one maker many ways
// ("Jinko Solar Co. Ltd", "Jinko Solar Co._ Ltd"), rename makers between editions (Canadian Solar
// Inc. to CSI Solar Co. Ltd.), sell another maker's product under a brand ("SunPower Corp (Original
// Mfg - Fronius Int. GmbH)") and, where the manufacturer is cut from a module's name, leave a product
// line in it ("Siliken Canada SLK60P6L"). This is the pure model: spellings and evidence in,
// companies out; reading the lists and the reviewed table is the caller's business.
//
// A wrong merge is worse than a split: a split leaves two entries a reader can still find, a merge
// hides a company behind another's name. So every merge names the rule and the evidence behind it,
// and a rename that no rule can prove the same company becomes a relation, not a merge.
import { companyKey, companySlug, withoutLegalForm } from './company-key';
import { parseBrand, stripProductLine, type Brand } from './company-names';
import { aliasesOf, wordIndex } from './company-aliases';
import type {
  Company,
  CompanyRelation,
  CompanySpelling,
  EditionLink,
  ResolvedCompanies,
  Reviewed,
  SpellingInput,
} from './company.types';

export type * from './company.types';

// Resolution: spellings and evidence in, companies out.

/** An empty reviewed table. */
export const NO_REVIEWS: Reviewed = {
  merges: [],
  rebrands: [],
  splits: [],
  productLines: [],
  aliases: [],
  notAliases: [],
};

/**
 * Fewest products the edition links between two keys must carry, summed over their spellings, to
 * count as a rename. Each link is one module matched one to one by model string and six ratings, so
 * one or two can be a module sold under two brands, or a product line left in a derived name
 * ("Hanwha Q Cells Q.PEAK DUO", 1 product); five is the smallest range of power classes a maker
 * lists for one model. On the 2019 -> 2024 module lists every pair of different keys carries 14 or
 * more, so the threshold guards against new editions, not these.
 */
export const MIN_LINK_PRODUCTS = 5;

interface Node {
  spelling: string;
  products: number;
  derived: boolean;
  rawKey: string;
  key: string;
  /** The spelling without brand note or product line: what the company is called. */
  name: string;
  productLine?: string;
  productLineWhy?: string;
  brand: Brand;
}

interface Edge {
  readonly a: string;
  readonly b: string;
  readonly rule: 'cross-edition' | 'reviewed';
  readonly evidence: string;
}

function brandKey(spelling: string): string {
  return companyKey(parseBrand(spelling).brand);
}

/** Whether one key is the other with words added around it (spaces ignored): "silfab" in "silfab solar". */
function continues(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const target = short.replace(/ /g, '');
  const ws = long.split(' ');
  for (let i = 0; i < ws.length; i++)
    for (let j = i + 1; j <= ws.length; j++) if (ws.slice(i, j).join('') === target) return true;
  return false;
}

const capitals = (s: string) => (s.match(/\p{Lu}/gu) ?? []).length;

function byWeight(a: { spelling: string; products: number }, b: { spelling: string; products: number }): number {
  return (
    b.products - a.products ||
    capitals(a.spelling) - capitals(b.spelling) ||
    (a.spelling < b.spelling ? -1 : a.spelling > b.spelling ? 1 : 0)
  );
}

/**
 * Groups manufacturer spellings into companies.
 *  - normalization: spellings whose brand (parseBrand) has one companyKey, after a product line is
 *    cut from derived ones (stripProductLine; a cut found on one spelling applies to its whole key);
 *  - cross-edition: a link of at least MIN_LINK_PRODUCTS products merges two keys when the reviewed
 *    table says they are one company, or when one key is the other with words added around it
 *    ("Silfab" -> "Silfab Solar Inc."); any other such link becomes a successor/formerly relation;
 *  - reviewed: the table's merges; its splits take spellings out of their key.
 * Every spelling records the rule and evidence that tie it to the display name.
 */
export function resolveCompanies(
  spellings: Iterable<SpellingInput>,
  links: readonly EditionLink[],
  reviewed: Reviewed = NO_REVIEWS,
): ResolvedCompanies {
  const warnings: string[] = [];
  const nodes = new Map<string, Node>();
  const add = (spelling: string, products: number, derived: boolean) => {
    const node = nodes.get(spelling);
    if (node) {
      node.products += products;
      node.derived ||= derived;
      return;
    }
    const brand = parseBrand(spelling);
    const rawKey = companyKey(brand.brand);
    nodes.set(spelling, { spelling, products, derived, rawKey, key: rawKey, name: brand.brand, brand });
  };
  for (const s of spellings) add(s.spelling, s.products, s.derived ?? false);
  // A link names spellings an edition used even when no product carries them any more.
  for (const l of links) for (const s of [l.from, l.to]) add(s, 0, false);

  const missing = (what: string, list: readonly string[]) => {
    for (const s of list) if (!nodes.has(s)) warnings.push(`${what} names '${s}', which no product carries`);
  };

  // Product lines: reviewed ones first, then the rules, on derived spellings only.
  const reviewedLines = new Map(reviewed.productLines.map((p) => [p.spelling, p]));
  missing('productLines', [...reviewedLines.keys()]);
  const known = new Set([...nodes.values()].map((n) => n.rawKey));
  const cuts = new Map<string, Node>();
  for (const node of [...nodes.values()].sort(byWeight)) {
    const line = reviewedLines.get(node.spelling);
    if (line && !node.spelling.startsWith(`${line.manufacturer} `)) {
      warnings.push(`productLines: '${node.spelling}' does not start with '${line.manufacturer}'`);
      continue;
    }
    if (line) {
      node.key = companyKey(line.manufacturer);
      node.name = line.manufacturer;
      node.productLine = node.spelling.slice(line.manufacturer.length).trim();
      node.productLineWhy = `reviewed: ${line.why}`;
    } else if (node.derived && !node.brand.originalMaker) {
      const cut = stripProductLine(node.spelling, '', (m) => {
        const k = companyKey(m);
        return k !== node.rawKey && known.has(k);
      });
      if (!cut.productLine) continue;
      node.key = companyKey(cut.manufacturer);
      node.name = cut.manufacturer;
      node.productLine = cut.productLine;
      node.productLineWhy = cut.why;
    } else continue;
    if (!cuts.has(node.rawKey)) cuts.set(node.rawKey, node);
  }
  // "Vikram Solar ELDORA" shows the line that "Vikram Solar Eldora" hides: one key, one cut.
  for (const node of nodes.values()) {
    const cut = cuts.get(node.rawKey);
    if (!cut || node.productLine !== undefined) continue;
    node.key = cut.key;
    node.name = cut.name;
    node.productLine = cut.productLine;
    node.productLineWhy = `as '${cut.spelling}' (${cut.productLineWhy})`;
  }

  // Splits: a spelling taken out of its key gets a key of its own.
  const splitOf = new Map<string, { id: string; why: string }>();
  for (const split of reviewed.splits) {
    missing('splits', split.spellings);
    for (const s of split.spellings) {
      const node = nodes.get(s);
      if (!node) continue;
      node.key = `${node.key}#${split.id}`;
      splitOf.set(node.key, split);
    }
  }

  // Union-find over keys; edges keep the evidence.
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let root = k;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(k, root);
    return root;
  };
  const edges: Edge[] = [];
  const union = (edge: Edge) => {
    edges.push(edge);
    const [ra, rb] = [find(edge.a), find(edge.b)];
    if (ra !== rb) parent.set(ra, rb);
  };
  const keyOf = (s: string) => nodes.get(s)?.key;

  for (const merge of reviewed.merges) {
    missing('merges', merge.spellings);
    const keys = [...new Set(merge.spellings.map(keyOf).filter((k): k is string => k !== undefined))];
    for (const k of keys.slice(1))
      union({
        a: keys[0],
        b: k,
        rule: 'reviewed',
        evidence: `reviewed merge of ${merge.spellings.map((s) => `'${s}'`).join(', ')}: ${merge.why}`,
      });
  }

  const rebrands = new Map<string, Reviewed['rebrands'][number]>();
  for (const r of reviewed.rebrands) {
    missing('rebrands', [r.from, r.to]);
    rebrands.set(`${keyOf(r.from) ?? companyKey(r.from)}\u0000${keyOf(r.to) ?? companyKey(r.to)}`, r);
  }
  // Links summed per pair of keys: a rename shows in every spelling of the old and new name.
  const pairs = new Map<string, { from: string; to: string; products: number; links: EditionLink[] }>();
  for (const l of links) {
    const [from, to] = [keyOf(l.from)!, keyOf(l.to)!];
    if (from === to) continue;
    const id = `${from}\u0000${to}`;
    const pair = pairs.get(id) ?? { from, to, products: 0, links: [] };
    pair.products += l.products;
    pair.links.push(l);
    pairs.set(id, pair);
  }
  const relations: { from: string; to: string; products: number; evidence: string }[] = [];
  for (const [id, pair] of [...pairs].sort((a, b) => b[1].products - a[1].products)) {
    if (pair.products < MIN_LINK_PRODUCTS) continue;
    const seen = pair.links
      .sort((a, b) => b.products - a.products)
      .map((l) => `${l.products} of '${l.from}' -> '${l.to}'`)
      .join(', ');
    const evidence = `${pair.products} products matched across editions by the same model and ratings (${seen})`;
    const decision = rebrands.get(id);
    if (decision?.same)
      union({ a: pair.from, b: pair.to, rule: 'cross-edition', evidence: `${evidence}; reviewed: ${decision.why}` });
    else if (!decision && continues(pair.from, pair.to))
      union({
        a: pair.from,
        b: pair.to,
        rule: 'cross-edition',
        evidence: `${evidence}; '${pair.from}' and '${pair.to}' are one name with words added`,
      });
    else
      relations.push({
        from: pair.from,
        to: pair.to,
        products: pair.products,
        evidence: decision ? `${evidence}; reviewed: ${decision.why}` : evidence,
      });
  }

  // Companies: one per root, named by the heaviest spelling that is neither a brand note nor cut;
  // a company only ever written with one ("Siliken Canada SLK60P6L") is named without it.
  const groups = new Map<string, Node[]>();
  for (const node of nodes.values()) {
    const root = find(node.key);
    const group = groups.get(root);
    if (group) group.push(node);
    else groups.set(root, [node]);
  }
  const companies: Company[] = [];
  const byKey = new Map<string, Company>();
  const idCount = new Map<string, number>();
  const drafts = [...groups.values()].map((group) => {
    group.sort(byWeight);
    const plain = group.filter((n) => !n.brand.originalMaker && n.productLine === undefined);
    const display = (plain.length > 0 ? plain : group)[0];
    return { group, display, products: group.reduce((sum, n) => sum + n.products, 0) };
  });
  drafts.sort((a, b) => b.products - a.products || byWeight(a.display, b.display));
  for (const { group, display, products } of drafts) {
    const split = splitOf.get(display.key);
    let id = split ? split.id : companySlug(display.key);
    const clash = idCount.get(id) ?? 0;
    idCount.set(id, clash + 1);
    if (clash > 0) {
      warnings.push(`id '${id}' is taken: '${display.name}' gets '${id}-${clash + 1}' (add a split with an id)`);
      id = `${id}-${clash + 1}`;
    }
    const tie = tiesFrom(display.key, new Set(group.map((n) => n.key)), edges);
    const company: Company = {
      id,
      name: display.name,
      key: display.key,
      products,
      spellings: group.map((n) => spellingOf(n, display, tie.get(n.key))),
      related: [],
      reviewedAliases: [],
    };
    companies.push(company);
    for (const n of group) byKey.set(n.key, company);
  }

  // Reviewed aliases, then the words of every name: both are needed to find a brand's maker.
  const reviewedAliases = new Map<Company, string[]>();
  for (const entry of reviewed.aliases) {
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
  const named = companies.map((c): Company => ({ ...c, reviewedAliases: reviewedAliases.get(c) ?? [] }));
  const words = wordIndex(named);
  const notAliases = new Set(reviewed.notAliases.map((w) => w.toLowerCase()));
  const aliasIndex = new Map<string, Company[]>();
  for (const c of named)
    for (const alias of aliasesOf(c, words, notAliases)) {
      const list = aliasIndex.get(alias.toLowerCase()) ?? [];
      list.push(c);
      aliasIndex.set(alias.toLowerCase(), list);
    }
  const namedByKey = new Map<string, Company>();
  for (const c of named) for (const s of c.spellings) namedByKey.set(s.key, c);
  // A maker as a brand's note writes it ("Xantrex", "Fronius Int. GmbH"): a company of that key,
  // else the one company with that short form.
  const makerOf = (maker: string): Company | undefined => {
    const exact = namedByKey.get(companyKey(maker));
    if (exact) return exact;
    for (const form of [withoutLegalForm(maker), maker.split(/[^\p{L}\p{N}]+/u)[0] ?? '']) {
      const found = aliasIndex.get(form.toLowerCase());
      if (found?.length === 1) return found[0];
    }
    return undefined;
  };

  // Relations: renames not merged, and brands selling another maker's products.
  const related = new Map<Company, CompanyRelation[]>(named.map((c) => [c, []]));
  for (const r of relations) {
    const [from, to] = [namedByKey.get(r.from)!, namedByKey.get(r.to)!];
    if (from === to) continue;
    related
      .get(from)!
      .push({ relation: 'successor', name: to.name, company: to.id, products: r.products, evidence: r.evidence });
    related
      .get(to)!
      .push({ relation: 'formerly', name: from.name, company: from.id, products: r.products, evidence: r.evidence });
  }
  for (const company of named) {
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
  const final = named.map((c): Company => ({ ...c, related: related.get(c)! }));
  const bySpelling = new Map<string, Company>();
  const finalByKey = new Map<string, Company>();
  for (const c of final)
    for (const s of c.spellings) {
      bySpelling.set(s.spelling, c);
      finalByKey.set(s.key, c);
    }
  return {
    companies: final,
    aliasesOf: (company) => aliasesOf(company, words, notAliases),
    companyOf: (spelling) =>
      bySpelling.get(spelling) ?? bySpelling.get(spelling.trim()) ?? finalByKey.get(brandKey(spelling)),
    warnings,
  };
}

/** For each key of a company, the edge that reached it from the display name's key (breadth first). */
function tiesFrom(start: string, keys: ReadonlySet<string>, edges: readonly Edge[]): Map<string, Edge[]> {
  const path = new Map<string, Edge[]>([[start, []]]);
  const queue = [start];
  while (queue.length > 0) {
    const k = queue.shift()!;
    for (const e of edges) {
      const next = e.a === k ? e.b : e.b === k ? e.a : undefined;
      if (next === undefined || !keys.has(next) || path.has(next)) continue;
      path.set(next, [...path.get(k)!, e]);
      queue.push(next);
    }
  }
  return path;
}

function spellingOf(node: Node, display: Node, path: readonly Edge[] | undefined): CompanySpelling {
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
