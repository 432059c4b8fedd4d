// npm run bench [-- --duration 20 --rounds 3 --deep-paging 200000 --only search|reads|export|batch|fairness|tenants --node 24 --profile --workers N]
// npm run bench -- --scale N [--keep] [--copies] [--rounds 3]: the scale rehearsal (bench/scale.ts), a run of its own.
// Gateway vs raw Elasticsearch on this machine, in one run: search throughput and latency at fixed
// concurrency, reindex vs a raw bulk load, deep paging, and the gateway's memory. Runs against the
// engines `npm start` brought up and the data it loaded; prints a table and writes bench-results/.
// --node 24 runs the gateway on that Node (tools/node.mjs); --profile takes a CPU profile of a
// gateway serving cached getProducts and prints where its time goes (bench/profile.ts).
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import { createEsClient, type EsClient } from '../src/adapters/elasticsearch/client';
import { loadConfig } from '../src/config';
import { startCapture, captureSearches } from './capture';
import { queryMix, sampleDocuments } from './query-mix';
import { startGateway, runLoad, sampleRss, median, ROOT, GENERATORS, type Gateway, type Runtime } from './processes';
import { summarizeProfile } from './profile';
import type { LoadResult } from './load';
import { measureReindex } from './reindex';
import { measureDeepPaging } from './deep-paging';
import { measureBatch, measureReads, type ReadRow, type ExportRow, type ReadsSetup, type Sides } from './reads';
import { rehearseScale, scaleLines, SCALE_RESULTS } from './scale';
import { fairnessLines, measureFairDelivery } from './webhook-fairness';
import { measureTwoTenants, twoTenantsLines } from './two-tenants';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    'deep-paging': { type: 'string', default: '200000' },
    scale: { type: 'string' },
    keep: { type: 'boolean', default: false },
    copies: { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '8,32' },
    only: { type: 'string' },
    node: { type: 'string' },
    profile: { type: 'boolean', default: false },
    workers: { type: 'string' },
  },
});
const DURATION = Number(args.duration);
const ROUNDS = Number(args.rounds);
const SCALE = Number(args['deep-paging']);
const CONCURRENCY = args.concurrency.split(',').map(Number);
/** The Node the gateways run on: this one, or the major `--node` names, installed by tools/node.mjs. */
const RUNTIME: Runtime = { node: args.node ? installedNode(args.node) : process.execPath, args: [] };

function installedNode(major: string): string {
  const script = `import { ensureNode } from ${JSON.stringify(path.join(ROOT, 'tools', 'node.mjs'))}; process.stdout.write(await ensureNode(${JSON.stringify(major)}));`;
  const found = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (found.status !== 0) throw new Error(`no Node ${major}: ${found.stderr}`);
  return found.stdout.trim();
}

/** wrk from Debian (tools/wrk.mjs), the second load generator of the read rows. */
function installedWrk(): string {
  const script = `import { ensureWrk } from ${JSON.stringify(path.join(ROOT, 'tools', 'wrk.mjs'))}; process.stdout.write(await ensureWrk());`;
  const found = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (found.status !== 0) throw new Error(`no wrk: ${found.stderr}`);
  return found.stdout.trim();
}

const config = loadConfig({ ...process.env, NODE_ENV: 'development' });
const OUT = path.join(ROOT, 'bench-results');
const LOG = path.join(OUT, 'gateway.log');
const say = (line: string) => process.stderr.write(`bench: ${line}\n`);

function gatewayEnv(esUrl: string, alias = config.ELASTICSEARCH_INDEX): Record<string, string> {
  // Limits high enough never to reject: the point is what checking them costs, not refusals.
  return {
    ELASTICSEARCH_URL: esUrl,
    ELASTICSEARCH_INDEX: alias,
    MONGODB_URI: config.MONGODB_URI,
    REDIS_URL: config.REDIS_URL,
    REDIS_KEY_PREFIX: 'pds-bench:',
    RATE_LIMIT_MAX: '1000000000',
    ACCOUNT_RATE_LIMIT_MAX: '1000000000',
    SIGNUP_CREDITS: '1000000000',
    // One key drives the load: at 32 connections the engine slots (2 per worker, 1 per account by
    // default) would queue it; these rows measure what the gateway adds, the two-tenant row the slots.
    SEARCH_SLOTS: '256',
    SEARCH_CONCURRENCY_PER_ACCOUNT: '255',
    JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
    CURSOR_SECRET: 'bench-cursor-secret-0123456789abcdef01234567',
    WEBHOOK_SECRET_KEY: 'bench-webhook-secret-key-0123456789abcdef012',
    LOG_LEVEL: 'info',
    // --workers N pins the gateway's workers; without it the service's default (one per core).
    ...(args.workers ? { WEB_CONCURRENCY: args.workers } : {}),
  };
}

