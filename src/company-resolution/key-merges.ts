// The merging stages of resolving companies (resolve-companies.ts): keys joined by the reviewed
// table's merges and by the renames the editions link, in a union-find whose edges keep the rule and
// evidence of every join. A rename that no rule proves the same company is kept as a relation instead.
import { companyKey } from './company-key';
import type { MissingCheck, SpellingNodes } from './spelling-nodes';
import type { EditionLink, Reviewed } from '../catalog/company.types';

/**
 * Fewest products the edition links between two keys must carry, summed over their spellings, to
 * count as a rename. Each link is one module matched one to one by model string and six ratings, so
 * one or two can be a module sold under two brands, or a product line left in a derived name
 * ("Hanwha Q Cells Q.PEAK DUO", 1 product); five is the smallest range of power classes a maker
 * lists for one model. On the 2019 -> 2024 module lists every pair of different keys carries 14 or
 * more, so the threshold guards against new editions, not these.
 */
export const MIN_LINK_PRODUCTS = 5;

/** Why two keys are one company. */
export interface Edge {
  readonly a: string;
  readonly b: string;
  readonly rule: 'cross-edition' | 'reviewed';
  readonly evidence: string;
}

/** A rename the editions link between two keys that stay apart: it becomes a successor/formerly relation. */
export interface Rename {
  readonly from: string;
  readonly to: string;
  readonly products: number;
  readonly evidence: string;
}

/** Union-find over keys; the edges keep the evidence. */
export class KeyMerges {
  private readonly parent = new Map<string, string>();
  readonly edges: Edge[] = [];

  /** The key that stands for `k`'s company. */
  find(k: string): string {
    let root = k;
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root)!;
    this.parent.set(k, root);
    return root;
  }

  union(edge: Edge): void {
    this.edges.push(edge);
    const [ra, rb] = [this.find(edge.a), this.find(edge.b)];
    if (ra !== rb) this.parent.set(ra, rb);
  }
}

/** Joins the keys of each reviewed merge's spellings. */
export function mergeReviewed(
  merges: KeyMerges,
  nodes: SpellingNodes,
  reviewedMerges: Reviewed['merges'],
  missing: MissingCheck,
): void {
  for (const merge of reviewedMerges) {
    missing('merges', merge.spellings);
    const keys = [
      ...new Set(merge.spellings.map((s) => nodes.get(s)?.key).filter((k): k is string => k !== undefined)),
    ];
    for (const k of keys.slice(1))
      merges.union({
        a: keys[0],
        b: k,
        rule: 'reviewed',
        evidence: `reviewed merge of ${merge.spellings.map((s) => `'${s}'`).join(', ')}: ${merge.why}`,
      });
  }
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

/** What `mergeRenames` reads, and the union-find it joins keys in. */
export interface RenameInput {
  /** The keys joined so far; renames that are one company join here. */
  readonly merges: KeyMerges;
  /** The spellings, each with its key. */
  readonly nodes: SpellingNodes;
  /** The editions' links between spellings. */
  readonly links: readonly EditionLink[];
  /** The reviewed table's decisions on renames. */
  readonly rebrands: Reviewed['rebrands'];
  /** Warns of a reviewed entry naming a spelling no list has. */
  readonly missing: MissingCheck;
}

/**
 * Links summed per pair of keys (a rename shows in every spelling of the old and new name); a pair of
 * at least MIN_LINK_PRODUCTS merges when the reviewed table says it is one company, or when one key is
 * the other with words added ("Silfab" -> "Silfab Solar Inc."). Returns the renames left apart.
 */
export function mergeRenames({ merges, nodes, links, rebrands, missing }: RenameInput): Rename[] {
  const keyOf = (s: string) => nodes.get(s)?.key;
  const decisions = new Map<string, Reviewed['rebrands'][number]>();
  for (const r of rebrands) {
    missing('rebrands', [r.from, r.to]);
    decisions.set(`${keyOf(r.from) ?? companyKey(r.from)}\u0000${keyOf(r.to) ?? companyKey(r.to)}`, r);
  }
  const pairs = new Map<string, { from: string; to: string; products: number; links: EditionLink[] }>();
  for (const l of links) {
    // Every spelling a link names is a node (spellingNodes adds them).
    const [from, to] = [keyOf(l.from)!, keyOf(l.to)!];
    if (from === to) continue;
    const id = `${from}\u0000${to}`;
    const pair = pairs.get(id) ?? { from, to, products: 0, links: [] };
    pair.products += l.products;
    pair.links.push(l);
    pairs.set(id, pair);
  }
  const renames: Rename[] = [];
  for (const [id, pair] of [...pairs].sort((a, b) => b[1].products - a[1].products)) {
    if (pair.products < MIN_LINK_PRODUCTS) continue;
    const seen = pair.links
      .sort((a, b) => b.products - a.products)
      .map((l) => `${l.products} of '${l.from}' -> '${l.to}'`)
      .join(', ');
    const evidence = `${pair.products} products matched across editions by the same model and ratings (${seen})`;
    const decision = decisions.get(id);
    if (decision?.same)
      merges.union({
        a: pair.from,
        b: pair.to,
        rule: 'cross-edition',
        evidence: `${evidence}; reviewed: ${decision.why}`,
      });
    else if (!decision && continues(pair.from, pair.to))
      merges.union({
        a: pair.from,
        b: pair.to,
        rule: 'cross-edition',
        evidence: `${evidence}; '${pair.from}' and '${pair.to}' are one name with words added`,
      });
    else
      renames.push({
        from: pair.from,
        to: pair.to,
        products: pair.products,
        evidence: decision ? `${evidence}; reviewed: ${decision.why}` : evidence,
      });
  }
  return renames;
}

/** For each key of a company, the edges that reached it from the display name's key (breadth first). */
export function tiesFrom(start: string, keys: ReadonlySet<string>, edges: readonly Edge[]): Map<string, Edge[]> {
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
