// The writer of a run's plan (ingest.plan.ts): batch after batch, each planned product's revisions
// (one per snapshot it went through since the stored one, each listing its changes), their entries in
// the changes feed, then the products that point at them; unchanged products only rewritten when the
// plan says so. Without multi-document transactions, the order of writes makes a crashed run
// resumable: revisions first (append-only; re-appending the same snapshot is a no-op), then the
// products. Up to WRITING batches are written at once (the store's work on one overlaps the planning
// and encoding of the next); sequence numbers are reserved one call at a time and the changes feed is
// recorded batch after batch, so its watermark never passes an unwritten seq.
import { PRODUCT_FORMAT, type ProductDoc, type ProductDraft } from '../catalog/product.types';
import type { ListedProduct } from '../catalog/watch.types';
import { provenanceOf } from '../catalog/provenance';
import { snapshotHash } from '../catalog/claim';
import type { RevisionDoc } from '../catalog/revision.types';
import type { IngestPorts, RevisionConflict } from './ingest.ports';
import type { ChangedItem, NewItem, PlanItem, UnchangedItem } from './ingest.plan';
import { makeRevision, type SourceFiles, type Step } from './ingest.revision';

export interface IngestReport {
  /** Products stored once this run is done (known before plus created). */
  total: number;
  created: number;
  changed: number;
  unchanged: number;
  /** Unchanged products rewritten in the current format or with a new listing (no revision: their claims are the same). */
  reformatted: number;
  revisions: number;
  /**
   * When the run's batches held every product of the record (none stored was left out of them): each
   * one's revision and listing as the run left it, for the announcement to compare without reading
   * them all back.
   */
  everyProduct?: ListedProduct[];
}

/**
 * Batches written at once. Measured on FerretDB/SQLite, the full data into the record alone
 * (2026-11-24, a shared 2-core machine; batches of ingest.plan.ts BATCH): 500 one at a time 1,240/s;
 * 500 three at once 1,444/s; 500 six at once 1,428/s; 1,000 three at once 1,594-1,721/s.
 */
const WRITING = 3;

type Written = NewItem | ChangedItem;

/** One run of the writer: the plan's batches and what was stored before, the sources, the run's time, and who is told. */
export interface IngestRun {
  /** The plan's items in batches (planned already, or planned as the writer asks for them). */
  readonly batches: Iterable<readonly PlanItem[]> | AsyncIterable<readonly PlanItem[]>;
  /** Products stored before the run. */
  readonly stored: number;
  /** Whether the batches hold every product the record holds: no stored product is absent from them. */
  readonly holdsEveryProduct?: boolean;
  /** Items in all the batches, for progress. */
  readonly total: number;
  /** The sources the items' claims cite, as revisions record them. */
  readonly sourceFiles: SourceFiles;
  /** The time the run's revisions and products are stamped with (now unless given). */
  readonly now?: Date;
  /** Told the products written so far after each batch. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Given each batch's products once they are written (a first seed indexes them as they come). */
  readonly onWritten?: (products: readonly ProductDoc[]) => Promise<void>;
}

/** A run under way: what it was given, and what it has done so far. */
interface Running extends Required<Omit<IngestRun, 'batches' | 'holdsEveryProduct'>> {
  readonly ports: IngestPorts;
  readonly report: IngestReport;
  readonly revisions: Pick<IngestPorts['revisions'], 'reserveSeq' | 'append' | 'latest'>;
  /** Failed batches' reasons: the first ends the run. */
  readonly failures: unknown[];
  /** The feed recorded up to the last batch started (settled, never rejected). */
  recordedBefore: Promise<unknown>;
  /** Items written. */
  done: number;
}

/**
 * The run as a story: batch after batch of the plan written, up to WRITING batches at once; the first
 * failure ends the run once the writes under way have settled.
 */
