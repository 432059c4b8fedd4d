// The service on a local cluster with one node stopped mid-load, for scripts/rehearse-cluster.mjs:
// seed a small real catalog, start the service against every node, read at a steady rate, stop a
// node (the one that is not master, then the elected master, gracefully and not), watch the answers,
// /readyz and the cluster's own view, then start the node again and wait for the cluster to heal.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { getJson, leadership, waitForCluster } from './nodes.mjs';
import { judge, poll, readiness, startLoad } from './load.mjs';
import { ROOT, sleep, waitUntil } from '../../engines/util.mjs';

const SCENARIOS = [
  { name: 'SIGTERM to the node that is not the elected master', victim: 'other', signal: 'SIGTERM' },
  { name: 'SIGTERM to the elected master', victim: 'master', signal: 'SIGTERM' },
  { name: 'SIGKILL to the elected master', victim: 'master', signal: 'SIGKILL' },
];
const QUERIES = ['Trina', 'Huawei', 'ABB', 'Q.PEAK DUO', 'Viessmann heat pump', 'Ablytek 280'];

/** Loads the test fixture (real records, a few makers per file) through the seed command. */
export async function seedFixture(env, say) {
  const { writeSources } = await import('../../dist/test/helpers/seed-fixture.js');
  const dir = writeSources();
  const t0 = Date.now();
  const run = spawnSync(
    process.execPath,
    ['dist/src/cli/seed.js', '--sources-dir', dir, '--accept-checksum-mismatch'],
    {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`seed failed (${run.status}): ${run.stderr.slice(-2000)}`);
  say(`seeded the fixture in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${run.stderr.trim().split('\n').at(-1)}`);
  return dir;
}

/** Starts `node dist/src/main.js` with `env`, its output to `logFile`; resolves once /healthz answers. */
export async function startService(env, logFile) {
  const child = spawn(process.execPath, ['dist/src/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const url = `http://127.0.0.1:${env.PORT}`;
  const up = await waitUntil(async () => (await fetch(`${url}/healthz`).catch(() => null))?.ok === true, 30000, {
    pollMs: 200,
  });
  if (!up) throw new Error(`the service did not answer /healthz within 30 s; read ${logFile}`);
  return { child, url };
}

async function post(url, body, token) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A developer with a read key, the fixture's product ids, and the queries that find something. */
export async function reader(url) {
  const api = `${url}/api/v1`;
  const account = { email: `cluster-${process.pid}-${Date.now()}@example.com`, password: 'a-long-passphrase-2026' };
  await post(`${api}/auth/register`, account);
  const { access_token: token } = await post(`${api}/auth/login`, account);
  const { secret: key } = await post(
    `${api}/developer/keys`,
    { name: 'rehearsal', scopes: ['products:read', 'search:read'] },
    token,
  );
  const get = async (p) => (await fetch(`${api}${p}`, { headers: { authorization: `Bearer ${key}` } })).json();
  const ids = (await get('/products?limit=100')).data.map((p) => p.id);
  const queries = [];
  for (const q of QUERIES)
    if ((await get(`/search?q=${encodeURIComponent(q)}&limit=1`)).meta.total > 0) queries.push(q);
  if (ids.length === 0 || queries.length === 0) throw new Error('the seeded catalog answers no products or no search');
  return { key, ids, queries };
}

/** Runs every scenario on `nodes` (two, both running) and resolves with what each showed. */
export async function rehearseFailover({ nodes, url, reads, rate, warmSeconds, afterSeconds, timeoutMs, say }) {
  const results = [];
  for (const scenario of SCENARIOS) {
    await waitForCluster(nodes[0].url, nodes.length, ['green']);
    const before = await leadership(nodes[0].url);
    const victim = nodes.find((n) => (scenario.victim === 'master') === (n.name === before.master));
    const survivor = nodes.find((n) => n !== victim);
    say(`${scenario.name}: master ${before.master}, voting ${before.voting.join(',')}; stopping ${victim.name}`);

    const load = startLoad({
      baseUrl: url,
      key: reads.key,
      ids: reads.ids,
      queries: reads.queries,
      rate,
      abortMs: 3 * timeoutMs,
    });
    const ready = poll(() => readiness(url), 500);
    // The survivor's view: the cluster's health (asked of the master) and its own (its last cluster state).
    const cluster = poll(async () => {
      const [health, local, lead] = await Promise.all([
        getJson(survivor.url, '/_cluster/health?timeout=1s', 3000),
        getJson(survivor.url, '/_cluster/health?local=true', 3000),
        leadership(survivor.url),
      ]);
      return { ...lead, health: health?.status ?? null, local: local?.status ?? null, nodes: health?.number_of_nodes };
    }, 1000);
    await sleep(warmSeconds * 1000);
    const stoppedAt = performance.now();
    const exitMs = await victim.stop(scenario.signal);
    await sleep(Math.max(0, afterSeconds * 1000 - (performance.now() - stoppedAt)));
    const [answers, readyz, seen] = await Promise.all([load.stop(), ready.stop(), cluster.stop()]);

    const t0 = Date.now();
    await victim.start();
    const healedMs = Date.now() - t0 + (await waitForCluster(survivor.url, nodes.length, ['green']));
    const afterStop = (list) => list.filter((s) => s.at >= stoppedAt);
    const result = {
      scenario: scenario.name,
      stopped: victim.name,
      masterBefore: before.master,
      votingBefore: before.voting,
      processExitMs: exitMs,
      ...judge(answers, stoppedAt, timeoutMs + 1000),
      readyzAfterStop: countBy(afterStop(readyz), (r) => `${r.status} (elasticsearch ${r.elasticsearch})`),
      // While reads are served, a balancer must not be told otherwise: ready again by the end.
      readyAtEnd: readyz.at(-1)?.status === 200,
      survivorSaw: countBy(
        afterStop(seen),
        (s) =>
          `master ${s.master ?? 'none'}, health ${s.health ?? 'no answer'}, its own view ${s.local}, nodes ${s.nodes ?? '?'}`,
      ),
      healedAfterRestartMs: healedMs,
    };
    say(JSON.stringify(result));
    results.push(result);
  }
  return results;
}

function countBy(list, key) {
  const counts = {};
  for (const item of list) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
