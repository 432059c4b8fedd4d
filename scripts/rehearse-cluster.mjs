// `npm run rehearse:cluster [-- --skip-tests] [--skip-failover] [--heap 512m] [--rate 40] [--after 25]`
// Past one machine, rehearsed on one: two more Elasticsearch nodes of the cached distribution joined
// as a cluster of their own (private ports 9291/9292, transport 9391/9392); the API tests against both
// nodes with indices of 2 shards and 1 replica; then the service under steady reads while a node is
// stopped (scripts/cluster/failover.mjs). MongoDB and Redis are the shared local engines. Every process,
// database, Redis key and folder it makes is removed on exit, Ctrl-C included. Minutes long and two
// more JVMs: not part of `npm test` or CI. Results: printed, and bench-results/cluster-rehearsal.json.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { elasticsearch } from '../engines/elasticsearch.mjs';
import { ensurePvlib, PVLIB_PYTHON } from '../tools/pvlib.mjs';
import { ROOT, httpGet } from '../engines/util.mjs';
import { LocalNode, getJson, shardLayouts, waitForCluster } from './cluster/nodes.mjs';
import { reader, rehearseFailover, seedFixture, startService } from './cluster/failover.mjs';
import { dropDatabases, dropRedisKeys, freePort } from './cluster/leftovers.mjs';

const { values: args } = parseArgs({
  options: {
    'skip-tests': { type: 'boolean', default: false },
    'skip-failover': { type: 'boolean', default: false },
    heap: { type: 'string', default: '512m' },
    rate: { type: 'string', default: '40' },
    warm: { type: 'string', default: '5' },
    after: { type: 'string', default: '25' },
  },
});
const MONGODB_URI = process.env.MONGODB_URI || 'mongodb://127.0.0.1:27017/pds';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const TIMEOUT_MS = 5000;
const LAYOUT = { ELASTICSEARCH_SHARDS: '2', ELASTICSEARCH_REPLICAS: '1' };
const t0 = Date.now();
const say = (message) => process.stdout.write(`[cluster ${((Date.now() - t0) / 1000).toFixed(0)} s] ${message}\n`);

// Undone last first, on every way out; a step added while cleaning up still runs.
const undo = [];
let cleaning;
let interrupted = false;
const cleanUp = () =>
  (cleaning ??= (async () => {
    while (undo.length)
      await undo
        .pop()()
        .catch((err) => say(`cleanup: ${err.message}`));
  })());
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
])
  process.on(signal, () => {
    interrupted = true;
    void cleanUp().finally(() => process.exit(code));
  });
/** Nothing new starts once Ctrl-C has come: the run stops at its next step. */
function carryOn() {
  if (interrupted) throw new Error('interrupted');
}

/** Runs a child to its end, its output shown; stops it (SIGINT, the group's Ctrl-C) on cleanup. */
function child(cmd, argv, env, onLine = () => {}) {
  const proc = spawn(cmd, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => proc.on('close', (code) => resolve(code)));
  undo.push(async () => proc.exitCode === null && proc.signalCode === null && (proc.kill('SIGINT'), await exited));
  for (const stream of [proc.stdout, proc.stderr])
    stream.setEncoding('utf8').on('data', (chunk) => {
      process.stdout.write(chunk);
      chunk.split('\n').forEach(onLine);
    });
  return { proc, exited };
}

/**
 * Runs the API tests, looking at the cluster every 5 s meanwhile: how each index the tests create is
 * laid out (its fullest sighting), so the record says what they really ran on.
 */
async function apiTests(env, clusterUrl) {
  const seen = new Map();
  const sample = async () => {
    for (const [index, l] of await shardLayouts(clusterUrl)) {
      const layout = `${l.primaries} primaries and ${l.replicas} replicas on ${l.nodes.size} nodes`;
      if (!seen.has(index) || l.nodes.size > seen.get(index).nodes) seen.set(index, { layout, nodes: l.nodes.size });
    }
  };
  // A failed look (a node restarting) is skipped: the next one comes 5 s later.
  const look = setInterval(() => void sample().catch(() => undefined), 5000);
  const counts = { passing: 0, failing: 0, pending: 0 };
  const started = Date.now();
  const mocha = path.join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');
  const argv = ['--no-config', '--timeout', '30000', '--reporter', 'spec', '--exit'];
  const { proc, exited } = child(
    process.execPath,
    [mocha, ...argv, '--require', 'dist/test/helpers/root-hooks.js', 'dist/test/api/*.test.js'],
    env,
    (line) => {
      const m = /^\s+(\d+) (passing|failing|pending)/.exec(line);
      if (m) counts[m[2]] = Number(m[1]);
    },
  );
  // The tests name their databases and Redis prefixes `<kind>_<pid>_...`: whatever a cut run left goes too.
  undo.push(async () => {
    await dropDatabases(MONGODB_URI, new RegExp(`^[a-z]+_${proc.pid}_`));
    await dropRedisKeys(REDIS_URL, `*_${proc.pid}_*`);
  });
  const code = await exited;
  clearInterval(look);
  const indices = {};
  for (const { layout } of seen.values()) indices[layout] = (indices[layout] ?? 0) + 1;
  return { exitCode: code, ...counts, seconds: Math.round((Date.now() - started) / 1000), indices };
}

