// The reviewed groups (resolve-companies.ts, last stage): a brand's companies a buyer means as one
// ("Qcells": the Qidong factory, the American arm, Q-Cells). A group is no merge: each member keeps
// its name, spellings and evidence, and the group only adds a name that selects them all. Members are
// named by spellings, as the reviewed aliases are, so a better resolution cannot make an entry point
// at another company.
import { companyKey, companySlug } from './company-key';
import { companiesByKey } from './company-naming';
import type { MissingCheck, SpellingNodes } from './spelling-nodes';
import type { Company, CompanyGroup, Reviewed } from '../catalog/company.types';

/** A group's id: its name's slug with `-group`, so it is never a company's id ("sonali-energees" is one). */
export function groupId(name: string): string {
  return `${companySlug(companyKey(name))}-group`;
}

/** What grouping reads: the companies so far, the spellings' nodes and the reviewed groups. */
export interface GroupingInput {
  /** The companies resolved and related so far. */
  readonly companies: readonly Company[];
  /** The spellings, each with its key. */
  readonly nodes: SpellingNodes;
  /** The reviewed table's groups. */
  readonly groups: Reviewed['groups'];
  /** Warns of a reviewed entry naming a spelling no list has. */
  readonly missing: MissingCheck;
  /** Where a group left out is told. */
  readonly warnings: string[];
}

/**
 * Each company with the group its spellings are named in. A group must reach two companies, and a
 * company is in one group at most: an entry that breaks either is left out, with a warning.
 */
export function groupCompanies({ companies, nodes, groups, missing, warnings }: GroupingInput): Company[] {
  const byKey = companiesByKey(companies);
  const ids = new Set(companies.map((c) => c.id));
  const groupOf = new Map<Company, CompanyGroup>();
  for (const entry of groups) {
    missing('groups', entry.members);
    const id = groupId(entry.name);
    const members = [...new Set(entry.members.flatMap((s) => byKey.get(nodes.get(s)?.key ?? '\u0000') ?? []))].sort(
      (a, b) => b.products - a.products || a.id.localeCompare(b.id),
    );
    const taken = members.filter((c) => groupOf.has(c));
    if (members.length < 2 || taken.length > 0 || ids.has(id)) {
      warnings.push(
        `group '${entry.name}' left out: ${
          ids.has(id)
            ? `its id '${id}' is a company's`
            : taken.length
              ? `${taken.map((c) => c.name).join(', ')} already in '${groupOf.get(taken[0])!.name}'`
              : 'its members are fewer than two companies'
        }`,
      );
      continue;
    }
    const group: CompanyGroup = {
      id,
      name: entry.name,
      evidence: entry.why,
      members: members.map((c) => ({ id: c.id, name: c.name, products: c.products })),
    };
    for (const c of members) groupOf.set(c, group);
  }
  return companies.map((c): Company => {
    const group = groupOf.get(c);
    return group ? { ...c, group } : c;
  });
}
