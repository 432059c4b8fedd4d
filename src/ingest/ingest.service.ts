// Turns converted source data into products and immutable revisions. A product whose claim snapshot
// is unchanged gets nothing new; a changed one gets a new revision per snapshot it went through since
// the stored one (one per edition that changed it), each listing its changes.
// Without multi-document transactions, the order of writes makes a crashed run resumable: revisions
// first (append-only; re-appending the same snapshot is a no-op), then the products that point at them.
// Batches are planned in order and up to WRITING of them are written at once (the store's work on one
// overlaps the planning and encoding of the next); sequence numbers are reserved one call at a time
// and the changes feed is recorded batch after batch, so its watermark never passes an unwritten seq.
import { createHash } from 'node:crypto';
import { PRODUCT_FORMAT, type ProductDoc, type ProductDraft } from '../catalog/product.types';
import type { ProductState } from '../catalog/watch.types';
import { provenanceOf } from '../catalog/provenance';
import { productSlug } from '../catalog/product-id';
import { snapshotHash, type Change, type Claim } from '../catalog/claim';
import { revisionId, type RevisionDoc } from '../catalog/revision.types';
import { sameClaimValue } from '../catalog/precision';
import { continuedBy } from './ingest.identity';

export interface IngestPorts {
  readonly products: {
    identities(): Promise<
      {
        _id: string;
        key: string;
        snapshot_hash: string;
        listing_hash?: string;
        current_revision: number;
        created_at: Date;
        updated_at: Date;
        format?: number;
      }[]
    >;
    insertMany(products: readonly ProductDoc[]): Promise<void>;
    replaceMany(products: readonly ProductDoc[]): Promise<void>;
  };
  readonly changes: {
    record(
      changes: readonly { _id: number; product_id: string; number: number; created_at: Date; summary: string }[],
      settledUpTo: number,
    ): Promise<void>;
  };
  readonly revisions: {
    get(productId: string, number: number): Promise<RevisionDoc | null>;
    latest(productId: string, from?: number): Promise<RevisionDoc | null>;
    reserveSeq(n: number): Promise<number>;
    append(revisions: readonly RevisionDoc[]): Promise<void>;
  };
}

export interface IngestReport {
  /** Products stored once this run is done (known before plus created). */
  total: number;
  created: number;
  changed: number;
  unchanged: number;
  /** Unchanged products rewritten in the current format or with a new listing (no revision: their claims are the same). */
  reformatted: number;
  revisions: number;
  /** When the record was empty before this run: the state of every product it wrote, which is every product it holds. */
  wroteEveryProduct?: ProductState[];
}

/** Raised by the revision store when a (product, number) is taken by another snapshot. */
export interface RevisionConflict extends Error {
  readonly revisionIds: readonly string[];
}

/**
 * Products per batch, and batches written at once. Measured on FerretDB/SQLite, the full data into
 * the record alone (2026-11-24, a shared 2-core machine): 500 one at a time 1,240/s; 500 three at
 * once 1,444/s; 500 six at once 1,428/s; 1,000 three at once 1,594-1,721/s.
 */
const BATCH = 1000;
const WRITING = 3;

interface Step {
  readonly claims: readonly Claim[];
  readonly hash: string;
}

interface Planned {
  readonly draft: ProductDraft;
  /** Every snapshot the sources give the product, oldest first; the last is the current one. */
  readonly chain: readonly Step[];
  readonly hash: string;
  readonly id: string;
  readonly known: boolean;
  readonly createdAt: Date;
  previous: RevisionDoc | null;
}

/** What a revision records of each source: its file's sha256, and the list it is an edition of. */
export type SourceFiles = Readonly<
  Record<string, { readonly sha256: string; readonly list: string; readonly edition: string }>
>;

/** The drafts of a run: an array, or any iterable that knows its count (generated ones stay out of memory). */
export type Drafts = Iterable<ProductDraft> & { readonly length: number };

