// What a run will write, decided before anything is written: for each draft, new (with the id it will
// get), changed (with its latest stored revision, which the new ones follow), or unchanged (rewritten
// only when its format, listing or key is not the current one). A dry run prints the plan and stops;
// a real run prints the same plan and hands its items to the writer (ingest.service.ts), which writes
// exactly them. Generated drafts (a scale run) are planned batch by batch as the writer asks, so they
// never sit in memory at once.
import { createHash } from 'node:crypto';
import { snapshotHash, type Change, type ClaimValue } from '../catalog/claim';
import { PRODUCT_FORMAT, type ProductDraft } from '../catalog/product.types';
import { productSlug } from '../catalog/product-id';
import type { RevisionDoc } from '../catalog/revision.types';
import { continuedBy } from './ingest.identity';
import type { Identity, IngestPorts } from './ingest.ports';
import { chainOf, diffClaims, type Step } from './ingest.revision';

/** The drafts of a run: an array, or any iterable that knows its count (generated ones stay out of memory). */
export type Drafts = Iterable<ProductDraft> & { readonly length: number };

/** What the run does with one draft. */
export type PlanItem = NewItem | ChangedItem | UnchangedItem;

interface WrittenItem {
  readonly draft: ProductDraft;
  /** Every snapshot the sources give the product, oldest first; the last is the current one. */
  readonly chain: readonly Step[];
  readonly id: string;
  /**
   * The latest stored revision, which the new ones follow. A new product has none, unless an earlier,
   * interrupted run stored some: the writer then learns it from the store's conflict and sets it.
   */
  previous: RevisionDoc | null;
}

export interface NewItem extends WrittenItem {
  readonly kind: 'new';
}

export interface ChangedItem extends WrittenItem {
  readonly kind: 'changed';
  readonly known: Identity;
}

export interface UnchangedItem {
  readonly kind: 'unchanged';
  readonly draft: ProductDraft;
  readonly known: Identity;
  /** Stored in an older format, with another listing or under another key: rewritten, without a revision. */
  readonly rewrite: boolean;
}

/** What planning knows of the record: the stored products, which drafts continue them, and the ids taken. */
export interface PlanContext {
  /** Stored products by key. */
  readonly stored: ReadonlyMap<string, Identity>;
  /** Stored products by the key of the draft that continues them. */
  readonly continued: ReadonlyMap<string, Identity>;
  /** Product ids in use (new ones are added as they are allocated). */
  readonly taken: Set<string>;
}

export interface PlannedProduct {
  readonly key: string;
  readonly id: string;
  readonly category: string;
  readonly manufacturer: string;
  readonly model: string;
}

export interface PlannedChange extends PlannedProduct {
  /** The value each field moves from and to, per list, against the stored current revision. */
  readonly changes: readonly Change[];
}

export interface Plan {
  /** Every draft's item, in the drafts' order: what the writer writes. */
  readonly items: readonly PlanItem[];
  /** Products stored before the run. */
  readonly stored: number;
  readonly new: readonly PlannedProduct[];
  readonly changed: readonly PlannedChange[];
  /** Listed by the sources, but no longer in the newest edition of their list (and were before). */
  readonly delisted: readonly (PlannedProduct & { readonly last_edition: string })[];
  readonly unchanged: number;
  /** Stored products the sources do not carry at all; kept as they are. */
  readonly absent: number;
  /** Per field, how many changed products change it. */
  readonly fieldCounts: Readonly<Record<string, number>>;
}

/** Drafts planned at a time, which is also the writer's batch. */
export const BATCH = 1000;
/** Stored revisions read at once while planning (one findOne each on FerretDB). */
const READING = 8;

/** The plan of every draft, and what it amounts to (for the operator's printout). */
export async function planChanges(
  drafts: readonly ProductDraft[],
  listOf: (sourceId: string) => string,
  ports: Pick<IngestPorts, 'products' | 'revisions'>,
): Promise<Plan> {
  const context = await planContext(drafts, ports);
  const items: PlanItem[] = [];
  for await (const batch of plannedBatches(drafts, context, ports)) items.push(...batch);
  return summary(items, context, listOf);
}

