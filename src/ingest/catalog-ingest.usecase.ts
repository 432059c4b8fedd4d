// The operator's one use case behind `npm run seed` and `npm run import`: bring the catalog in line
// with a set of source files. Read as a story:
//   1. convert    every file is read and checked (pinned checksums too) before anything is written
//   2. resolve    the manufacturers' spellings into companies (with evidence)
//   3. plan       the diff against the record: new, changed (field from -> to), delisted, unchanged
//   4. write      the plan's items: revisions and their events (the changes feed), then the products
//   5. index      companies, then a new index and the alias swap
//   6. announce   what was written, to the watches that asked (the `announce` port)
// A dry run stops after the plan. The whole run holds the operator lease: one writer at a time.
import { convertSources, toSourceDocs, type Conversion, type Manifest } from './convert';
import { companyRecords } from './convert/companies';
import type { CompanyDoc } from '../catalog/company-records';
import { PRODUCT_FORMAT } from '../catalog/product.types';
import type { SourceDoc } from '../catalog/source.types';
import type { AnnounceReport, ListedProduct } from '../catalog/watch.types';
import { planChanges, type Plan } from './ingest.plan';
import { holdLease, type OperatorLeaseStore } from './operator-lease';
import { syncCatalog, type SyncPorts, type SyncReport } from './catalog-sync.service';

export interface IngestRequest {
  /** The sources to bring the record in line with (the manifest, plus an imported edition). */
  readonly manifest: Manifest;
  readonly sourcesDir: string;
  /** The command, for the lease holder's name and messages. */
  readonly command: string;
  /** Stop after the plan: nothing is written. */
  readonly dryRun?: boolean;
  /** Keep a record that already serves products of the current format from a current index. */
  readonly ifEmpty?: boolean;
  /** Accept files whose sha256 differs from the manifest's (a local edit, a test fixture). */
  readonly acceptChecksumMismatch?: boolean;
  readonly now?: Date;
  /** Makes the run's sources permanent before the first write (an import registers its edition). */
  readonly register?: () => void;
}

export interface IngestPorts extends SyncPorts {
  readonly lease: OperatorLeaseStore;
  /**
   * Step 6: tells the watches what the run wrote (watches/announce.service.ts, plugged in by the
   * wiring); `everyProduct` when the run's plan held every product of the record. Absent: the
   * watches are not told (nothing is lost: the next run that has it announces every change since).
   */
  readonly announce?: (written: { readonly everyProduct?: readonly ListedProduct[] }) => Promise<AnnounceReport>;
}

export interface IngestProgress {
  /** Told once the files are converted and the companies resolved, before the plan. */
  readonly converted?: (conversion: Conversion, companies: ReturnType<typeof companyRecords>) => void;
  /** Told the plan, before anything is written. */
  readonly planned?: (plan: Plan) => void;
  readonly ingest?: (done: number, total?: number) => void;
  readonly reindex?: (done: number, total?: number) => void;
}

export type IngestOutcome =
  | { readonly kind: 'kept'; readonly alias: string; readonly index: string; readonly documents: number }
  | { readonly kind: 'planned'; readonly plan: Plan }
  | {
      readonly kind: 'written';
      readonly plan: Plan;
      readonly sync: SyncReport;
      /** What the watches were told (absent without the `announce` port). */
      readonly announced?: AnnounceReport;
    };

export class SourceChecksumError extends Error {}

export async function ingestCatalog(
  req: IngestRequest,
  ports: IngestPorts,
  progress: IngestProgress = {},
): Promise<IngestOutcome> {
  return holdLease({ store: ports.lease, command: req.command }, async (lease) => {
    const conversion = convert(req);
    const companies = companyRecords(conversion.drafts);
    progress.converted?.(conversion, companies);
    const sources = toSourceDocs(req.manifest, conversion);
    if (req.ifEmpty && !req.dryRun) {
      const served = await servedCatalog(ports);
      if (served) {
        // Source descriptions are rewritten every time: a record loaded by an older version gains the
        // fields the current contract promises.
        await ports.sources.saveMany(sources);
        return { kind: 'kept', ...served };
      }
    }
    const listOf = (id: string) => req.manifest.sources.find((s) => s.id === id)?.list ?? id;
    const plan = await planChanges(conversion.drafts, listOf, ports);
    progress.planned?.(plan);
    if (req.dryRun) return { kind: 'planned', plan };
    lease.check();
    req.register?.();
    const sync = await writeAndIndex(
      { sources, conversion, companies: companies.docs, plan, now: req.now },
      ports,
      progress,
    );
    lease.check();
    return { kind: 'written', plan, sync, announced: await announce(ports, sync) };
  });
}

/**
 * Step 6: the watches told what the run wrote. A failure says what stays: the record and the index are
 * written, and the next run announces every change since the last announcement.
 */
async function announce(ports: IngestPorts, sync: SyncReport): Promise<AnnounceReport | undefined> {
  try {
    return await ports.announce?.({ everyProduct: sync.ingest.everyProduct });
  } catch (err) {
    throw new Error(
      `the catalog was written and indexed, but the watches were not told (${err instanceof Error ? err.message : String(err)}); ` +
        'the next seed or import announces every change since',
      { cause: err },
    );
  }
}

/** Step 1: every file converted, and each one's checksum held against the manifest. */
function convert(req: IngestRequest): Conversion {
  const conversion = convertSources(req.manifest, req.sourcesDir);
  const differ = conversion.sources.filter((s) => s.loaded_sha256 !== s.sha256);
  if (differ.length > 0 && !req.acceptChecksumMismatch)
    throw new SourceChecksumError(
      `${differ.map((s) => `${s.file} has sha256 ${s.loaded_sha256}, the manifest pins ${s.sha256}`).join('; ')}. ` +
        'Nothing was written: a file that is not the pinned one would become permanent revisions. ' +
        'Restore the file (seed/fetch-sources.sh), or pass --accept-checksum-mismatch to load it as it is.',
    );
  return conversion;
}

/** What steps 4 and 5 write: the run's sources, its converted drafts, the company records, and the plan. */
interface Writing {
  readonly sources: readonly SourceDoc[];
  readonly conversion: Conversion;
  readonly companies: readonly CompanyDoc[];
  readonly plan: Plan;
  readonly now?: Date;
}

/** Steps 4 and 5: revisions and their events, products, companies, then the index and its swap. */
function writeAndIndex(
  { sources, conversion, companies, plan, now }: Writing,
  ports: IngestPorts,
  progress: IngestProgress,
): Promise<SyncReport> {
  return syncCatalog({ sources, drafts: conversion.drafts, companies, now, plan }, ports, {
    ingest: progress.ingest,
    reindex: progress.reindex,
  });
}

/** The index serving the alias, when the record holds current products and the index is current. */
async function servedCatalog(ports: IngestPorts): Promise<{ alias: string; index: string; documents: number } | null> {
  if ((await ports.products.storedFormat()) !== PRODUCT_FORMAT) return null;
  const served = await ports.index.targets();
  if (served.length !== 1 || !ports.index.hasCurrentMapping(served[0])) return null;
  return { alias: ports.index.alias, index: served[0], documents: await ports.index.count(served[0]) };
}