export async function ingest(
  drafts: Drafts,
  sourceFiles: SourceFiles,
  ports: IngestPorts,
  onProgress: (done: number, total: number) => void = () => undefined,
  now: Date = new Date(),
  onWritten: (products: readonly ProductDoc[]) => Promise<void> = async () => undefined,
  /** Latest stored revisions already read (by the plan), by product key. */
  read?: ReadonlyMap<string, RevisionDoc>,
): Promise<IngestReport> {
  const stored = new Map((await ports.products.identities()).map((p) => [p.key, p]));
  const taken = new Set([...stored.values()].map((p) => p._id));
  const continued = stored.size > 0 ? continuedBy(stored, drafts) : stored;
  const report: IngestReport = {
    total: stored.size,
    created: 0,
    changed: 0,
    unchanged: 0,
    reformatted: 0,
    revisions: 0,
    ...(stored.size === 0 ? { wroteEveryProduct: [] } : {}),
  };
  // FerretDB's updates are not atomic: two reservations at once could share numbers, so they queue.
  const revisions = {
    reserveSeq: inOrder((n: number) => ports.revisions.reserveSeq(n)),
    append: (docs: readonly RevisionDoc[]) => ports.revisions.append(docs),
    latest: (productId: string, from?: number) => ports.revisions.latest(productId, from),
  };
  const writes = new Set<Promise<void>>();
  let recordedBefore: Promise<unknown> = Promise.resolve();
  const failures: unknown[] = [];
  let done = 0;

  for (const batch of batchesOf(drafts, BATCH)) {
    if (failures.length > 0) break;
    const planned: Planned[] = [];
    const reformatted: ProductDoc[] = [];
    for (const draft of batch) {
      const chain = [...(draft.earlier ?? []), draft.claims].map((claims) => ({ claims, hash: snapshotHash(claims) }));
      const hash = chain[chain.length - 1].hash;
      const known = continued.get(draft.key);
      if (known?.snapshot_hash === hash) {
        report.unchanged += 1;
        if (
          known.format !== PRODUCT_FORMAT ||
          known.listing_hash !== snapshotHash(draft.listing) ||
          known.key !== draft.key
        ) {
          reformatted.push(
            makeProduct(known._id, draft, known.current_revision, hash, known.created_at, known.updated_at),
          );
        }
        continue;
      }
      const previous = known
        ? (read?.get(draft.key) ?? (await ports.revisions.latest(known._id, known.current_revision)))
        : null;
      planned.push({
        draft,
        chain,
        hash,
        id: known?._id ?? allocateId(draft, taken),
        known: Boolean(known),
        createdAt: known?.created_at ?? now,
        previous,
      });
    }
    const appending = appendRevisions(planned, sourceFiles, revisions, now);
    // The feed is recorded batch after batch, and not after a failure, as a sequential run would.
    const previousRecorded = recordedBefore;
    const recorded = (async () => {
      const appended = await appending;
      await previousRecorded;
      if (failures.length > 0) throw failures[0];
      // Revisions an interrupted run wrote before its products: their feed entries may be missing too.
      const resumed = planned.filter((p) => !p.known && p.previous?.snapshot_hash === p.hash).map((p) => p.previous!);
      const changes = [...appended, ...resumed].map((r) => ({
        _id: r.seq,
        product_id: r.product_id,
        number: r.number,
        created_at: r.created_at,
        summary: r.summary,
      }));
      if (changes.length > 0) await ports.changes.record(changes, Math.max(...changes.map((c) => c._id)));
    })();
    recordedBefore = recorded.catch(() => undefined);
    const write = (async () => {
      // Read once awaited: `report.revisions += await ...` would add to a count read before the
      // wait, and lose what batches written meanwhile added.
      const appended = await appending;
      report.revisions += appended.length;
      const products = planned.map((p) => makeProduct(p.id, p.draft, revisionNumber(p), p.hash, p.createdAt, now));
      await Promise.all([
        recorded,
        ports.products.insertMany(products.filter((_, i) => !planned[i].known)),
        ports.products.replaceMany([...products.filter((_, i) => planned[i].known), ...reformatted]),
      ]);
      await onWritten([...products, ...reformatted]);
      report.wroteEveryProduct?.push(
        ...products.map((p) => ({ id: p._id, revision: p.current_revision, listed: p.listing.in_latest_edition })),
      );
      report.reformatted += reformatted.length;
      for (const p of planned) report[p.known ? 'changed' : 'created'] += 1;
      report.total = stored.size + report.created;
      done += batch.length;
      onProgress(done, drafts.length);
    })();
    writes.add(write);
    write.then(
      () => writes.delete(write),
      (reason: unknown) => {
        writes.delete(write);
        failures.push(reason);
      },
    );
    if (writes.size >= WRITING) await Promise.race(writes).catch(() => undefined);
  }
  // The first failure ends the run, once the writes still under way have settled.
  await Promise.allSettled(writes);
  if (failures.length > 0) throw failures[0];
  return report;
}

