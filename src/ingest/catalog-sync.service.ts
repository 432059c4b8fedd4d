// The operator's seed: sources and product drafts -> MongoDB (sources, revisions, products) -> a
// fresh index behind the alias.
import type { SourceDoc } from '../catalog/source.types';
import { ingest, type IngestPorts, type IngestReport } from './ingest.service';
import type { ProductDraft } from '../catalog/product.types';
import { reindex, type ReindexPorts, type ReindexReport } from './reindex.service';
import type { CompanyDoc } from '../catalog/company-records';

export interface SyncPorts {
  readonly products: IngestPorts['products'] & ReindexPorts['products'];
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
}

type OnProgress = (done: number, total?: number) => void;

export async function syncCatalog(
  sources: readonly SourceDoc[],
  drafts: readonly ProductDraft[],
  companies: readonly CompanyDoc[],
  ports: SyncPorts,
  progress: { ingest?: OnProgress; reindex?: OnProgress } = {},
  now: Date = new Date(),
): Promise<SyncReport> {
  await ports.sources.saveMany(sources);
  const files = Object.fromEntries(sources.map((s) => [s._id, { sha256: s.sha256, list: s.list, edition: s.edition }]));
  const ingested = await ingest(drafts, files, ports, progress.ingest, now);
  const companiesChanged = await ports.companies.replaceAll(companies);
  const unchanged = ingested.created + ingested.changed + ingested.reformatted === 0 && !companiesChanged;
  if (unchanged && (await indexIsCurrent(ports, ingested.total))) return { ingest: ingested, companiesChanged };
  return { ingest: ingested, companiesChanged, reindex: await reindex(ports, progress.reindex, ingested.total) };
}

async function indexIsCurrent(ports: SyncPorts, products: number): Promise<boolean> {
  const targets = await ports.index.targets();
  if (targets.length !== 1 || !ports.index.hasCurrentMapping(targets[0])) return false;
  return (await ports.index.count(targets[0])) === products;
}