/** What is stored, and which drafts continue which stored products. */
export async function planContext(drafts: Drafts, ports: Pick<IngestPorts, 'products'>): Promise<PlanContext> {
  const stored = new Map((await ports.products.identities()).map((p) => [p.key, p]));
  const continued = stored.size > 0 ? continuedBy(stored, drafts) : stored;
  return { stored, continued, taken: new Set([...stored.values()].map((p) => p._id)) };
}

/** The drafts planned batch after batch, each batch once the writer asks for it. */
export async function* plannedBatches(
  drafts: Drafts,
  context: PlanContext,
  ports: Pick<IngestPorts, 'revisions'>,
): AsyncGenerator<PlanItem[]> {
  for (const batch of batchesOf(drafts, BATCH)) yield await planBatch(batch, context, ports);
}

/** Each draft decided, then the latest stored revision of each changed one read, READING at once. */
async function planBatch(
  batch: readonly ProductDraft[],
  context: PlanContext,
  ports: Pick<IngestPorts, 'revisions'>,
): Promise<PlanItem[]> {
  const items = batch.map((draft) => decide(draft, context));
  const changed = items.filter((i): i is ChangedItem => i.kind === 'changed');
  for (let i = 0; i < changed.length; i += READING) {
    const slice = changed.slice(i, i + READING);
    const latest = await Promise.all(slice.map((c) => ports.revisions.latest(c.id, c.known.current_revision)));
    slice.forEach((c, j) => (c.previous = latest[j]));
  }
  return items;
}

function decide(draft: ProductDraft, { continued, taken }: PlanContext): PlanItem {
  const chain = chainOf(draft);
  const known = continued.get(draft.key);
  if (!known) return { kind: 'new', draft, chain, id: allocateId(draft, taken), previous: null };
  if (known.snapshot_hash !== chain[chain.length - 1].hash)
    return { kind: 'changed', draft, chain, id: known._id, known, previous: null };
  const rewrite =
    known.format !== PRODUCT_FORMAT || known.listing_hash !== snapshotHash(draft.listing) || known.key !== draft.key;
  return { kind: 'unchanged', draft, known, rewrite };
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

/** The plan's items counted and described for the operator: new, changed (field from -> to), delisted, unchanged, absent. */
function summary(items: readonly PlanItem[], context: PlanContext, listOf: (sourceId: string) => string): Plan {
  const fresh: PlannedProduct[] = [];
  const changed: PlannedChange[] = [];
  const delisted: (PlannedProduct & { last_edition: string })[] = [];
  for (const item of items) {
    const { draft } = item;
    if (item.kind === 'new') fresh.push(describe(draft, item.id));
    else if (item.kind === 'changed')
      changed.push({
        ...describe(draft, item.id),
        changes: diffClaims(item.previous?.claims ?? [], draft.claims, listOf),
      });
    if (
      item.kind !== 'new' &&
      !draft.listing.in_latest_edition &&
      item.known.listing_hash !== snapshotHash(draft.listing)
    )
      delisted.push({ ...describe(draft, item.known._id), last_edition: draft.listing.last_edition });
  }
  const fieldCounts: Record<string, number> = Object.create(null);
  for (const c of changed)
    for (const field of new Set(c.changes.map((x) => x.field))) fieldCounts[field] = (fieldCounts[field] ?? 0) + 1;
  const listed = new Set([...context.continued.values()].map((p) => p.key));
  return {
    items,
    stored: context.stored.size,
    new: fresh,
    changed,
    delisted,
    unchanged: items.length - fresh.length - changed.length,
    absent: [...context.stored.keys()].filter((k) => !listed.has(k)).length,
    fieldCounts,
  };
}

function describe(d: ProductDraft, id: string): PlannedProduct {
  return { key: d.key, id, category: d.category, manufacturer: d.manufacturer, model: d.model };
}

/** A value as the plan prints it. */
export function shown(value: ClaimValue | undefined): string {
  if (value === undefined) return '(none)';
  return Array.isArray(value) ? `[${value.join(', ')}]` : String(value);
}

/** `items` in arrays of `size`, the last one shorter. */
export function* batchesOf<T>(items: Iterable<T>, size: number): Generator<T[]> {
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
