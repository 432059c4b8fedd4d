// The scale rehearsal (`npm run bench -- --scale N`): the real catalog N times over, built through
// the real ingest path (synthetic editions of the source lists, src/ingest/synthetic.service.ts) into
// a scratch database and alias of their own names, then every read row measured against the live
// alias (1x) and the scratch one (Nx) in interleaved rounds. The scratch catalog is dropped at the
// end, on Ctrl-C, and at the start of the next run (one killed outright); `--keep` leaves it for a
// later `--keep` run at the same N, which then reuses it instead of ingesting again. `--copies` builds
// only the Nx index, the live documents copied N times under suffixed ids: minutes instead of the
// record's half hour, for the read rows alone (no ingest figures).
import path from 'node:path';
import type { EsClient } from '../src/adapters/elasticsearch/client';
import { createMongo, type MongoHandle } from '../src/adapters/mongo/client';
import { ensureIndexes } from '../src/adapters/mongo/collections';
import { ProductRepository } from '../src/adapters/mongo/product.repository';
import { RevisionRepository } from '../src/adapters/mongo/revision.repository';
import { SourceRepository } from '../src/adapters/mongo/source.repository';
import { ChangeRepository } from '../src/adapters/mongo/change.repository';
import { CompanyRepository } from '../src/adapters/mongo/company.repository';
import { IndexAdmin, readMapping } from '../src/adapters/elasticsearch/index-admin';
import { syncCatalog } from '../src/ingest/catalog-sync.service';
import { reindex } from '../src/ingest/reindex.service';
import { scaledCatalog } from '../src/ingest/synthetic.service';
import { convertSources, loadManifest, toSourceDocs } from '../src/ingest/convert';
import { companyRecords } from '../src/ingest/convert/companies';
import { sampleRss, median, percentile, type Gateway } from './processes';
import { sampleDocuments } from './query-mix';
import { rawBulk } from './reindex';

/** Fixed names, so a run finds and drops what a killed one left. */
export const SCRATCH = { database: 'pds_scale_rehearsal', alias: 'scale-rehearsal' } as const;

export interface ScaleSetup {
  readonly es: EsClient;
  readonly mongoUri: string;
  /** The live alias: the 1x catalog. */
  readonly alias: string;
  readonly times: number;
  readonly rounds: number;
  readonly keep: boolean;
  /** Build the Nx index by copying the live one N times, without a record. */
  readonly copies: boolean;
  /** A gateway (read cache off) on `alias`, with a key for it. */
  readonly gatewayOn: (alias: string) => Promise<Gateway & { key: string }>;
  readonly say: (line: string) => void;
}

export interface IngestFigures {
  readonly products: number;
  readonly seconds: number;
  readonly productsPerSecond: number;
  readonly revisions: number;
  /** The index loaded while the record was written: documents per second of the same run. */
  readonly indexedPerSecond: number;
  /** `npm run reindex`'s path on the Nx record: MongoDB read back into a new index. */
  readonly reindexSeconds: number;
  readonly reindexPerSecond: number;
  /** The same documents copied by the bulk helper alone, read from the index with search_after. */
  readonly rawCopyPerSecond: number;
}

export interface ScaleRow {
  readonly name: string;
  readonly requests: number;
  /** Per scale: end-to-end p50/p95 and Elasticsearch's part (Server-Timing `es`) p50/p95, ms. */
  readonly at: Record<'1x' | 'Nx', { p50: number; p95: number; esP50: number; esP95: number }>;
}

export interface ScaleResult {
  readonly times: number;
  readonly products: { '1x': number; Nx: number };
  /** The Nx index holds the live documents copied, not a record's synthetic editions. */
  readonly copies: boolean;
  readonly ingest?: IngestFigures;
  readonly rows: ScaleRow[];
  readonly rssMb: { '1x': number; Nx: number };
}

function scratchMongoUri(base: string): string {
  const url = new URL(base);
  url.pathname = `/${SCRATCH.database}`;
  return url.toString();
}

/** Drops the scratch database and every index of the scratch alias. */
async function dropScratch(es: EsClient, mongoUri: string): Promise<void> {
  const mongo = createMongo(scratchMongoUri(mongoUri), SCRATCH.database, 120000);
  try {
    await mongo.db.dropDatabase();
  } finally {
    await mongo.client.close();
  }
  await es.indices.delete({ index: `${SCRATCH.alias}-v*`, ignore_unavailable: true, allow_no_indices: true });
}

