// A revision as a run makes it: the snapshot of claims it records, what changed against the one
// before (per field and list, numbers equal within printed precision being no change), the editions
// that brought it, and the source files it cites.
import { snapshotHash, type Change, type Claim } from '../catalog/claim';
import { revisionId, type RevisionDoc } from '../catalog/revision.types';
import { sameClaimValue } from '../catalog/precision';

/** One snapshot of a product's claims, with its hash. */
export interface Step {
  readonly claims: readonly Claim[];
  readonly hash: string;
}

/** Every snapshot the sources give a draft, oldest first (one per edition that changed it); the last is current. */
export function chainOf(draft: {
  readonly earlier?: readonly (readonly Claim[])[];
  readonly claims: readonly Claim[];
}): Step[] {
  return [...(draft.earlier ?? []), draft.claims].map((claims) => ({ claims, hash: snapshotHash(claims) }));
}

/** What a revision records of each source: its file's sha256, and the list it is an edition of. */
export type SourceFiles = Readonly<
  Record<string, { readonly sha256: string; readonly list: string; readonly edition: string }>
>;

/** A revision to make: whose, its number and place in the feed, its snapshot, what came before, and when. */
export interface RevisionInput {
  readonly productId: string;
  readonly number: number;
  /** Its place in the changes feed. */
  readonly seq: number;
  /** The snapshot it records, with its hash. */
  readonly step: Step;
  /** The revision before it, whose claims it is compared with; none for the first. */
  readonly previous: Pick<RevisionDoc, 'claims'> | undefined;
  readonly sourceFiles: SourceFiles;
  readonly now: Date;
}

export function makeRevision({ productId, number, seq, step, previous, sourceFiles, now }: RevisionInput): RevisionDoc {
  const { claims, hash } = step;
  const changes = previous ? diffClaims(previous.claims, claims, (id) => sourceFiles[id]?.list ?? id) : [];
  const used = new Set(claims.map((c) => c.source_id));
  // Which editions brought what the revision says: those of the changed values, else all of its sources.
  const cited = changes.length > 0 ? new Set(changes.map((c) => c.source_id)) : used;
  const editions = [...cited]
    .flatMap((id) => (sourceFiles[id] ? [`${sourceFiles[id].list} edition ${sourceFiles[id].edition}`] : []))
    .join(', ');
  const said = previous
    ? changes.length > 0
      ? `${changes.length} value${changes.length === 1 ? '' : 's'} changed: ${[...new Set(changes.map((c) => c.field))].join(', ')}`
      : 'Same values; their location in the sources changed'
    : 'First seen in the sources';
  const summary = editions ? `${said} (${editions})` : said;
  const files = Object.fromEntries(
    Object.entries(sourceFiles)
      .filter(([id]) => used.has(id))
      .map(([id, f]) => [id, f.sha256]),
  );
  return {
    _id: revisionId(productId, number),
    product_id: productId,
    number,
    seq,
    created_at: now,
    snapshot_hash: hash,
    claims,
    changes,
    summary,
    source_files: files,
  };
}

/**
 * Value changes per (field, list): the value each list gives for each field, before and after, the
 * editions of one list being one voice; numbers equal within printed precision are no change.
 */
export function diffClaims(
  before: readonly Claim[],
  after: readonly Claim[],
  listOf: (sourceId: string) => string = (id) => id,
): Change[] {
  const index = (claims: readonly Claim[]) => {
    const m = new Map<string, Claim>();
    for (const c of claims) {
      const k = `${c.field}\u0000${listOf(c.source_id)}`;
      if (!m.has(k)) m.set(k, c);
    }
    return m;
  };
  const a = index(before);
  const b = index(after);
  const changes: Change[] = [];
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const from = a.get(k);
    const to = b.get(k);
    if (sameClaimValue(from, to)) continue;
    const { field, source_id } = (to ?? from)!;
    changes.push({ field, source_id, ...(from ? { from: from.value } : {}), ...(to ? { to: to.value } : {}) });
  }
  return changes;
}
