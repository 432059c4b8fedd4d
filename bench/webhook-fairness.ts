// A healthy tenant's webhook delay with and without a hostile one. The real service (its own
// process, one worker, the default delivery settings) sends to two loopback receivers: one answers
// 204 at once, the other accepts every request and never answers. The healthy tenant sends test
// events one after another and times each from its request to its arrival; then the hostile tenant
// points five watches at the silent receiver and fires test events at each up to its per-watch limit
// (and one more, refused), and the healthy tenant is timed again while those hang.
// `npm run bench -- --only fairness`, or `node dist/bench/webhook-fairness.js` after `npm run build`.
import { listen, receivers } from './receivers';
import { openCatalog } from '../test/helpers/catalog';
import { newDeveloper, type Developer } from '../test/helpers/accounts';
import { REDIS_URL } from '../test/helpers/engines';
import { startGateway } from './processes';
import { WatchRepository } from '../src/adapters/mongo/watch.repository';
import { processLock } from '../src/shared/keyed-lock';
import { SecretBox, newWebhookSecret } from '../src/watches/webhook-signature';
import { CONFIG_DEFAULTS } from '../src/config';

const KEY = 'f'.repeat(40);
const SAMPLES = 20;
const HOSTILE_WATCHES = 5;

export interface DelayStats {
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
}
export interface FairnessResult {
  readonly alone: DelayStats;
  readonly beside_hostile: DelayStats;
  readonly hostile_test_events: number;
  readonly hostile_refused_429: number;
  readonly timeout_ms: number;
}

const stats = (ms: number[]): DelayStats => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
  return { p50: at(0.5), p95: at(0.95), max: Math.round(sorted.at(-1)!) };
};

/** The row `npm run bench` prints. */
export function fairnessLines(r: FairnessResult): string[] {
  const row = (s: DelayStats) => `${s.p50} / ${s.p95} / ${s.max} ms`;
  return [
    `| webhook delay of a healthy tenant, alone (p50 / p95 / max of ${SAMPLES} test events) | ${row(r.alone)} | | | |`,
    `| the same beside a hostile tenant (${r.hostile_test_events} test events hanging on ${HOSTILE_WATCHES} silent endpoints, ${r.hostile_refused_429} refused 429) | ${row(r.beside_hostile)} | | ${(r.beside_hostile.p95 / Math.max(1, r.alone.p95)).toFixed(2)}x alone | p95 <= WEBHOOK_POLL_MS + alone |`,
  ];
}

export async function measureFairDelivery(log: string): Promise<FairnessResult> {
  const rx = receivers();
  const [healthyUrl, silentUrl] = [await listen(rx.healthy), await listen(rx.silent)];
  const catalog = await openCatalog();
  const gateway = await startGateway(
    {
      WEB_CONCURRENCY: '1',
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: catalog.alias,
      REDIS_URL,
      REDIS_KEY_PREFIX: `pds-bench-fair-${Date.now()}:`,
      JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
      CURSOR_SECRET: 'bench-cursor-secret-0123456789abcdef01234567',
      WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
      WEBHOOK_SECRET_KEY: KEY,
      LOG_LEVEL: 'warn',
    },
    log,
  );
  const watches = new WatchRepository(catalog.mongo.db, processLock());
  const watchFor = async (dev: Developer, url: string, n: number) => {
    const at = new Date();
    const id = `wh_${String(n).padStart(16, '0')}`;
    await watches.insert({
      _id: id,
      account_id: dev.accountId,
      name: 'bench',
      products: ['bench'],
      search: null,
      events: ['product.revised'],
      url,
      secrets: [{ sealed: new SecretBox(KEY).seal(newWebhookSecret()), created_at: at, expires_at: null }],
      status: 'active',
      disabled_reason: null,
      failing_since: null,
      created_at: at,
      updated_at: at,
    });
    return id;
  };
  const test = async (dev: Developer, id: string) => {
    const res = await fetch(`${gateway.url}/api/v1/watches/${id}/test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dev.token}` },
    });
    return { status: res.status, body: (await res.json()) as { id: string } };
  };
  try {
    const [tenant, hostile] = [await newDeveloper(gateway.url), await newDeveloper(gateway.url)];
    const perWatch = CONFIG_DEFAULTS.WEBHOOK_MANUAL_SENDS_PER_WATCH;
    let made = 0;
    /** SAMPLES test events one after another, each timed to its arrival; a new watch whenever the last has used its limit. */
    const timeHealthy = async () => {
      const delays: number[] = [];
      let id = '';
      for (let i = 0; i < SAMPLES; i++) {
        if (i % perWatch === 0) id = await watchFor(tenant, healthyUrl, ++made);
        const started = performance.now();
        const sent = await test(tenant, id);
        if (sent.status !== 202) throw new Error(`the healthy tenant's test event answered ${sent.status}`);
        await Promise.race([
          rx.arrival(sent.body.id),
          new Promise((_, reject) =>
            setTimeout(
              () => reject(new Error(`test event ${sent.body.id} did not arrive within 60 s`)),
              60_000,
            ).unref(),
          ),
        ]);
        delays.push(performance.now() - started);
      }
      return stats(delays);
    };
    process.stderr.write('fairness: the healthy tenant alone\n');
    const alone = await timeHealthy();
    process.stderr.write(`fairness: ${JSON.stringify(alone)}; the hostile tenant's test events\n`);
    let sent = 0;
    let refused = 0;
    for (let w = 0; w < HOSTILE_WATCHES; w++) {
      const id = await watchFor(hostile, silentUrl, 1000 + w);
      for (let i = 0; i <= perWatch; i++) {
        const answer = await test(hostile, id);
        if (answer.status === 202) sent += 1;
        else if (answer.status === 429) refused += 1;
      }
    }
    return {
      alone,
      beside_hostile: await timeHealthy(),
      hostile_test_events: sent,
      hostile_refused_429: refused,
      timeout_ms: CONFIG_DEFAULTS.WEBHOOK_TIMEOUT_MS,
    };
  } finally {
    rx.close();
    await gateway.stop();
    await catalog.drop();
  }
}

if (require.main === module)
  measureFairDelivery('/tmp/pds-bench-fairness.log').then(
    (r) => {
      console.log(JSON.stringify(r));
      console.log(fairnessLines(r).join('\n'));
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