export async function ingest(run: IngestRun, ports: IngestPorts): Promise<IngestReport> {
  const running = startRun(run, ports);
  const writes = new Set<Promise<void>>();
  for await (const batch of run.batches) {
    if (running.failures.length > 0) break;
    const write = writeBatch(batch, running);
    writes.add(write);
    write.then(
      () => writes.delete(write),
      (reason: unknown) => {
        writes.delete(write);
        running.failures.push(reason);
      },
    );
    if (writes.size >= WRITING) await Promise.race(writes).catch(() => undefined);
  }
  await Promise.allSettled(writes);
  if (running.failures.length > 0) throw running.failures[0];
  return running.report;
}

function startRun(run: IngestRun, ports: IngestPorts): Running {
  const report: IngestReport = {
    total: run.stored,
    created: 0,
    changed: 0,
    unchanged: 0,
    reformatted: 0,
    revisions: 0,
    ...(run.holdsEveryProduct ? { everyProduct: [] } : {}),
  };
  // FerretDB's updates are not atomic: two reservations at once could share numbers, so they queue.
  const revisions = {
    reserveSeq: inOrder((n: number) => ports.revisions.reserveSeq(n)),
    append: (docs: readonly RevisionDoc[]) => ports.revisions.append(docs),
    latest: (productId: string, from?: number) => ports.revisions.latest(productId, from),
  };
  return {
    stored: run.stored,
    total: run.total,
    sourceFiles: run.sourceFiles,
    now: run.now ?? new Date(),
    onProgress: run.onProgress ?? (() => undefined),
    onWritten: run.onWritten ?? (async () => undefined),
    ports,
    report,
    revisions,
    failures: [],
    recordedBefore: Promise.resolve(),
    done: 0,
  };
}

/** A batch of the plan written: its revisions appended, their feed entries recorded in order, then its products. */
function writeBatch(batch: readonly PlanItem[], r: Running): Promise<void> {
  const written = batch.filter((i): i is Written => i.kind !== 'unchanged');
  const appending = appendRevisions(written, r);
  const recorded = recordFeed(written, appending, r);
  r.recordedBefore = recorded.catch(() => undefined);
  return storeProducts(batch, { appending, recorded }, r);
}

/** The batch's feed entries, recorded once the batch before has recorded its own, and not after a failure, as a sequential run would. */
async function recordFeed(written: readonly Written[], appending: Promise<RevisionDoc[]>, r: Running): Promise<void> {
  const previousRecorded = r.recordedBefore;
  const appended = await appending;
  await previousRecorded;
  if (r.failures.length > 0) throw r.failures[0];
  // Revisions an interrupted run wrote before its products: their feed entries may be missing too.
  const resumed = written
    .filter((p) => p.kind === 'new' && p.previous?.snapshot_hash === currentHash(p))
    .map((p) => p.previous!);
  const changes = [...appended, ...resumed].map((rev) => ({
    _id: rev.seq,
    product_id: rev.product_id,
    number: rev.number,
    created_at: rev.created_at,
    summary: rev.summary,
  }));
  if (changes.length > 0) await r.ports.changes.record(changes, Math.max(...changes.map((c) => c._id)));
}

/** The batch's products, inserted or replaced beside its feed, then handed on and counted. */
async function storeProducts(
  batch: readonly PlanItem[],
  { appending, recorded }: { appending: Promise<RevisionDoc[]>; recorded: Promise<void> },
  r: Running,
): Promise<void> {
  // Read once awaited: `report.revisions += await ...` would add to a count read before the
  // wait, and lose what batches written meanwhile added.
  const appended = await appending;
  const report = r.report;
  report.revisions += appended.length;
  const created = batch.filter((i): i is NewItem => i.kind === 'new').map((i) => productOf(i, r.now));
  const changed = batch.filter((i): i is ChangedItem => i.kind === 'changed').map((i) => productOf(i, r.now));
  const rewritten = batch.filter((i): i is UnchangedItem => i.kind === 'unchanged' && i.rewrite).map(rewrittenOf);
  await Promise.all([
    recorded,
    r.ports.products.insertMany(created),
    r.ports.products.replaceMany([...changed, ...rewritten]),
  ]);
  await r.onWritten([...created, ...changed, ...rewritten]);
  report.everyProduct?.push(...[...created, ...changed, ...rewritten].map(listed), ...batch.flatMap(keptAsStored));
  report.reformatted += rewritten.length;
  report.created += created.length;
  report.changed += changed.length;
  report.unchanged += batch.length - created.length - changed.length;
  report.total = r.stored + report.created;
  r.done += batch.length;
  r.onProgress(r.done, r.total);
}

