// The operator's seed: sources and product drafts -> MongoDB (sources, revisions, products) -> a
// fresh index behind the alias. Into an empty store, the index is loaded with each batch of products
// as it is written (the documents are the same), instead of read back from MongoDB afterwards: a
// first start then takes about as long as the writes alone. A failed load leaves the record complete.
import type { SourceDoc } from '../catalog/source.types';
import { ingest, type IngestReport, type IngestRun } from './ingest.service';
import type { IngestPorts } from './ingest.ports';
import { BATCH, batchesOf, planContext, plannedBatches, type Drafts, type Plan } from './ingest.plan';
import { reindex, type ReindexPorts, type ReindexReport } from './reindex.service';
import type { CompanyDoc } from '../catalog/company-records';
import type { ProductDoc } from '../catalog/product.types';
import { Handover } from '../shared/handover';

export interface SyncPorts {
  readonly products: IngestPorts['products'] &
    ReindexPorts['products'] & {
      /** The format of the stored products, null when there are none. */
      storedFormat(): Promise<number | null>;
    };
  readonly revisions: IngestPorts['revisions'];
  readonly changes: IngestPorts['changes'];
  readonly index: ReindexPorts['index'];
  readonly sources: { saveMany(sources: readonly SourceDoc[]): Promise<void> };
  readonly companies: ReindexPorts['companies'] & {
    /** Makes `docs` the company records; true when that changed them. */
    replaceAll(docs: readonly CompanyDoc[]): Promise<boolean>;
  };
}

export interface SyncReport {
  readonly ingest: IngestReport;
  /** Whether the company records changed (a change alone rebuilds the index). */
  readonly companiesChanged: boolean;
  /** Absent when nothing changed and the index already serves every product. */
  readonly reindex?: ReindexReport;
  /** True when the index was loaded while the products were written (into an empty store). */
  readonly indexedWhileWriting?: boolean;
}

type OnProgress = (done: number, total?: number) => void;

/** What a sync brings into the record: sources, product drafts and company records, as of `now`. */
export interface SyncRequest {
  readonly sources: readonly SourceDoc[];
  readonly drafts: Drafts;
  readonly companies: readonly CompanyDoc[];
  /** The time revisions and products are stamped with (now unless given). */
  readonly now?: Date;
  /** The plan of these drafts, made already (the operator's run printed it): written as it is. Absent: planned as written. */
  readonly plan?: Plan;
}

/** Who is told how the writes and the index load go. */
export interface SyncProgress {
  readonly ingest?: OnProgress;
  readonly reindex?: OnProgress;
}

export async function syncCatalog(
  { sources, drafts, companies, now = new Date(), plan }: SyncRequest,
  ports: SyncPorts,
  progress: SyncProgress = {},
): Promise<SyncReport> {
  await ports.sources.saveMany(sources);
  const files = Object.fromEntries(sources.map((s) => [s._id, { sha256: s.sha256, list: s.list, edition: s.edition }]));
  const writing = { ...(await planned(drafts, plan, ports)), sourceFiles: files, now };
  if ((await ports.products.storedFormat()) === null) {
    // Company records first: the index joins each product to its company as it loads.
    const companiesChanged = await ports.companies.replaceAll(companies);
    const written = new Handover<readonly ProductDoc[]>(4);
    const indexing = reindex({ ...ports, products: { stream: () => flatten(written) } }, undefined, drafts.length);
    // Handled at once (a load that fails early must not be an unhandled rejection): the writes go on.
    indexing.catch(() => written.abandon());
    let ingested: IngestReport;
    try {
      ingested = await ingest(
        { ...writing, onProgress: progress.ingest, onWritten: (docs) => written.push(docs) },
        ports,
      );
      written.end();
    } catch (err) {
      written.end(err);
      await indexing.catch(() => undefined);
      throw err;
    }
    return { ingest: ingested, companiesChanged, reindex: await indexing, indexedWhileWriting: true };
  }
  const ingested = await ingest({ ...writing, onProgress: progress.ingest }, ports);
  const companiesChanged = await ports.companies.replaceAll(companies);
  const unchanged = ingested.created + ingested.changed + ingested.reformatted === 0 && !companiesChanged;
  if (unchanged && (await indexIsCurrent(ports, ingested.total))) return { ingest: ingested, companiesChanged };
  return { ingest: ingested, companiesChanged, reindex: await reindex(ports, progress.reindex, ingested.total) };
}

/** The plan's items in the writer's batches: the plan given, else the drafts planned batch by batch as written. */
async function planned(
  drafts: Drafts,
  plan: Plan | undefined,
  ports: SyncPorts,
): Promise<Pick<IngestRun, 'batches' | 'stored' | 'total' | 'holdsEveryProduct'>> {
  if (plan)
    return {
      batches: batchesOf(plan.items, BATCH),
      stored: plan.stored,
      total: plan.items.length,
      holdsEveryProduct: plan.absent === 0,
    };
  const context = await planContext(drafts, ports);
  return { batches: plannedBatches(drafts, context, ports), stored: context.stored.size, total: drafts.length };
}

async function* flatten<T>(batches: AsyncIterable<readonly T[]>): AsyncGenerator<T> {
  for await (const batch of batches) yield* batch;
}

async function indexIsCurrent(ports: SyncPorts, products: number): Promise<boolean> {
  const targets = await ports.index.targets();
  if (targets.length !== 1 || !ports.index.hasCurrentMapping(targets[0])) return false;
  return (await ports.index.count(targets[0])) === products;
}