async function ingestScaled(s: ScaleSetup, mongo: MongoHandle): Promise<IngestFigures> {
  const manifest = loadManifest();
  const conversion = convertSources(manifest);
  const catalog = scaledCatalog(conversion.drafts, toSourceDocs(manifest, conversion), s.times);
  const ports = {
    products: new ProductRepository(mongo.db),
    revisions: new RevisionRepository(mongo.db),
    changes: new ChangeRepository(mongo.db),
    sources: new SourceRepository(mongo.db),
    companies: new CompanyRepository(mongo.db),
    index: new IndexAdmin(s.es, SCRATCH.alias),
  };
  let lastSaid = 0;
  const t0 = performance.now();
  const report = await syncCatalog(
    { sources: catalog.sources, drafts: catalog.drafts, companies: companyRecords(conversion.drafts).docs },
    ports,
    {
      ingest: (done, total) => {
        if (performance.now() - lastSaid < 10000 && done !== total) return;
        lastSaid = performance.now();
        s.say(
          `scale ${s.times}x: ${done}/${total} products written (${(done / ((lastSaid - t0) / 1000)).toFixed(0)}/s)`,
        );
      },
    },
  );
  const seconds = (performance.now() - t0) / 1000;
  if (!report.reindex) throw new Error('the scaled seed built no index');
  s.say(`scale ${s.times}x: reindex from the record`);
  const t1 = performance.now();
  const again = await reindex(ports, undefined, report.ingest.total);
  const reindexSeconds = (performance.now() - t1) / 1000;
  s.say(`scale ${s.times}x: the same documents copied with the bulk helper alone`);
  // Named under the scratch alias's pattern, so the cleanup finds it if the run dies here.
  const rawSeconds = await rawBulk(s.es, ports.index.documents<{ id: string }>(), {
    flushBytes: 5_000_000,
    concurrency: 4,
    index: `${SCRATCH.alias}-v0-raw-copy`,
  });
  return {
    products: report.ingest.created,
    seconds,
    productsPerSecond: report.ingest.created / seconds,
    revisions: report.ingest.revisions,
    indexedPerSecond: report.reindex.documents / seconds,
    reindexSeconds,
    reindexPerSecond: again.documents / reindexSeconds,
    rawCopyPerSecond: again.documents / rawSeconds,
  };
}

/** The live documents N times into a scratch index under the scratch alias; copy n > 0 suffixes `-xn` to each id. */
async function copyScaled(s: ScaleSetup): Promise<void> {
  const index = `${SCRATCH.alias}-v0-copies`;
  const { settings, mappings } = readMapping();
  await s.es.indices.create({ index, settings: { ...settings, refresh_interval: '-1' }, mappings });
  const live = new IndexAdmin(s.es, s.alias);
  for (let n = 0; n < s.times; n++) {
    const stats = await s.es.helpers.bulk<{ id: string }>({
      datasource: live.documents<{ id: string }>(),
      onDocument: (d) => {
        if (n > 0) d.id = `${d.id}-x${n}`;
        return { index: { _index: index, _id: d.id } };
      },
      flushBytes: 5_000_000,
      concurrency: 2,
    });
    if (stats.failed > 0) throw new Error(`copy ${n} dropped ${stats.failed} documents`);
    s.say(`scale ${s.times}x: copy ${n + 1} of ${s.times} written`);
  }
  await s.es.indices.putSettings({ index, settings: { refresh_interval: '1s' } });
  await s.es.indices.refresh({ index });
  await s.es.indices.updateAliases({ actions: [{ add: { index, alias: SCRATCH.alias } }] });
}

interface Probe {
  readonly name: string;
  /** The paths to time, in order (cursor pages are found per scale, so they are built by `paths`). */
  readonly paths: (gateway: Gateway & { key: string }) => Promise<string[]>;
}

const enc = encodeURIComponent;
/** A short list asked `times` over, so its p95 rests on enough samples. */
const repeat = (paths: string[], times: number) => Array.from({ length: times }, () => paths).flat();

