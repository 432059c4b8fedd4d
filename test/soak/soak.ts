// npm run test:soak [-- --minutes 10 --rate 40]: the real service (its own process) under a steady
// request rate on loopback for a bounded time, with a mix of good and bad requests. Passes when no
// answer is a 5xx or missing, resident memory shows no upward trend, and sockets and file handles
// come back to where they started. Prints its figures and writes test-artifacts/soak.md.
import { mkdirSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openCatalog } from '../helpers/catalog';
import { writeSources } from '../helpers/seed-fixture';
import { ROOT } from '../helpers/engines';
import { startGateway, procStatusMb } from '../../bench/processes';

const { values: args } = parseArgs({
  options: { minutes: { type: 'string', default: '10' }, rate: { type: 'string', default: '40' } },
});
const MINUTES = Number(args.minutes);
const RATE = Number(args.rate);

const fds = (pid: number) => {
  const all = readdirSync(`/proc/${pid}/fd`);
  let sockets = 0;
  for (const fd of all) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets++;
    } catch {
      // closed meanwhile
    }
  }
  return { handles: all.length, sockets };
};

/** Least-squares slope of y over x. */
function slope(points: readonly [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

async function main() {
  const catalog = await openCatalog();
  await catalog.seed(writeSources());
  const gateway = await startGateway(
    {
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: catalog.alias,
      SIGNUP_CREDITS: '100000000',
      RATE_LIMIT_MAX: '1000000',
      ACCOUNT_RATE_LIMIT_MAX: '1000000',
      KEY_FAILURES_MAX: '1000000',
      JWT_SECRET: 'soak-jwt-secret-0123456789abcdef0123456789ab',
      CURSOR_SECRET: 'soak-cursor-secret-0123456789abcdef01234567',
      WEBHOOK_SECRET_KEY: 'soak-webhook-secret-key-0123456789abcdef0123',
      LOG_LEVEL: 'warn',
    },
    path.join(ROOT, 'test-artifacts', 'soak-gateway.log'),
  );
  const post = (p: string, body: object, token?: string) =>
    fetch(`${gateway.url}/api/v1${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const email = `soak-${Date.now()}@example.com`;
  await post('/auth/register', { email, password: 'soak-passphrase-2026' });
  const { access_token } = await post('/auth/login', { email, password: 'soak-passphrase-2026' });
  const key = (
    await post(
      '/developer/keys',
      { name: 'soak', scopes: ['products:read', 'search:read', 'revisions:read'] },
      access_token,
    )
  ).secret as string;
  const ids = (
    (await (
      await fetch(`${gateway.url}/api/v1/products?limit=20&fields=id`, { headers: { authorization: `Bearer ${key}` } })
    ).json()) as { data: { id: string }[] }
  ).data.map((d) => d.id);
  const mix = [
    '/api/v1/search?q=trina&limit=10',
    '/api/v1/search?q=huawei%20sun2000&category=inverter',
    '/api/v1/products?category=pv-module&specs.stc_power_w[gte]=200&sort=-specs.stc_power_w',
    `/api/v1/products/${ids[0]}`,
    `/api/v1/products/${ids[1]}/revisions`,
    `/api/v1/compare?ids=${ids[2]},${ids[3]}`,
    '/api/v1/changes?limit=20',
    '/api/v1/sources',
    '/api/v1/products?limit=5000', // 400
    '/api/v1/products/no-such-product', // 404
    'BADKEY /api/v1/products', // 401
    '/api/v1/export?category=inverter',
  ];

  const counts = new Map<number, number>();
  const samples: { t: number; rssMb: number; heapMb: number; handles: number; sockets: number }[] = [];
  const t0 = Date.now();
  const baseline = fds(gateway.pid);
  // The JavaScript heap in use, from the service's own /metrics (loopback): it tells live objects
  // (a leak) apart from heap capacity V8 keeps after growing it.
  const heapMb = async () => {
    const text = await (await fetch(`${gateway.url}/metrics`)).text();
    return Number(/^pds_nodejs_heap_size_used_bytes (\d+)/m.exec(text)?.[1] ?? 0) / 2 ** 20;
  };
  const sample = async () =>
    samples.push({
      t: (Date.now() - t0) / 60000,
      rssMb: procStatusMb(gateway.pid, 'VmRSS'),
      heapMb: await heapMb(),
      ...fds(gateway.pid),
    });
  await sample();
  const sampler = setInterval(() => void report(), 10000);
  async function report() {
    await sample();
    const s = samples.at(-1)!;
    process.stderr.write(
      `soak: ${s.t.toFixed(1)} min, ${[...counts.values()].reduce((a, b) => a + b, 0)} requests, RSS ${s.rssMb.toFixed(0)} MB, heap used ${s.heapMb.toFixed(0)} MB, ${s.handles} handles, ${s.sockets} sockets\n`,
    );
  }

  // Open model: one request every 1/RATE s whatever the answers take, so slow answers pile up.
  const inflight = new Set<Promise<void>>();
  const end = t0 + MINUTES * 60000;
  for (let i = 0; Date.now() < end; i++) {
    const target = mix[i % mix.length];
    const bad = target.startsWith('BADKEY ');
    const p = fetch(`${gateway.url}${bad ? target.slice(7) : target}`, {
      headers: { authorization: `Bearer ${bad ? 'pds_x_y' : key}` },
    })
      .then(async (r) => {
        await r.arrayBuffer();
        counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
      })
      .catch(() => void counts.set(0, (counts.get(0) ?? 0) + 1))
      .finally(() => inflight.delete(p));
    inflight.add(p);
    const next = t0 + ((i + 1) * 1000) / RATE;
    await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
  }
  await Promise.all(inflight);
  clearInterval(sampler);
  // Idle keep-alive sockets close after 5 s; then handles should be back where they started.
  await new Promise((r) => setTimeout(r, 7000));
  await sample();
  const final = samples.at(-1)!;
  await gateway.stop();
  await catalog.drop();

  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const fiveXX = [...counts].filter(([s]) => s >= 500 || s === 0).reduce((a, [, n]) => a + n, 0);
  const secondHalf = samples.filter((s) => s.t >= MINUTES / 2);
  const plateau = secondHalf[0] ?? final;
  // RSS is sampled anywhere in a garbage-collection cycle (a 60 MB sawtooth at this rate); what a
  // leak raises is the floor. So the verdict is the trend of each minute's lowest RSS.
  const floors = new Map<number, number>();
  for (const s of secondHalf) floors.set(Math.floor(s.t), Math.min(floors.get(Math.floor(s.t)) ?? Infinity, s.rssMb));
  const trend = slope([...floors]);
  const rawTrend = slope(secondHalf.map((s) => [s.t, s.rssMb] as [number, number]));
  const heapTrend = slope(samples.filter((s) => s.t >= MINUTES / 2).map((s) => [s.t, s.heapMb] as [number, number]));
  const lines = [
    `Soak: ${MINUTES} min at ${RATE} req/s on loopback (${total} requests), ${new Date().toISOString()}.`,
    `Answers: ${[...counts]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s || 'no answer'} x ${n}`)
      .join(', ')}; 5xx or no answer: ${fiveXX}.`,
    `RSS MB: start ${samples[0].rssMb.toFixed(0)}, max ${Math.max(...samples.map((s) => s.rssMb)).toFixed(0)}, end ${final.rssMb.toFixed(0)}; trend over the second half ${trend.toFixed(2)} MB/min for each minute's lowest RSS (${rawTrend.toFixed(2)} MB/min over all samples).`,
    `JS heap in use MB: start ${samples[0].heapMb.toFixed(0)}, max ${Math.max(...samples.map((s) => s.heapMb)).toFixed(0)}, end ${final.heapMb.toFixed(0)}; trend over the second half ${heapTrend.toFixed(2)} MB/min.`,
    `Handles: ${baseline.handles} before the load, ${plateau.handles} at the start of the second half, ${final.handles} after it and 7 s idle (sockets ${baseline.sockets} -> ${plateau.sockets} -> ${final.sockets}; connection pools fill up to their size under load).`,
    '',
    'RSS / heap in use over time (min: MB/MB): ' +
      samples.map((s) => `${s.t.toFixed(1)}: ${s.rssMb.toFixed(0)}/${s.heapMb.toFixed(0)}`).join(', '),
  ];
  mkdirSync(path.join(ROOT, 'test-artifacts'), { recursive: true });
  writeFileSync(path.join(ROOT, 'test-artifacts', 'soak.md'), `${lines.join('\n')}\n`);
  process.stdout.write(`${lines.join('\n')}\n`);
  const failures = [
    fiveXX > 0 && `${fiveXX} answers were 5xx or missing`,
    trend > 2 && `the RSS floor grows ${trend.toFixed(2)} MB/min over the second half`,
    // Pools (database, search engine, keep-alive) grow to their working size in the first minutes;
    // a leak keeps growing after that.
    final.handles > plateau.handles + 5 &&
      `handles grew from ${plateau.handles} to ${final.handles} over the second half`,
  ].filter(Boolean);
  if (failures.length) throw new Error(failures.join('; '));
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`soak: FAILED: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