const currentHash = (p: Written) => p.chain[p.chain.length - 1].hash;

const listed = (p: ProductDoc): ListedProduct => ({
  _id: p._id,
  current_revision: p.current_revision,
  listing: p.listing,
});

/** An unchanged product not rewritten: stored with the draft's listing already (the plan compared their hashes). */
const keptAsStored = (i: PlanItem): ListedProduct[] =>
  i.kind === 'unchanged' && !i.rewrite
    ? [{ _id: i.known._id, current_revision: i.known.current_revision, listing: i.draft.listing }]
    : [];

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
function pendingSteps(p: Written): readonly Step[] {
  if (!p.previous) return p.chain;
  const at = p.chain.findIndex((s) => s.hash === p.previous!.snapshot_hash);
  return at >= 0 ? p.chain.slice(at + 1) : p.chain.slice(-1);
}

function revisionNumber(p: Written): number {
  return (p.previous?.number ?? 0) + pendingSteps(p).length;
}

/**
 * Appends, for each planned product, a revision per pending snapshot. A conflict means an earlier,
 * interrupted run stored revisions the products do not point at yet: the latest revision is then
 * looked up and what is still pending is numbered after it.
 */
async function appendRevisions(written: readonly Written[], r: Running): Promise<RevisionDoc[]> {
  const { sourceFiles, revisions: ports, now } = r;
  const appended: RevisionDoc[] = [];
  let pending = written;
  for (let attempt = 0; pending.length > 0; attempt++) {
    const fresh = pending.filter((p) => pendingSteps(p).length > 0);
    if (fresh.length === 0) break;
    let seq = await ports.reserveSeq(fresh.reduce((n, p) => n + pendingSteps(p).length, 0));
    const docsOf = new Map<Written, RevisionDoc[]>();
    for (const p of fresh) {
      let before = p.previous ?? undefined;
      const docs = pendingSteps(p).map((step) => {
        const doc = makeRevision({
          productId: p.id,
          number: (before?.number ?? 0) + 1,
          seq: seq++,
          step,
          previous: before,
          sourceFiles,
          now,
        });
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

/** A planned product as it is stored: the revision it now points at, created when first written. */
function productOf(item: Written, now: Date): ProductDoc {
  return makeProduct({
    id: item.id,
    draft: item.draft,
    revision: revisionNumber(item),
    hash: currentHash(item),
    createdAt: item.kind === 'changed' ? item.known.created_at : now,
    updatedAt: now,
  });
}

/** An unchanged product rewritten in the current format, listing and key: its revision and times kept. */
function rewrittenOf({ draft, known }: UnchangedItem): ProductDoc {
  return makeProduct({
    id: known._id,
    draft,
    revision: known.current_revision,
    hash: known.snapshot_hash,
    createdAt: known.created_at,
    updatedAt: known.updated_at,
  });
}

/** A product to make: its id and draft, the revision it points at, its snapshot's hash, and its times. */
interface ProductInput {
  readonly id: string;
  readonly draft: ProductDraft;
  /** The number of its current revision. */
  readonly revision: number;
  /** The hash of its current snapshot. */
  readonly hash: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

function makeProduct({ id, draft, revision, hash, createdAt, updatedAt }: ProductInput): ProductDoc {
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
