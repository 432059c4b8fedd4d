// The first stages of resolving companies (resolve-companies.ts): every manufacturer spelling becomes a
// node grouped by its normalization key; then product lines are cut from derived spellings, and the
// reviewed splits take spellings out of their key. A node is refined in place by each stage, so what
// it is grouped by is always the last stage's word.
import { companyKey } from './company-key';
import { parseBrand, stripProductLine, type Brand } from './company-names';
import type { EditionLink, Reviewed, SpellingInput } from '../catalog/company.types';

export interface SpellingNode {
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

/** Every spelling of the input, by spelling. */
export type SpellingNodes = Map<string, SpellingNode>;

/** Warns of each spelling of `list` that no product carries (`what` names the reviewed entry). */
export type MissingCheck = (what: string, list: readonly string[]) => void;

export function brandKey(spelling: string): string {
  return companyKey(parseBrand(spelling).brand);
}

const capitals = (s: string) => (s.match(/\p{Lu}/gu) ?? []).length;

/** Heaviest first: most products, then fewest capitals, then code-point order. */
export function byWeight(a: { spelling: string; products: number }, b: { spelling: string; products: number }): number {
  return (
    b.products - a.products ||
    capitals(a.spelling) - capitals(b.spelling) ||
    (a.spelling < b.spelling ? -1 : a.spelling > b.spelling ? 1 : 0)
  );
}

/** One node per spelling, keyed by its brand's companyKey; a spelling seen twice adds up. */
export function spellingNodes(spellings: Iterable<SpellingInput>, links: readonly EditionLink[]): SpellingNodes {
  const nodes: SpellingNodes = new Map();
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
  return nodes;
}

export function missingFrom(nodes: SpellingNodes, warnings: string[]): MissingCheck {
  return (what, list) => {
    for (const s of list) if (!nodes.has(s)) warnings.push(`${what} names '${s}', which no product carries`);
  };
}

/**
 * Cuts product lines, on derived spellings only: the reviewed ones first, then the rules; a cut
 * found on one spelling applies to every spelling of its key.
 */
export function cutProductLines(
  nodes: SpellingNodes,
  productLines: Reviewed['productLines'],
  missing: MissingCheck,
  warnings: string[],
): void {
  const reviewedLines = new Map(productLines.map((p) => [p.spelling, p]));
  missing('productLines', [...reviewedLines.keys()]);
  const known = new Set([...nodes.values()].map((n) => n.rawKey));
  const cuts = new Map<string, SpellingNode>();
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
}

/** A reviewed split: the id the split-off company takes, and why. */
export type Split = Reviewed['splits'][number];

/** Takes each reviewed split's spellings out of their key into one of their own; returns the split of each new key. */
export function splitOff(nodes: SpellingNodes, splits: Reviewed['splits'], missing: MissingCheck): Map<string, Split> {
  const splitOf = new Map<string, Split>();
  for (const split of splits) {
    missing('splits', split.spellings);
    for (const s of split.spellings) {
      const node = nodes.get(s);
      if (!node) continue;
      node.key = `${node.key}#${split.id}`;
      splitOf.set(node.key, split);
    }
  }
  return splitOf;
}