/** A gateway whose every read reaches Elasticsearch: for capturing bodies and measuring uncached cost. */
const NO_CACHE = { READ_CACHE_BYTES: '0', RESPONSE_CACHE_BYTES: '0' };

async function developerKey(gateway: string): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'benchmark-passphrase-2026';
  const post = (p: string, body: object, token?: string) =>
    fetch(`${gateway}/api/v1${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  await post('/auth/register', { email, password });
  const { access_token } = await post('/auth/login', { email, password });
  return (await post('/developer/keys', { name: 'bench', scopes: ['products:read', 'search:read'] }, access_token))
    .secret as string;
}

interface SearchRow {
  readonly connections: number;
  readonly gateway: LoadResult;
  readonly raw: LoadResult;
  readonly rssPeakMb: number;
  readonly rounds: { gateway: LoadResult; raw: LoadResult }[];
}

const medianResult = (rs: LoadResult[]): LoadResult => ({
  rps: median(rs.map((r) => r.rps)),
  p50: median(rs.map((r) => r.p50)),
  p99: median(rs.map((r) => r.p99)),
  requests: rs.reduce((s, r) => s + r.requests, 0),
  non2xx: rs.reduce((s, r) => s + r.non2xx, 0),
  errors: rs.reduce((s, r) => s + r.errors, 0),
});

async function searchBench(es: EsClient): Promise<{ rows: SearchRow[]; mix: number; leftOut: string[] }> {
  // 1. Capture: one gateway behind a recording proxy, each query of the mix sent once.
  const capture = await startCapture(config.ELASTICSEARCH_URL);
  let gateway: Gateway = await startGateway({ ...gatewayEnv(capture.url), ...NO_CACHE }, LOG, RUNTIME);
  const key = await developerKey(gateway.url);
  const mix = await queryMix(es, config.ELASTICSEARCH_INDEX, gateway.url, key);
  const { urls: oneCall, bodies, leftOut: twoCalls } = await captureSearches(capture, gateway.url, key, mix);
  await gateway.stop();
  await capture.close();

  // 2. Load: the gateway straight on Elasticsearch, against the captured bodies on Elasticsearch.
  // Without the read cache: the mix repeats its few dozen queries, and these rows measure what a
  // search costs (the cached case is the Zipf row of --only reads).
  gateway = await startGateway({ ...gatewayEnv(config.ELASTICSEARCH_URL), ...NO_CACHE }, LOG, RUNTIME);
  const headers = { authorization: `Bearer ${key}` };
  const rows: SearchRow[] = [];
  try {
    await runLoad({
      url: gateway.url,
      connections: 8,
      durationSeconds: 5,
      requests: oneCall.map((p) => ({ method: 'GET', path: p, headers })),
    }); // warm-up
    await runLoad({ url: config.ELASTICSEARCH_URL, connections: 8, durationSeconds: 5, requests: bodies });
    for (const connections of CONCURRENCY) {
      const rounds: SearchRow['rounds'] = [];
      let rssPeakMb = 0;
      for (let r = 0; r < ROUNDS; r++) {
        const rss = sampleRss(gateway.pid);
        const g = await runLoad({
          url: gateway.url,
          connections,
          durationSeconds: DURATION,
          requests: oneCall.map((p) => ({ method: 'GET', path: p, headers })),
        });
        rssPeakMb = Math.max(rssPeakMb, ...rss.stop().samples);
        const raw = await runLoad({
          url: config.ELASTICSEARCH_URL,
          connections,
          durationSeconds: DURATION,
          requests: bodies,
        });
        say(
          `c=${connections} round ${r + 1}: gateway ${g.rps.toFixed(0)} req/s p50 ${g.p50} ms (${g.non2xx} not 2xx); raw ${raw.rps.toFixed(0)} req/s p50 ${raw.p50} ms`,
        );
        rounds.push({ gateway: g, raw });
      }
      rows.push({
        connections,
        gateway: medianResult(rounds.map((x) => x.gateway)),
        raw: medianResult(rounds.map((x) => x.raw)),
        rssPeakMb,
        rounds,
      });
    }
  } finally {
    await gateway.stop();
  }
  return { rows, mix: oneCall.length, leftOut: twoCalls };
}

function machine(esVersion: string) {
  const node = spawnSync(RUNTIME.node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  return `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, gateway on Node ${node}, Elasticsearch ${esVersion} (1 node, ${process.env.ES_HEAP ?? '1g'} heap), FerretDB 1.24.2/SQLite, shared machine`;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  // This run's gateways only: their start is read from the log, which grew past what a string holds
  // (552 MB after a day of runs).
  writeFileSync(LOG, '');
  const es = createEsClient(config.ELASTICSEARCH_URL, 120000);
  const nodes = await es.nodes.info({ node_id: '_local' }).catch(() => undefined);
  const esVersion = nodes ? (Object.values(nodes.nodes)[0]?.version ?? '?') : '?';
  say(`machine: ${machine(esVersion)}`);

  if (args.scale !== undefined) return scaleAlone(es, esVersion);
  const alone = await partAlone(es, esVersion);
  if (alone) {
    keep(alone);
    await es.close();
    return;
  }
  const search = await searchBench(es);
  if (args.only === 'search') {
    // A ranking change is judged on these rows alone (before and after, same machine, same run length).
    keep({ lines: searchLines(search, esVersion), file: 'search.md' });
    await es.close();
    return;
  }
  await everyPart(es, esVersion, search);
}

/** A part's table, and the file in bench-results/ it is kept in. */
interface Part {
  readonly lines: string[];
  readonly file: string;
}

/** Prints the table and keeps it in its file. */
function keep({ lines, file }: Part): void {
  const table = lines.join('\n');
  process.stdout.write(`${table}\n`);
  writeFileSync(path.join(OUT, file), `${table}\n`);
}

/** `--scale N`: the catalog N times over, seeded, read and reindexed (bench/scale.ts). */
async function scaleAlone(es: EsClient, esVersion: string): Promise<void> {
  const times = Number(args.scale);
  if (!Number.isInteger(times) || times < 2 || times > 50) throw new Error(`--scale wants 2 to 50, not ${args.scale}`);
  const result = await rehearseScale({
    es,
    mongoUri: config.MONGODB_URI,
    alias: config.ELASTICSEARCH_INDEX,
    times,
    rounds: ROUNDS,
    keep: args.keep,
    copies: args.copies,
    gatewayOn: async (alias) => {
      const gateway = await startGateway({ ...gatewayEnv(config.ELASTICSEARCH_URL, alias), ...NO_CACHE }, LOG, RUNTIME);
      return { ...gateway, key: await developerKey(gateway.url) };
    },
    say,
  });
  const table = scaleLines(result, machine(esVersion), ROUNDS).join('\n');
  process.stdout.write(`${table}\n`);
  writeFileSync(SCALE_RESULTS(OUT, times), `${table}\n`);
  writeFileSync(path.join(OUT, `scale-${times}x.json`), JSON.stringify(result, null, 2));
  await es.close();
}

/** The part `--profile` or `--only` names, run alone (search excepted: it is the first part of every run). */
async function partAlone(es: EsClient, esVersion: string): Promise<Part | undefined> {
  if (args.profile) return { lines: await profileBench(es, esVersion), file: 'profile.md' };
  if (args.only === 'fairness') return { lines: fairnessLines(await measureFairDelivery(LOG)), file: 'fairness.md' };
  if (args.only === 'tenants')
    return { lines: twoTenantsLines(await measureTwoTenants(LOG, config.ELASTICSEARCH_INDEX)), file: 'tenants.md' };
  if (args.only === 'batch') return { lines: batchLines(await readsBench(es, 'batch'), esVersion), file: 'batch.md' };
  if (args.only === 'reads' || args.only === 'export')
    return { lines: readLines(await readsBench(es, args.only === 'export'), esVersion), file: 'reads.md' };
  return undefined;
}

/** The whole bench after search: reads, reindex, deep paging, webhook fairness and two tenants, kept as latest.md and latest.json. */
async function everyPart(es: EsClient, esVersion: string, search: Awaited<ReturnType<typeof searchBench>>) {
  say('current-product reads');
  const reads = await readsBench(es);
  say('reindex vs raw bulk');
  const reindex = await measureReindex(es, config.ELASTICSEARCH_INDEX, ROUNDS);
  say(`deep paging on ${SCALE} synthetic variants`);
  const deep = await deepPaging(es);
  say('webhook delay of a healthy tenant, alone and beside a hostile one');
  const fairness = await measureFairDelivery(LOG);
  say('a normal tenant alone and beside a hostile one (costly searches, watches, hanging webhooks)');
  const tenants = await measureTwoTenants(LOG, config.ELASTICSEARCH_INDEX);
  await es.close();

  const lines = [
    ...searchLines(search, esVersion),
    '',
    ...readLines(reads, esVersion).slice(2),
    '',
    `| reindex, full data set (${reindex.documents} documents) | ${f(reindex.reindexDocsPerSecond)} docs/s (${f(reindex.reindexSeconds, 1)} s) | ${f(reindex.rawDocsPerSecond)} docs/s bulk helper (${f(reindex.rawSeconds, 1)} s) | ${f(reindex.reindexDocsPerSecond / reindex.rawDocsPerSecond, 2)}x | >= 0.7x |`,
    `| deep paging (${SCALE} synthetic), page 1 | ${f(deep.page1, 1)} ms | | | |`,
    `| deep paging, page past 10,000 | ${f(deep.past10k, 1)} ms | | ${f(deep.past10k / deep.page1, 2)}x page 1 | <= 1.5x |`,
    `| deep paging, page past 100,000 | ${f(deep.past100k, 1)} ms | | ${f(deep.past100k / deep.page1, 2)}x page 1 | <= 1.5x |`,
    ...fairnessLines(fairness),
    `| gateway peak RSS under search load | ${f(Math.max(...search.rows.map((r) => r.rssPeakMb)))} MB | | | <= 200 MB |`,
    '',
    ...twoTenantsLines(tenants),
    '',
    `Errors: gateway ${search.rows.reduce((s, r) => s + r.gateway.errors + r.gateway.non2xx, 0)} non-2xx/errors, raw ${search.rows.reduce((s, r) => s + r.raw.errors + r.raw.non2xx, 0)}.`,
  ];
  keep({ lines, file: 'latest.md' });
  writeFileSync(
    path.join(OUT, 'latest.json'),
    JSON.stringify({ machine: machine(esVersion), search, reads, reindex, deep, scale: SCALE }, null, 2),
  );
}

/** Deep paging on the synthetic index (seeded first when it holds fewer than SCALE variants), through a gateway of its own. */
async function deepPaging(es: EsClient): Promise<Awaited<ReturnType<typeof measureDeepPaging>>> {
  const synthetic = `${config.ELASTICSEARCH_INDEX}-synthetic`;
  const have = await es.count({ index: synthetic }).then(
    (r) => r.count,
    () => 0,
  );
  if (have < SCALE) {
    const seeded = spawnSync(
      process.execPath,
      [path.join(ROOT, 'dist/src/cli/seed.js'), '--synthetic', String(SCALE)],
      { stdio: 'inherit' },
    );
    if (seeded.status !== 0) throw new Error('building the synthetic index failed');
  }
  const gateway = await startGateway({ ...gatewayEnv(config.ELASTICSEARCH_URL, synthetic), ...NO_CACHE }, LOG, RUNTIME);
  try {
    return await measureDeepPaging(gateway.url, await developerKey(gateway.url), 15);
  } finally {
    await gateway.stop();
  }
}

const f = (n: number, d = 0) => n.toFixed(d);

/** A gateway (read cache on) profiled while it serves cached getProducts at 8 connections. */
async function profileBench(es: EsClient, esVersion: string): Promise<string[]> {
  const dir = mkdtempSync(path.join(OUT, 'profile-'));
  const runtime = { ...RUNTIME, args: ['--cpu-prof', `--cpu-prof-dir=${dir}`] };
  const gateway = await startGateway(gatewayEnv(config.ELASTICSEARCH_URL), LOG, runtime);
  let load: LoadResult;
  try {
    const headers = { authorization: `Bearer ${await developerKey(gateway.url)}` };
    const ids = await sampleDocuments<{ id: string }>(es, {
      alias: config.ELASTICSEARCH_INDEX,
      size: 400,
      fields: ['id'],
      seed: 7,
    });
    const requests = ids.map(({ id }) => ({
      method: 'GET' as const,
      path: `/api/v1/products/${encodeURIComponent(id)}`,
      headers,
    }));
    // Every id once first: the profile is of answers the response cache already holds.
    await runLoad({ url: gateway.url, connections: 8, durationSeconds: 3, requests });
    load = await runLoad({ url: gateway.url, connections: 8, durationSeconds: DURATION, requests });
  } finally {
    await gateway.stop();
  }
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`the gateway wrote no profile into ${dir}`);
  const summary = summarizeProfile(path.join(dir, file));
  const rows = (entries: { name: string; percent: number }[]) =>
    entries.map((e) => `| ${e.name.replace(/\|/g, '\\|')} | ${f(e.percent, 1)}% |`);
  return [
    `Gateway CPU profile, ${new Date().toISOString().slice(0, 10)}: ${machine(esVersion)}.`,
    `Cached getProduct, 8 connections, ${DURATION} s: ${f(load.rps)} req/s; ${summary.busySamples} busy samples (the whole life of the process, start and stop included). Profile: ${path.relative(ROOT, path.join(dir, file))}.`,
    '',
    '| function (its own samples) | share of busy samples |',
    '|---|---|',
    ...rows(summary.selfTop),
    '',
    '| owner (own samples of the nearest package or service file on the stack) | share of busy samples |',
    '|---|---|',
    ...rows(summary.ownersTop),
  ];
}

async function readsBench(es: EsClient, exportOnly?: boolean): Promise<Awaited<ReturnType<typeof measureReads>>>;
async function readsBench(es: EsClient, only: 'batch'): Promise<Awaited<ReturnType<typeof measureBatch>>>;
async function readsBench(es: EsClient, only: boolean | 'batch' = false) {
  const start = async (esUrl: string, extra: Record<string, string> = {}) => {
    const gateway = await startGateway({ ...gatewayEnv(esUrl), ...extra }, LOG, RUNTIME);
    return { ...gateway, key: await developerKey(gateway.url) };
  };
  const cached = await start(config.ELASTICSEARCH_URL);
  const uncached = await start(config.ELASTICSEARCH_URL, NO_CACHE);
  try {
    const setup: ReadsSetup = {
      es,
      esUrl: config.ELASTICSEARCH_URL,
      alias: config.ELASTICSEARCH_INDEX,
      cached,
      uncached,
      gatewayOn: (url) => start(url, NO_CACHE),
      rounds: ROUNDS,
      duration: DURATION,
      wrk: installedWrk(),
      say,
      exportOnly: only === true,
    };
    return only === 'batch' ? await measureBatch(setup) : await measureReads(setup);
  } finally {
    await Promise.all([cached.stop(), uncached.stop()]);
  }
}

/**
 * Latency the gateway adds. At one connection each request waits for the one before, so the mean
 * latency is 1/throughput, finer than autocannon's whole-millisecond percentiles; else the p50s.
 */
function added(r: ReadRow, x: Sides): string {
  if (r.connections === 1) return `+${f(1000 / x.gateway.rps - 1000 / x.raw.rps, 2)} ms mean`;
  return `+${f(x.gateway.p50 - x.raw.p50, 1)} ms p50`;
}

/** One bill of materials of 100 products: milliseconds per bill, each way. */
function batchLines(r: { single: ReadRow; batch: ReadRow }, esVersion: string): string[] {
  const perBill = (rps: number, requests: number) => f((1000 / rps) * requests, 1);
  return [
    `Machine: ${machine(esVersion)}. ${new Date().toISOString().slice(0, 10)}. Medians of ${ROUNDS} rounds of ${DURATION} s, one connection, cache off. Mean ms per bill of 100 products (1 / throughput).`,
    '',
    '| 100 products | gateway | raw Elasticsearch |',
    '|---|---|---|',
    `| one getProducts call / one \`_mget\` | ${perBill(r.batch.by.autocannon.gateway.rps, 1)} ms (CPU ${f(r.batch.by.autocannon.gateway.cpuMsPerRequest, 1)} ms) | ${perBill(r.batch.by.autocannon.raw.rps, 1)} ms |`,
    `| 100 getProduct calls one after another / 100 \`GET _doc\` | ${perBill(r.single.by.autocannon.gateway.rps, 100)} ms (CPU ${f(r.single.by.autocannon.gateway.cpuMsPerRequest * 100, 1)} ms) | ${perBill(r.single.by.autocannon.raw.rps, 100)} ms |`,
  ];
}

