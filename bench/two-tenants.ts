// Two tenants on one service (issue 53). A normal tenant reads at a steady pace (a product, then an
// ordinary search, every READ_EVERY_MS) and receives its webhooks (a test event a second over five
// watches, each timed to its arrival at a receiver that answers at once), first alone, then while a hostile tenant at once bursts
// costly searches (seven fuzzy 24-letter words and "600W", BURST at a time), creates watches naming
// many products until refused, and fires test events at watches whose endpoint accepts and never
// answers. The service runs as `npm start` runs it (default workers, limits and delivery settings)
// on the bench's catalog alias, read only, with the caches off so that every read reaches the
// engines; accounts and watches go to a database of their own. The hostile tenant has credits
// enough never to run out: only the limits stand in its way.
// `npm run bench -- --only tenants`, or `node dist/bench/two-tenants.js` after `npm run build`.
import { listen, receivers } from './receivers';
import { newDeveloper, type Developer } from '../test/helpers/accounts';
import { MONGODB_URI, REDIS_URL, mongoUriFor, uniqueName } from '../test/helpers/engines';
import { startGateway } from './processes';
import { MongoClient } from 'mongodb';
import { CONFIG_DEFAULTS } from '../src/config';

const PHASE_MS = 20_000;
const READ_EVERY_MS = 200;
/** The normal tenant's test events: one a second over TENANT_WATCHES watches, within each watch's limit of manual sends. */
const TEST_EVERY_MS = 1000;
const TENANT_WATCHES = 5;
const BURST = 16;
const WATCH_PRODUCTS = 100;
const ORDINARY = ['trina module 430W', 'inverter 7 kW', 'Canadian Solar bifacial 520W', 'air to water heat pump 8 kW'];

export interface Spread {
  readonly n: number;
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
}
export interface PhaseResult {
  readonly reads: Spread;
  readonly readFailures: number;
  readonly deliveries: Spread;
}
export interface HostileCounts {
  readonly searches: Record<string, number>;
  readonly watches: Record<string, number>;
  readonly testEvents: Record<string, number>;
}
export interface TwoTenantsResult {
  readonly alone: PhaseResult;
  readonly beside: PhaseResult;
  readonly hostile: HostileCounts;
}

const spread = (ms: number[]): Spread => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN);
  return { n: ms.length, p50: at(0.5), p95: at(0.95), max: Math.round(sorted.at(-1) ?? NaN) };
};
const count = (tally: Record<string, number>, status: number) => (tally[status] = (tally[status] ?? 0) + 1);
const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

interface Service {
  readonly url: string;
  request(path: string, token: string, init?: { method?: string; body?: unknown }): Promise<Response>;
}

function service(url: string): Service {
  return {
    url,
    request: (path, token, init = {}) =>
      fetch(`${url}/api/v1${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
  };
}

async function makeWatch(api: Service, dev: Developer, url: string, products: string[]) {
  const res = await api.request('/watches', dev.token, {
    method: 'POST',
    body: { name: 'bench', products, events: ['product.revised'], url },
  });
  const text = await res.text();
  return { status: res.status, id: res.status === 201 ? (JSON.parse(text) as { id: string }).id : undefined, text };
}

/** The normal tenant for one phase: reads at its pace and times test events to their arrival, until `until`. */
async function normalTenant(
  api: Service,
  tenant: { dev: Developer; key: string; ids: string[]; watches: string[] },
  arrival: (id: string) => Promise<void>,
  until: number,
): Promise<PhaseResult> {
  const reads: number[] = [];
  let readFailures = 0;
  const reader = async () => {
    for (let i = 0; Date.now() < until; i++) {
      const path =
        i % 2 ? `/products/${tenant.ids[i % tenant.ids.length]}` : `/search?q=${encodeURIComponent(ORDINARY[i % 4])}`;
      const started = performance.now();
      const res = await api.request(path, tenant.key);
      await res.arrayBuffer();
      if (res.status === 200) reads.push(performance.now() - started);
      else readFailures += 1;
      await new Promise((r) => setTimeout(r, Math.max(0, READ_EVERY_MS - (performance.now() - started))));
    }
  };
  const deliveries: number[] = [];
  const receiver = async () => {
    for (let i = 0; Date.now() < until; i++) {
      const started = performance.now();
      const watch = tenant.watches[i % tenant.watches.length];
      const res = await api.request(`/watches/${watch}/test`, tenant.dev.token, { method: 'POST' });
      const sent = (await res.json()) as { id: string };
      if (res.status !== 202) throw new Error(`the normal tenant's test event answered ${res.status}`);
      await arrival(sent.id);
      deliveries.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, Math.max(0, TEST_EVERY_MS - (performance.now() - started))));
    }
  };
  await Promise.all([reader(), receiver()]);
  return { reads: spread(reads), readFailures, deliveries: spread(deliveries) };
}