async function main() {
  await elasticsearch.install(); // the cached distribution; fetched once if missing
  const root = mkdtempSync('/var/tmp/pds-cluster-'); // reachable by the Elasticsearch user
  chmodSync(root, 0o755);
  undo.push(async () => rmSync(root, { recursive: true, force: true }));
  const names = [
    { name: 'r1', httpPort: 9291, transportPort: 9391 },
    { name: 'r2', httpPort: 9292, transportPort: 9392 },
  ];
  for (const { httpPort } of names)
    if (await httpGet(`http://127.0.0.1:${httpPort}`)) throw new Error(`port ${httpPort} is taken`);
  const clusterName = `pds-rehearsal-${process.pid}`;
  const nodes = names.map((n) => new LocalNode(root, { ...n, peers: names, clusterName, heap: args.heap }));
  undo.push(async () => void (await Promise.all(nodes.map((n) => n.close()))));
  say(`starting ${nodes.map((n) => `${n.name} (${n.url})`).join(' and ')}, heap ${args.heap} each, under ${root}`);
  await Promise.all(nodes.map((n) => n.start()));
  const formedMs = await waitForCluster(nodes[0].url, 2, ['green', 'yellow']);
  say(
    `cluster ${clusterName} of 2 nodes formed ${((Date.now() - t0) / 1000).toFixed(0)} s after start (${formedMs} ms after both answered)`,
  );
  carryOn();
  const urls = nodes.map((n) => n.url).join(',');
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_')));
  const report = { date: new Date().toISOString(), heap: args.heap, nodes: urls, layout: LAYOUT };

  if (!args['skip-tests']) {
    await ensurePvlib();
    const env = { ...base, ...LAYOUT, NODE_ENV: 'test', ELASTICSEARCH_URL: urls, MONGODB_URI, REDIS_URL, PVLIB_PYTHON };
    say(`API tests (dist/test/api/*.test.js) with ELASTICSEARCH_URL=${urls}, 2 shards, 1 replica`);
    report.apiTests = await apiTests(env, nodes[0].url);
    say(`API tests: ${JSON.stringify(report.apiTests)}`);
  }
  carryOn();

  if (!args['skip-failover']) {
    const alias = `pds-cluster-${process.pid}`;
    const db = `pds_cluster_${process.pid}`;
    const env = {
      ...base,
      ...LAYOUT,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      ELASTICSEARCH_URL: urls,
      ELASTICSEARCH_INDEX: alias,
      MONGODB_URI: new URL(`/${db}`, MONGODB_URI).toString(),
      REDIS_URL,
      REDIS_KEY_PREFIX: `${alias}:`,
      // Every read reaches Elasticsearch, none of the limits or credits gets in the way.
      READ_CACHE_BYTES: '0',
      RESPONSE_CACHE_BYTES: '0',
      RATE_LIMIT_MAX: '100000000',
      ACCOUNT_RATE_LIMIT_MAX: '100000000',
      SIGNUP_CREDITS: '100000000',
      REQUEST_TIMEOUT_MS: String(TIMEOUT_MS),
      LOG_LEVEL: 'warn',
    };
    undo.push(async () => {
      await dropDatabases(MONGODB_URI, new RegExp(`^${db}$`));
      await dropRedisKeys(REDIS_URL, `${alias}:*`);
    });
    const sources = await seedFixture(env, say);
    undo.push(async () => rmSync(sources, { recursive: true, force: true }));
    report.index = await getJson(nodes[0].url, `/_cat/shards/${alias}*?format=json&h=index,shard,prirep,state,node`);
    say(`shards of ${alias}: ${report.index.map((s) => `${s.shard}${s.prirep}@${s.node}`).join(' ')}`);
    carryOn();
    const service = await startService(env, path.join(root, 'service.log'));
    undo.push(async () => {
      if (service.child.exitCode !== null) return;
      service.child.kill('SIGTERM');
      await new Promise((resolve) => service.child.on('exit', resolve));
    });
    const reads = await reader(service.url);
    report.failover = await rehearseFailover({
      nodes,
      url: service.url,
      reads,
      rate: Number(args.rate),
      warmSeconds: Number(args.warm),
      afterSeconds: Number(args.after),
      timeoutMs: TIMEOUT_MS,
      say,
    });
  }

  report.seconds = Math.round((Date.now() - t0) / 1000);
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench-results', 'cluster-rehearsal.json'), `${JSON.stringify(report, null, 2)}\n`);
  const failed =
    (report.apiTests && (report.apiTests.exitCode !== 0 || report.apiTests.failing > 0)) ||
    (report.failover ?? []).some((r) => r.brokenCount > 0 || !r.readyAtEnd);
  say(`done in ${report.seconds} s; ${failed ? 'FAILED' : 'passed'}; bench-results/cluster-rehearsal.json`);
  return failed ? 1 : 0;
}

main().then(
  async (code) => {
    await cleanUp();
    process.exit(code);
  },
  async (err) => {
    say(`failed: ${err.stack ?? err.message}`);
    await cleanUp();
    process.exit(1);
  },
);
