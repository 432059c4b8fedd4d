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

/** One ingest run: the drafts and their sources, the run's time, and who is told as it goes. */
export interface IngestRun {
  readonly drafts: Drafts;
  /** The sources the drafts' claims cite, as revisions record them. */
  readonly sourceFiles: SourceFiles;
  /** The time the run's revisions and products are stamped with (now unless given). */
  readonly now?: Date;
  /** Told the products written so far after each batch. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Given each batch's products once they are written (a first seed indexes them as they come). */
  readonly onWritten?: (products: readonly ProductDoc[]) => Promise<void>;
  /** Latest stored revisions already read (by the plan), by product key. */
  readonly read?: ReadonlyMap<string, RevisionDoc>;
}

/** A stored product as the run finds it. */
type Identity = Awaited<ReturnType<IngestPorts['products']['identities']>>[number];

/** A run under way: what it was given, what it found stored, and what it has done so far. */
interface Running extends Required<Omit<IngestRun, 'read'>> {
  readonly read?: ReadonlyMap<string, RevisionDoc>;
  readonly ports: IngestPorts;
  /** Stored products by key. */
  readonly stored: ReadonlyMap<string, Identity>;
  /** Stored products by the key of the draft that continues them. */
  readonly continued: ReadonlyMap<string, Identity>;
  /** Product ids in use (new ones are added as they are allocated). */
  readonly taken: Set<string>;
  readonly report: IngestReport;
  readonly revisions: Pick<IngestPorts['revisions'], 'reserveSeq' | 'append' | 'latest'>;
  /** Failed batches' reasons: the first ends the run. */
  readonly failures: unknown[];
  /** The feed recorded up to the last batch started (settled, never rejected). */
  recordedBefore: Promise<unknown>;
  /** Drafts written. */
  done: number;
}

/** A batch planned: products with new snapshots, and unchanged ones to rewrite in the current format. */
interface PlannedBatch {
  readonly size: number;
  readonly planned: Planned[];
  readonly reformatted: ProductDoc[];
}

/**
 * The run as a story: find what is stored, then batch after batch plan it and write it, up to
 * WRITING batches at once; the first failure ends the run once the writes under way have settled.
 */
export async function ingest(run: IngestRun, ports: IngestPorts): Promise<IngestReport> {
  const running = await startRun(run, ports);
  const writes = new Set<Promise<void>>();
  for (const batch of batchesOf(run.drafts, BATCH)) {
    if (running.failures.length > 0) break;
    const write = writeBatch(await planBatch(batch, running), running);
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

/** What is stored, which drafts continue which products, and a report that starts from there. */
async function startRun(run: IngestRun, ports: IngestPorts): Promise<Running> {
  const now = run.now ?? new Date();
  const stored = new Map((await ports.products.identities()).map((p) => [p.key, p]));
  const taken = new Set([...stored.values()].map((p) => p._id));
  const continued = stored.size > 0 ? continuedBy(stored, run.drafts) : stored;
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
  return {
    drafts: run.drafts,
    sourceFiles: run.sourceFiles,
    now,
    onProgress: run.onProgress ?? (() => undefined),
    onWritten: run.onWritten ?? (async () => undefined),
    read: run.read,
    ports,
    stored,
    continued,
    taken,
    report,
    revisions,
    failures: [],
    recordedBefore: Promise.resolve(),
    done: 0,
  };
}

/**
 * Each draft of the batch: unchanged (counted, and rewritten when its format, listing or key is
 * not the current one), or planned with the snapshots it went through and its latest stored revision.
 */
async function planBatch(batch: readonly ProductDraft[], r: Running): Promise<PlannedBatch> {
  const planned: Planned[] = [];
  const reformatted: ProductDoc[] = [];
  for (const draft of batch) {
    const chain = [...(draft.earlier ?? []), draft.claims].map((claims) => ({ claims, hash: snapshotHash(claims) }));
    const hash = chain[chain.length - 1].hash;
    const known = r.continued.get(draft.key);
    if (known?.snapshot_hash === hash) {
      r.report.unchanged += 1;
      if (
        known.format !== PRODUCT_FORMAT ||
        known.listing_hash !== snapshotHash(draft.listing) ||
        known.key !== draft.key
      )
        reformatted.push(
          makeProduct({
            id: known._id,
            draft,
            revision: known.current_revision,
            hash,
            createdAt: known.created_at,
            updatedAt: known.updated_at,
          }),
        );
      continue;
    }
    const previous = known
      ? (r.read?.get(draft.key) ?? (await r.ports.revisions.latest(known._id, known.current_revision)))
      : null;
    planned.push({
      draft,
      chain,
      hash,
      id: known?._id ?? allocateId(draft, r.taken),
      known: Boolean(known),
      createdAt: known?.created_at ?? r.now,
      previous,
    });
  }
  return { size: batch.length, planned, reformatted };
}

/** A planned batch written: its revisions appended, their feed entries recorded in order, then its products. */
function writeBatch(batch: PlannedBatch, r: Running): Promise<void> {
  const appending = appendRevisions(batch.planned, r.sourceFiles, r.revisions, r.now);
  const recorded = recordFeed(batch.planned, appending, r);
  r.recordedBefore = recorded.catch(() => undefined);
  return storeProducts(batch, { appending, recorded }, r);
}

/** The batch's feed entries, recorded once the batch before has recorded its own, and not after a failure, as a sequential run would. */
async function recordFeed(planned: readonly Planned[], appending: Promise<RevisionDoc[]>, r: Running): Promise<void> {
  const previousRecorded = r.recordedBefore;
  const appended = await appending;
  await previousRecorded;
  if (r.failures.length > 0) throw r.failures[0];
  // Revisions an interrupted run wrote before its products: their feed entries may be missing too.
  const resumed = planned.filter((p) => !p.known && p.previous?.snapshot_hash === p.hash).map((p) => p.previous!);
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
  { size, planned, reformatted }: PlannedBatch,
  { appending, recorded }: { appending: Promise<RevisionDoc[]>; recorded: Promise<void> },
  r: Running,
): Promise<void> {
  // Read once awaited: `report.revisions += await ...` would add to a count read before the
  // wait, and lose what batches written meanwhile added.
  const appended = await appending;
  const report = r.report;
  report.revisions += appended.length;
  const products = planned.map((p) =>
    makeProduct({
      id: p.id,
      draft: p.draft,
      revision: revisionNumber(p),
      hash: p.hash,
      createdAt: p.createdAt,
      updatedAt: r.now,
    }),
  );
  await Promise.all([
    recorded,
    r.ports.products.insertMany(products.filter((_, i) => !planned[i].known)),
    r.ports.products.replaceMany([...products.filter((_, i) => planned[i].known), ...reformatted]),
  ]);
  await r.onWritten([...products, ...reformatted]);
  report.wroteEveryProduct?.push(
    ...products.map((p) => ({ id: p._id, revision: p.current_revision, listed: p.listing.in_latest_edition })),
  );
  report.reformatted += reformatted.length;
  for (const p of planned) report[p.known ? 'changed' : 'created'] += 1;
  report.total = r.stored.size + report.created;
  r.done += size;
  r.onProgress(r.done, r.drafts.length);
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

/** A revision to make: whose, its number and place in the feed, its snapshot, what came before, and when. */
interface RevisionInput {
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

function makeRevision({ productId, number, seq, step, previous, sourceFiles, now }: RevisionInput): RevisionDoc {
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