function readLines(
  reads: { rows: ReadRow[]; distinctQueries: number; export: ExportRow },
  esVersion: string,
): string[] {
  const ms = (n: number) => f(n, 3);
  const e = reads.export;
  return [
    `Machine: ${machine(esVersion)}. ${new Date().toISOString().slice(0, 10)}. Medians of ${ROUNDS} rounds of ${DURATION} s, each round both generators, interleaved. CPU: ms per request (user+system, from /proc): each gateway process (primary, then each worker), the Elasticsearch it used, raw Elasticsearch, and the load generator (gateway run / raw run).`,
    '',
    '| read | conn. | generator | gateway | raw Elasticsearch | ratio / added latency | CPU gateway processes | its ES | raw ES | generator | target |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...reads.rows.flatMap((r) =>
      GENERATORS.map((generator) => {
        const x = r.by[generator];
        const g = x.gateway;
        return `| ${r.name} | ${r.connections} | ${generator} | ${f(g.rps)} req/s, p50 ${f(g.p50, 2)} ms | ${f(x.raw.rps)} req/s, p50 ${f(x.raw.p50, 2)} ms | ${f(g.rps / x.raw.rps, 2)}x, ${added(r, x)} | ${g.processCpuMsPerRequest.map(ms).join(' + ')} = ${ms(g.cpuMsPerRequest)} | ${ms(g.esCpuMsPerRequest)} | ${ms(x.raw.esCpuMsPerRequest)} | ${ms(g.generatorCpuMsPerRequest)} / ${ms(x.raw.generatorCpuMsPerRequest)} | ${r.target} |`;
      }),
    ),
    `| export, all ${e.products} products (cache off; identity) | 1 | - | ${f(e.gatewayPerSecond)} products/s | ${f(e.rawPerSecond)} products/s (PIT scan, same fields) | ${f(e.gatewayPerSecond / e.rawPerSecond, 2)}x | RSS ${f(e.gatewayRssMb.start)} -> peak ${f(e.gatewayRssMb.peak)} MB | | | | >= 0.5x, memory flat |`,
  ];
}

