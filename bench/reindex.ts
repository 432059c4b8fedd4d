// Reindex throughput: `npm run reindex` (MongoDB -> new index -> alias swap) against the client's
// bulk helper loading the very same documents, already in memory, into a scratch index.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { EsClient } from '../src/adapters/elasticsearch/client';
import { IndexAdmin, readMapping } from '../src/adapters/elasticsearch/index-admin';
import { median, ROOT } from './processes';

export interface ReindexResult {
  readonly documents: number;
  readonly reindexSeconds: number;
  readonly reindexDocsPerSecond: number;
  readonly rawSeconds: number;
  readonly rawDocsPerSecond: number;
  readonly rawSettings: { flushBytes: number; concurrency: number };
}

/** Seconds to load `docs` into a new index of the service's mapping (then dropped) with the bulk helper alone. */
/** How the bulk helper loads: bytes per request, requests at once, and the scratch index's name. */
export interface BulkSettings {
  readonly flushBytes: number;
  readonly concurrency: number;
  /** A new index's name (`bench-raw-<time>` unless given). */
  readonly index?: string;
}

export async function rawBulk(
  es: EsClient,
  docs: readonly { id: string }[] | AsyncIterable<{ id: string }>,
  { flushBytes, concurrency, index = `bench-raw-${Date.now()}` }: BulkSettings,
): Promise<number> {
  const { settings, mappings } = readMapping();
  const t0 = performance.now();
  await es.indices.create({ index, settings: { ...settings, refresh_interval: '-1' }, mappings });
  const stats = await es.helpers.bulk<{ id: string }>({
    datasource: Symbol.asyncIterator in docs ? docs[Symbol.asyncIterator]() : [...docs],
    onDocument: (d) => ({ index: { _index: index, _id: d.id } }),
    flushBytes,
    concurrency,
    refreshOnCompletion: index,
  });
  const seconds = (performance.now() - t0) / 1000;
  await es.indices.delete({ index });
  if (stats.failed > 0) throw new Error(`raw bulk dropped ${stats.failed} documents`);
  return seconds;
}

export async function measureReindex(es: EsClient, alias: string, rounds: number): Promise<ReindexResult> {
  const docs: { id: string }[] = [];
  for await (const d of new IndexAdmin(es, alias).documents<{ id: string }>()) docs.push(d);

  // The bulk helper at its best here: a small grid, then the winner measured like the reindex.
  let best = { flushBytes: 0, concurrency: 0, seconds: Infinity };
  for (const flushBytes of [1_000_000, 5_000_000, 10_000_000]) {
    for (const concurrency of [2, 4, 8]) {
      const seconds = await rawBulk(es, docs, { flushBytes, concurrency });
      if (seconds < best.seconds) best = { flushBytes, concurrency, seconds };
    }
  }
  const raw: number[] = [];
  const reindex: number[] = [];
  for (let r = 0; r < rounds; r++) {
    raw.push(await rawBulk(es, docs, { flushBytes: best.flushBytes, concurrency: best.concurrency }));
    const t0 = performance.now();
    const run = spawnSync(process.execPath, [path.join(ROOT, 'dist/src/cli/reindex.js')], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`npm run reindex failed: ${run.stderr}`);
    reindex.push((performance.now() - t0) / 1000);
    process.stderr.write(
      `bench: reindex round ${r + 1}: ${reindex.at(-1)!.toFixed(1)} s; raw bulk ${raw.at(-1)!.toFixed(1)} s\n`,
    );
  }
  const reindexSeconds = median(reindex);
  const rawSeconds = median(raw);
  return {
    documents: docs.length,
    reindexSeconds,
    reindexDocsPerSecond: docs.length / reindexSeconds,
    rawSeconds,
    rawDocsPerSecond: docs.length / rawSeconds,
    rawSettings: { flushBytes: best.flushBytes, concurrency: best.concurrency },
  };
}