function* batchesOf<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** `fn`, with each call starting once the one before it has settled. */
function inOrder<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  let last: Promise<unknown> = Promise.resolve();
  return (...args: A) => {
    const next = last.then(
      () => fn(...args),
      () => fn(...args),
    );
    last = next.catch(() => undefined);
    return next;
  };
}

/**
 * The snapshots still to append after the latest stored revision: all of the chain for a product
 * without one, what follows the stored snapshot when the chain has it, else the current snapshot.
 */
function pendingSteps(p: Planned): readonly Step[] {
  if (!p.previous) return p.chain;
  const at = p.chain.findIndex((s) => s.hash === p.previous!.snapshot_hash);
  return at >= 0 ? p.chain.slice(at + 1) : p.chain.slice(-1);
}

function revisionNumber(p: Planned): number {
  return (p.previous?.number ?? 0) + pendingSteps(p).length;
}

/**
 * Appends, for each planned product, a revision per pending snapshot. A conflict means an earlier,
 * interrupted run stored revisions the products do not point at yet: the latest revision is then
 * looked up and what is still pending is numbered after it.
 */
async function appendRevisions(
  planned: Planned[],
  sourceFiles: SourceFiles,
  ports: Pick<IngestPorts['revisions'], 'reserveSeq' | 'append' | 'latest'>,
  now: Date,
): Promise<RevisionDoc[]> {
  const appended: RevisionDoc[] = [];
  let pending = planned;
  for (let attempt = 0; pending.length > 0; attempt++) {
    const fresh = pending.filter((p) => pendingSteps(p).length > 0);
    if (fresh.length === 0) break;
    let seq = await ports.reserveSeq(fresh.reduce((n, p) => n + pendingSteps(p).length, 0));
    const docsOf = new Map<Planned, RevisionDoc[]>();
    for (const p of fresh) {
      let before = p.previous ?? undefined;
      const docs = pendingSteps(p).map((step) => {
        const doc = makeRevision(
          p.id,
          (before?.number ?? 0) + 1,
          seq++,
          step.claims,
          step.hash,
          before,
          sourceFiles,
          now,
        );
        before = doc;
        return doc;
      });
      docsOf.set(p, docs);
    }
    const docs = [...docsOf.values()].flat();
    try {
      await ports.append(docs);
      return [...appended, ...docs];
    } catch (err) {
      const conflicts = (err as RevisionConflict).revisionIds;
      if (!conflicts || attempt >= 2) throw err;
      const ids = new Set(conflicts);
      appended.push(...docs.filter((d) => !ids.has(d._id)));
      const conflicted = fresh.filter((p) => docsOf.get(p)!.some((d) => ids.has(d._id)));
      // A conflicted product's other revisions may have landed: the latest stored one says where it stands.
      for (const p of conflicted) p.previous = await ports.latest(p.id, (p.previous?.number ?? 0) + 1);
      pending = conflicted;
    }
  }
  return appended;
}

/** Readable ids; a clash (an AC module listed as a module and as an inverter) takes the category, then a hash. */
function allocateId(draft: ProductDraft, taken: Set<string>): string {
  const base = productSlug(draft.manufacturer, draft.model, draft.variant);
  const candidates = [
    base,
    `${base}-${draft.category}`,
    `${base}-${createHash('sha256').update(draft.key).digest('hex').slice(0, 8)}`,
  ];
  const id = candidates.find((c) => !taken.has(c)) ?? candidates[2];
  taken.add(id);
  return id;
}

function makeRevision(
  productId: string,
  number: number,
  seq: number,
  claims: readonly Claim[],
  hash: string,
  previous: Pick<RevisionDoc, 'claims'> | undefined,
  sourceFiles: SourceFiles,
  now: Date,
): RevisionDoc {
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

function makeProduct(
  id: string,
  draft: ProductDraft,
  revision: number,
  hash: string,
  createdAt: Date,
  updatedAt: Date,
): ProductDoc {
  return {
    _id: id,
    key: draft.key,
    category: draft.category,
    manufacturer: draft.manufacturer,
    model: draft.model,
    variant: draft.variant,
    aliases: draft.aliases,
    specs: draft.specs,
    provenance: provenanceOf(draft.claims, revision),
    listing: draft.listing,
    listing_hash: snapshotHash(draft.listing),
    current_revision: revision,
    format: PRODUCT_FORMAT,
    snapshot_hash: hash,
    created_at: createdAt,
    updated_at: updatedAt,
  };
}
