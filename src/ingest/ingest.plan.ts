// What a run would change, computed before anything is written: products new, changed (each field
// from -> to, and how many products changed each field), newly delisted, unchanged, and the stored
// products the sources no longer carry (kept: a run never deletes). A dry run prints it and stops;
// a real run prints the same plan and then writes it.
import { snapshotHash, type Change, type ClaimValue } from '../catalog/claim';
import type { ProductDraft } from '../catalog/product.types';
import type { RevisionDoc } from '../catalog/revision.types';
import { diffClaims, type IngestPorts } from './ingest.service';
import { continuedBy } from './ingest.identity';

export interface PlannedProduct {
  readonly key: string;
  /** Absent for a new product: its id is allocated when it is written. */
  readonly id?: string;
  readonly category: string;
  readonly manufacturer: string;
  readonly model: string;
}

export interface PlannedChange extends PlannedProduct {
  readonly id: string;
  /** The value each field moves from and to, per list, against the stored current revision. */
  readonly changes: readonly Change[];
}

export interface Plan {
  readonly new: readonly PlannedProduct[];
  readonly changed: readonly PlannedChange[];
  /** Listed by the sources, but no longer in the newest edition of their list (and were before). */
  readonly delisted: readonly (PlannedProduct & { readonly last_edition: string })[];
  readonly unchanged: number;
  /** Stored products the sources do not carry at all; kept as they are. */
  readonly absent: number;
  /** Per field, how many changed products change it. */
  readonly fieldCounts: Readonly<Record<string, number>>;
  /** The latest stored revision of each changed product, by key (the write reuses them). */
  readonly previous: ReadonlyMap<string, RevisionDoc>;
}

/** Stored revisions read at once while planning (one findOne each on FerretDB). */
const READING = 8;

export async function planChanges(
  drafts: readonly ProductDraft[],
  listOf: (sourceId: string) => string,
  ports: Pick<IngestPorts, 'products' | 'revisions'>,
): Promise<Plan> {
  const stored = new Map((await ports.products.identities()).map((p) => [p.key, p]));
  const continued = continuedBy(stored, drafts);
  const fresh: PlannedProduct[] = [];
  const delisted: (PlannedProduct & { last_edition: string })[] = [];
  const toCompare: { draft: ProductDraft; id: string; current: number }[] = [];
  let unchanged = 0;
  for (const draft of drafts) {
    const known = continued.get(draft.key);
    if (!known) {
      fresh.push(describe(draft));
      continue;
    }
    const hash = snapshotHash(draft.claims);
    if (known.snapshot_hash === hash) unchanged += 1;
    else toCompare.push({ draft, id: known._id, current: known.current_revision });
    if (!draft.listing.in_latest_edition && known.listing_hash !== snapshotHash(draft.listing))
      delisted.push({ ...describe(draft), id: known._id, last_edition: draft.listing.last_edition });
  }
  const listed = new Set([...continued.values()].map((p) => p.key));
  const previous = new Map<string, RevisionDoc>();
  const changed: PlannedChange[] = [];
  for (let i = 0; i < toCompare.length; i += READING) {
    const slice = toCompare.slice(i, i + READING);
    const revisions = await Promise.all(slice.map((c) => ports.revisions.latest(c.id, c.current)));
    slice.forEach(({ draft, id }, j) => {
      const before = revisions[j];
      if (before) previous.set(draft.key, before);
      changed.push({ ...describe(draft), id, changes: diffClaims(before?.claims ?? [], draft.claims, listOf) });
    });
  }
  const fieldCounts: Record<string, number> = Object.create(null);
  for (const c of changed)
    for (const field of new Set(c.changes.map((x) => x.field))) fieldCounts[field] = (fieldCounts[field] ?? 0) + 1;
  return {
    new: fresh,
    changed,
    delisted,
    unchanged,
    absent: [...stored.keys()].filter((k) => !listed.has(k)).length,
    fieldCounts,
    previous,
  };
}

function describe(d: ProductDraft): PlannedProduct {
  return { key: d.key, category: d.category, manufacturer: d.manufacturer, model: d.model };
}

/** A value as the plan prints it. */
export function shown(value: ClaimValue | undefined): string {
  if (value === undefined) return '(none)';
  return Array.isArray(value) ? `[${value.join(', ')}]` : String(value);
}