/**
 * Requests per second answered 2xx: a refusal is answered at once, and counting them made the gateway
 * look faster than Elasticsearch at 32 connections (its per-account search cap answered 429s).
 */
const answered = (l: LoadResult) => l.rps * (1 - (l.non2xx + l.errors) / Math.max(1, l.requests));

function searchLines(search: Awaited<ReturnType<typeof searchBench>>, esVersion: string): string[] {
  return [
    `Machine: ${machine(esVersion)}. ${new Date().toISOString().slice(0, 10)}. Medians of ${ROUNDS} rounds of ${DURATION} s; query mix of ${search.mix} requests` +
      (search.leftOut.length
        ? ` (${search.leftOut.length} left out: each makes more than one call (suggesters, or a relaxed reading): ${search.leftOut.join(' ')}).`
        : '.'),
    '',
    '| measure | gateway | raw Elasticsearch | ratio / difference | target |',
    '|---|---|---|---|---|',
    ...search.rows.flatMap((r) => [
      `| search+list throughput (read cache off), ${r.connections} connections, answered 2xx | ${f(answered(r.gateway))} req/s (${r.gateway.non2xx + r.gateway.errors} not 2xx) | ${f(answered(r.raw))} req/s (${r.raw.non2xx + r.raw.errors} not 2xx) | ${f(answered(r.gateway) / answered(r.raw), 2)}x | >= 0.8x |`,
      `| latency p50 / p99, ${r.connections} connections | ${r.gateway.p50} / ${r.gateway.p99} ms | ${r.raw.p50} / ${r.raw.p99} ms | +${f(r.gateway.p50 - r.raw.p50, 1)} ms p50 | <= +2 ms |`,
    ]),
  ];
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`bench: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