/** The hostile tenant, until `until`: costly searches BURST at a time, watches until refused, test events at a silent endpoint. */
async function hostileTenant(
  api: Service,
  hostile: { dev: Developer; key: string; ids: string[]; silentUrl: string },
  until: number,
): Promise<HostileCounts> {
  const counts: HostileCounts = { searches: {}, watches: {}, testEvents: {} };
  const searcher = async () => {
    while (Date.now() < until) {
      const q = `${Array.from({ length: 7 }, () => letters(24)).join(' ')} 600W`;
      const res = await api.request(`/search?q=${encodeURIComponent(q)}`, hostile.key);
      await res.arrayBuffer();
      count(counts.searches, res.status);
    }
  };
  const watcher = async () => {
    while (Date.now() < until) {
      const made = await makeWatch(api, hostile.dev, hostile.silentUrl, hostile.ids.slice(0, WATCH_PRODUCTS));
      count(counts.watches, made.status);
      if (!made.id) continue;
      for (let i = 0; i <= CONFIG_DEFAULTS.WEBHOOK_MANUAL_SENDS_PER_WATCH && Date.now() < until; i++) {
        const res = await api.request(`/watches/${made.id}/test`, hostile.dev.token, { method: 'POST' });
        await res.arrayBuffer();
        count(counts.testEvents, res.status);
      }
    }
  };
  await Promise.all([...Array.from({ length: BURST }, searcher), watcher()]);
  return counts;
}

export async function measureTwoTenants(log: string, alias: string): Promise<TwoTenantsResult> {
  const rx = receivers();
  const [hookUrl, silentUrl] = [await listen(rx.healthy), await listen(rx.silent)];
  const database = mongoUriFor(uniqueName('tenants'), MONGODB_URI);
  const gateway = await startGateway(
    {
      ELASTICSEARCH_INDEX: alias,
      MONGODB_URI: database,
      REDIS_URL,
      REDIS_KEY_PREFIX: `pds-bench-tenants-${Date.now()}:`,
      JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
      CURSOR_SECRET: 'bench-cursor-secret-0123456789abcdef01234567',
      WEBHOOK_SECRET_KEY: 'bench-webhook-secret-key-0123456789abcdef012',
      WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
      SIGNUP_CREDITS: '100000000',
      READ_CACHE_BYTES: '0',
      RESPONSE_CACHE_BYTES: '0',
      LOG_LEVEL: 'warn',
    },
    log,
  );
  const api = service(gateway.url);
  try {
    const accounts = [await newDeveloper(gateway.url), await newDeveloper(gateway.url)];
    const keys = await Promise.all(accounts.map((d) => d.key(['products:read', 'search:read'])));
    const listed = await api.request(`/products?limit=${WATCH_PRODUCTS}&fields=id`, keys[0].secret);
    const ids = ((await listed.json()) as { data: { id: string }[] }).data.map((p) => p.id);
    const watches: string[] = [];
    for (let w = 0; w < TENANT_WATCHES; w++) {
      const made = await makeWatch(api, accounts[0], hookUrl, ids.slice(0, 1));
      if (!made.id) throw new Error(`the normal tenant's watch answered ${made.status}: ${made.text}`);
      watches.push(made.id);
    }
    const tenant = { dev: accounts[0], key: keys[0].secret, ids, watches };
    process.stderr.write('tenants: the normal tenant alone\n');
    const alone = await normalTenant(api, tenant, rx.arrival, Date.now() + PHASE_MS);
    process.stderr.write(`tenants: ${JSON.stringify(alone)}; now beside the hostile one\n`);
    const until = Date.now() + PHASE_MS;
    const hostile = { dev: accounts[1], key: keys[1].secret, ids, silentUrl };
    const [beside, counts] = await Promise.all([
      normalTenant(api, tenant, rx.arrival, until),
      hostileTenant(api, hostile, until),
    ]);
    return { alone, beside, hostile: counts };
  } finally {
    rx.close();
    await gateway.stop();
    const mongo = new MongoClient(database);
    await mongo.db().dropDatabase();
    await mongo.close();
  }
}

/** The rows `npm run bench` prints. */
export function twoTenantsLines(r: TwoTenantsResult): string[] {
  const row = (s: Spread) => `${s.p50} / ${s.p95} / ${s.max} ms (${s.n})`;
  const tally = (t: Record<string, number>) =>
    Object.entries(t)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
  const ratio = (a: Spread, b: Spread) => `${(b.p95 / Math.max(1, a.p95)).toFixed(2)}x`;
  return [
    '| normal tenant, p50 / p95 / max (count) | alone | beside the hostile tenant | p95 ratio |',
    '| --- | --- | --- | --- |',
    `| reads (a product, an ordinary search; every ${READ_EVERY_MS} ms; caches off) | ${row(r.alone.reads)} | ${row(r.beside.reads)} | ${ratio(r.alone.reads, r.beside.reads)} |`,
    `| its reads that failed | ${r.alone.readFailures} | ${r.beside.readFailures} | |`,
    `| webhook delay, test event to arrival | ${row(r.alone.deliveries)} | ${row(r.beside.deliveries)} | ${ratio(r.alone.deliveries, r.beside.deliveries)} |`,
    '',
    `Hostile tenant over ${PHASE_MS / 1000} s: costly searches (${BURST} at a time) ${tally(r.hostile.searches)}; watches of ${WATCH_PRODUCTS} products ${tally(r.hostile.watches)}; test events at a silent endpoint ${tally(r.hostile.testEvents)}.`,
  ];
}

if (require.main === module)
  measureTwoTenants('/tmp/pds-bench-tenants.log', process.env.ELASTICSEARCH_INDEX ?? 'products').then(
    (r) => {
      console.log(JSON.stringify(r));
      console.log(twoTenantsLines(r).join('\n'));
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
