// Issue 27's memory flood against the whole service, as `npm start` runs it (a primary and its
// workers, default settings unless given): N distinct 100-product lists, 4 at a time, and the
// resident memory of every process of the service summed, sampled every 200 ms, with each
// process's own peak (VmHWM). Reads the catalog behind ELASTICSEARCH_INDEX (default the live alias
// `products`, read only); accounts go to a database of its own.
//   node dist/bench/flood.js [count] [KEY=VALUE ...]   e.g. node dist/bench/flood.js 15000 WORKER_HEAP_MB=0
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const MB = 1e6;
const CONCURRENCY = 4;

const kib = (pid: number, field: string) => {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return 1024 * Number(match?.[1] ?? 0);
  } catch {
    return 0;
  }
};
/** Proportional set size: shared pages (the Node binary's) split among the processes that map them. */
const pss = (pid: number) => {
  try {
    return 1024 * Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};
const childrenOf = (pid: number) => {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(' ').map(Number) : [];
};

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 15000);
  const overrides = Object.fromEntries(process.argv.slice(3).map((kv) => kv.split(/=(.*)/s).slice(0, 2)));
  const stamp = Date.now().toString(36);
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/src/main.js')], {
    env: {
      ...process.env,
      PORT: '0',
      NODE_ENV: 'test',
      ELASTICSEARCH_INDEX: process.env.ELASTICSEARCH_INDEX ?? 'products',
      MONGODB_URI: `mongodb://127.0.0.1:27017/flood_${stamp}`,
      REDIS_KEY_PREFIX: `flood_${stamp}:`,
      SIGNUP_CREDITS: String(count + 1000),
      RATE_LIMIT_MAX: '1000000',
      ACCOUNT_RATE_LIMIT_MAX: '1000000',
      ...overrides,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    // Until it listens (with workers: all of them, which the primary says); later lines are dropped.
    const read = (c: Buffer) => {
      out += c.toString();
      const line = out
        .split('\n')
        .find((l) => /"msg":"workers listening"/.test(l) || (/"msg":"listening"/.test(l) && !/"worker":/.test(l)));
      const at = line && /"address":"([^"]+)"/.exec(line)?.[1];
      if (!at) return;
      child.stdout.off('data', read);
      child.stdout.resume();
      resolve(`http://${at}`);
    };
    child.stdout.on('data', read);
    child.on('exit', (code) => reject(new Error(`the service exited ${code}: ${out}`)));
  });
  const pids = () => [child.pid!, ...childrenOf(child.pid!)];
  const email = `flood-${stamp}@example.com`;
  const post = (p: string, body: unknown, token?: string) =>
    fetch(`${url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, string>>);
  await post('/api/v1/auth/register', { email, password: 'panels-and-inverters-2026' });
  const { access_token } = await post('/api/v1/auth/login', { email, password: 'panels-and-inverters-2026' });
  const { secret } = await post('/api/v1/developer/keys', { name: 'flood', scopes: ['products:read'] }, access_token);
  let highest = 0;
  const sampler = setInterval(() => {
    highest = Math.max(
      highest,
      pids().reduce((sum, pid) => sum + kib(pid, 'VmRSS'), 0),
    );
  }, 200);
  const started = Date.now();
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < count) {
      const n = ++next;
      const res = await fetch(`${url}/api/v1/products?limit=100&specs.stc_power_w[gte]=-${n}`, {
        headers: { authorization: `Bearer ${secret}` },
      });
      await res.arrayBuffer();
      if (res.status !== 200) failed++;
      if (n % 5000 === 0)
        console.log(`${n}: ${(pids().reduce((s, pid) => s + kib(pid, 'VmRSS'), 0) / MB).toFixed(0)} MB summed now`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  clearInterval(sampler);
  const peaks = pids().map((pid) => kib(pid, 'VmHWM'));
  console.log(
    JSON.stringify({
      lists: count,
      failed,
      seconds: Math.round((Date.now() - started) / 1000),
      overrides,
      processes: peaks.length,
      peaks_mb: peaks.map((b) => Math.round(b / MB)),
      sum_of_peaks_mb: Math.round(peaks.reduce((a, b) => a + b, 0) / MB),
      highest_sum_sampled_mb: Math.round(highest / MB),
      pss_sum_at_end_mb: Math.round(pids().reduce((sum, pid) => sum + pss(pid), 0) / MB),
    }),
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