async function get(gateway: Gateway & { key: string }, p: string): Promise<{ ms: number; es: number; body: any }> {
  const t0 = performance.now();
  const res = await fetch(`${gateway.url}${p}`, { headers: { authorization: `Bearer ${gateway.key}` } });
  const body = await res.json();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${JSON.stringify(body)}`);
  const es = /(?:^|,\s*)es;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
  return { ms, es: es ? Number(es[1]) : 0, body };
}

/** The rows of the table, built from the 1x data so both scales answer the same requests. */
async function probes(s: ScaleSetup): Promise<Probe[]> {
  const ids = (await sampleDocuments<{ id: string }>(s.es, { alias: s.alias, size: 100, fields: ['id'], seed: 7 })).map(
    (d) => d.id,
  );
  const top = await s.es.search({
    index: s.alias,
    size: 0,
    query: { term: { category: 'pv-module' } },
    aggs: {
      companies: { terms: { field: 'company.id', size: 20 } },
      names: { terms: { field: 'company.name', size: 20 } },
    },
  });
  type Buckets = { buckets: { key: string }[] };
  const aggs = top.aggregations as { companies: Buckets; names: Buckets };
  const makers = aggs.companies.buckets.map((b) => b.key);
  // "mono" and the first word of 19 module makers' names: words searched inside one category.
  const words = ['mono', ...aggs.names.buckets.map((b) => b.key.split(/[\s,.]+/)[0].toLowerCase())].slice(0, 20);
  const people = [
    'Trina module',
    'bifacial 550W',
    'SMA 7.7kW inverter',
    'Daikin air to water heat pump',
    'Qcells poly 255W',
  ];
  const fixed = (paths: string[]) => async () => paths;
  return [
    { name: 'getProduct', paths: fixed(ids.map((id) => `/api/v1/products/${enc(id)}`)) },
    {
      name: 'list by category, first page (facets)',
      paths: fixed(
        repeat(
          ['pv-module', 'inverter', 'heat-pump'].map((c) => `/api/v1/products?category=${c}&limit=20`),
          10,
        ),
      ),
    },
    {
      name: 'list a category of 100, first page (facets)',
      paths: fixed(
        repeat(
          ['pv-module', 'inverter', 'heat-pump'].map((c) => `/api/v1/products?category=${c}&limit=100`),
          10,
        ),
      ),
    },
    {
      name: 'common words (the same 20 words, every category)',
      paths: fixed(words.map((w) => `/api/v1/search?q=${enc(w)}&limit=20`)),
    },
    {
      name: 'words inside one category (q=mono&category=pv-module, 20 words)',
      paths: fixed(words.map((w) => `/api/v1/search?q=${enc(w)}&category=pv-module&limit=20`)),
    },
    {
      name: 'words and quantities (5 searches people type)',
      paths: fixed(
        repeat(
          people.map((q) => `/api/v1/search?q=${enc(q)}&limit=20`),
          4,
        ),
      ),
    },
    {
      name: 'list by maker (20 module makers)',
      paths: fixed(makers.map((m) => `/api/v1/products?manufacturer=${enc(m)}&limit=20`)),
    },
    {
      name: 'deep paging: pages 41-50 of the modules, 100 a page',
      paths: async (gateway) => {
        const first = `/api/v1/products?category=pv-module&limit=100`;
        const pages: string[] = [];
        let p = first;
        for (let page = 1; page <= 50; page++) {
          if (page > 40) pages.push(p);
          const { body } = await get(gateway, p);
          if (!body.meta.next_cursor) break;
          p = `${first}&cursor=${enc(body.meta.next_cursor)}`;
        }
        return repeat(pages, 3);
      },
    },
  ];
}

/** Each row's requests, one at a time, alternating scales round by round; p50/p95 of every sample. */
async function measureRows(
  s: ScaleSetup,
  gateways: Record<'1x' | 'Nx', Gateway & { key: string }>,
): Promise<ScaleRow[]> {
  const rows: ScaleRow[] = [];
  for (const probe of await probes(s)) {
    const paths = { '1x': await probe.paths(gateways['1x']), Nx: await probe.paths(gateways.Nx) };
    const samples = {
      '1x': { ms: [] as number[], es: [] as number[] },
      Nx: { ms: [] as number[], es: [] as number[] },
    };
    for (const scale of ['1x', 'Nx'] as const) for (const p of paths[scale]) await get(gateways[scale], p); // warm-up
    for (let r = 0; r < s.rounds; r++) {
      for (const scale of ['1x', 'Nx'] as const) {
        for (const p of paths[scale]) {
          const { ms, es } = await get(gateways[scale], p);
          samples[scale].ms.push(ms);
          samples[scale].es.push(es);
        }
      }
    }
    const summary = (x: { ms: number[]; es: number[] }) => ({
      p50: median(x.ms),
      p95: percentile(x.ms, 0.95),
      esP50: median(x.es),
      esP95: percentile(x.es, 0.95),
    });
    const row = {
      name: probe.name,
      requests: samples['1x'].ms.length,
      at: { '1x': summary(samples['1x']), Nx: summary(samples.Nx) },
    };
    s.say(
      `scale ${s.times}x: ${row.name}: p95 ${row.at['1x'].p95.toFixed(1)} -> ${row.at.Nx.p95.toFixed(1)} ms (es ${row.at['1x'].esP95.toFixed(1)} -> ${row.at.Nx.esP95.toFixed(1)} ms)`,
    );
    rows.push(row);
  }
  return rows;
}

export async function rehearseScale(s: ScaleSetup): Promise<ScaleResult> {
  const mongoUri = scratchMongoUri(s.mongoUri);
  const real = (await s.es.count({ index: s.alias })).count;
  const scratch = new IndexAdmin(s.es, SCRATCH.alias);
  const served = await scratch.targets();
  // Only a run that asks to keep reuses what a --keep run left; any other starts from nothing.
  const reuse = s.keep && served.length === 1 && (await scratch.count(served[0])) === real * s.times;
  let interrupted = false;
  const gateways: (Gateway & { key: string })[] = [];
  const onSignal = () => {
    interrupted = true;
    s.say('interrupted: stopping the gateways and dropping the scratch catalog');
    void Promise.allSettled(gateways.map((g) => g.stop()))
      .then(() => dropScratch(s.es, s.mongoUri))
      .finally(() => process.exit(130));
  };
  if (!s.keep) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, onSignal);
  try {
    let ingest: IngestFigures | undefined;
    if (reuse) s.say(`scale ${s.times}x: reusing the scratch catalog a --keep run left (ingest not measured)`);
    else if (s.copies) {
      await dropScratch(s.es, s.mongoUri);
      await copyScaled(s);
    } else {
      await dropScratch(s.es, s.mongoUri);
      const mongo = createMongo(mongoUri, SCRATCH.database, 120000);
      try {
        await ensureIndexes(mongo.db);
        ingest = await ingestScaled(s, mongo);
      } finally {
        await mongo.client.close();
      }
    }
    const one = await s.gatewayOn(s.alias);
    gateways.push(one);
    const scaled = await s.gatewayOn(SCRATCH.alias);
    gateways.push(scaled);
    const rss = { '1x': sampleRss(one.pid), Nx: sampleRss(scaled.pid) };
    try {
      const rows = await measureRows(s, { '1x': one, Nx: scaled });
      return {
        times: s.times,
        products: { '1x': real, Nx: (await s.es.count({ index: SCRATCH.alias })).count },
        copies: s.copies && !reuse,
        ingest,
        rows,
        rssMb: { '1x': rss['1x'].stop().peakMb, Nx: rss.Nx.stop().peakMb },
      };
    } finally {
      await Promise.all(gateways.map((g) => g.stop()));
    }
  } finally {
    if (!s.keep && !interrupted) await dropScratch(s.es, s.mongoUri);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeListener(signal, onSignal);
  }
}

export function scaleLines(r: ScaleResult, machine: string, rounds: number): string[] {
  const f = (n: number, d = 0) => n.toFixed(d);
  const i = r.ingest;
  return [
    `Scale rehearsal, ${new Date().toISOString().slice(0, 10)}: ${machine}. 1x = the live alias (${r.products['1x']} products), ${r.times}x = ${r.products.Nx} products ${r.copies ? 'copied from the live index' : 'through the real ingest path'}. ${rounds} interleaved rounds; read cache off; one request at a time.`,
    '',
    ...(i
      ? [
          `Ingest at ${r.times}x: ${i.products} products and ${i.revisions} revisions written in ${f(i.seconds, 1)} s: **${f(i.productsPerSecond)} products/s** into MongoDB, the index loaded at the same time (${f(i.indexedPerSecond)} documents/s). ` +
            `Reindex from the record (\`npm run reindex\`'s path): ${f(i.reindexPerSecond)} documents/s (${f(i.reindexSeconds, 1)} s), ` +
            `${f(i.reindexPerSecond / i.rawCopyPerSecond, 2)}x the bulk helper copying the same documents from the index (${f(i.rawCopyPerSecond)} documents/s).`,
          '',
        ]
      : []),
    `| read | requests per scale | p50 1x -> ${r.times}x (ms) | p95 1x -> ${r.times}x (ms) | p95 growth | Elasticsearch p95 1x -> ${r.times}x (ms) | target |`,
    '|---|---|---|---|---|---|---|',
    ...r.rows.map(
      (row) =>
        `| ${row.name} | ${row.requests} | ${f(row.at['1x'].p50, 1)} -> ${f(row.at.Nx.p50, 1)} | ${f(row.at['1x'].p95, 1)} -> ${f(row.at.Nx.p95, 1)} | ${f(row.at.Nx.p95 / row.at['1x'].p95, 2)}x | ${f(row.at['1x'].esP95, 1)} -> ${f(row.at.Nx.esP95, 1)} | <= 1.5x |`,
    ),
    `| gateway peak RSS | | | ${f(r.rssMb['1x'])} -> ${f(r.rssMb.Nx)} MB | | | |`,
  ];
}

export const SCALE_RESULTS = (out: string, times: number) => path.join(out, `scale-${times}x.md`);
