// Delivery throughput and latency: N deliveries queued at once (as a seed's flood would queue them)
// to one loopback receiver, drained by one instance of the real service (its own process, one
// worker, the default batch and concurrency), while two clients read the live catalog through that
// same instance, before, during and after the drain: what a flood costs the readers.
// `node dist/bench/webhooks.js [N]` after `npm run build`, with the local engines up and the live
// alias loaded (`npm start` once). Prints JSON.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openCatalog } from '../test/helpers/catalog';
import { newDeveloper } from '../test/helpers/accounts';
import { REDIS_URL } from '../test/helpers/engines';
import { startGateway } from './processes';
import { sampleReads, type ReadPhase } from './read-sampler';
import { WatchRepository } from '../src/adapters/mongo/watch.repository';
import { OutboxRepository } from '../src/adapters/mongo/outbox.repository';
import { processLock } from '../src/shared/keyed-lock';
import { SecretBox, newWebhookSecret } from '../src/watches/webhook-signature';
import { deliveryId } from '../src/watches/announce.service';
import { eventId } from '../src/watches/event-rules';
import type { WatchDoc } from '../src/catalog/watch.types';

const N = Number(process.argv[2] ?? 2000);
const KEY = 'b'.repeat(40);
/** How long the readers are timed before the flood is queued and after it has drained. */
const PHASE_MS = 15_000;
const LOG = '/tmp/pds-bench-webhooks.log';

/** Runs `readers` over `phase` while `until` has not settled. */
async function during(
  readers: (stop: Promise<unknown>) => Promise<ReadPhase>,
  phase: string,
  until: () => Promise<unknown>,
) {
  return { phase, ...(await readers(until())) };
}

async function main() {
  const rx = await receiver();
  const catalog = await openCatalog();
  const lock = processLock();
  const watches = new WatchRepository(catalog.mongo.db, lock);
  const outbox = new OutboxRepository(catalog.mongo.db, lock, async () => false);
  const at = new Date();
  await watches.insert(benchWatch(rx.url, at));
  const server = await deliveringService(catalog.mongoUri);
  const key = (await (await newDeveloper(server.url)).key(['products:read', 'search:read'])).secret;
  const readers = (stop: Promise<unknown>) => sampleReads(server.url, key, stop);
  const before = await during(readers, 'before', () => new Promise((r) => setTimeout(r, PHASE_MS)));
  const events = floodEvents(at);
  const queuing = performance.now();
  await queueFlood(outbox, events, at);
  const queued = performance.now();
  const reads = await during(readers, 'during', async () => {
    while (rx.received.length < N) await new Promise((r) => setTimeout(r, 20));
  });
  const done = performance.now();
  const after = await during(readers, 'after', () => new Promise((r) => setTimeout(r, PHASE_MS)));
  console.log(
    JSON.stringify({
      deliveries: N,
      queue_ms: Math.round(queued - queuing),
      first_attempt_after_commit_ms: Math.round(rx.received[0] - queued),
      drain_ms: Math.round(done - queued),
      per_second: Math.round((N / (done - queued)) * 1000),
      reads: [before, reads, after],
    }),
  );
  await server.stop();
  rx.server.close();
  await catalog.drop();
}

/** A loopback receiver answering 204 to every delivery, noting when each arrived. */
async function receiver(): Promise<{ server: http.Server; url: string; received: number[] }> {
  const received: number[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(performance.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench`, received };
}

const WATCH_ID = 'wh_bench00000000000';

/** The one watch every delivery is for, active, posting to `url`. */
function benchWatch(url: string, at: Date): WatchDoc {
  return {
    _id: WATCH_ID,
    account_id: 'bench',
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
  };
}

/** The real service, one worker, delivering from this database and reading the live alias. */
function deliveringService(mongoUri: string): ReturnType<typeof startGateway> {
  return startGateway(
    {
      WEB_CONCURRENCY: '1',
      MONGODB_URI: mongoUri,
      ELASTICSEARCH_INDEX: process.env.ELASTICSEARCH_INDEX ?? 'products',
      REDIS_URL,
      REDIS_KEY_PREFIX: 'pds-bench-webhooks:',
      SIGNUP_CREDITS: '100000000',
      RATE_LIMIT_MAX: '100000000',
      ACCOUNT_RATE_LIMIT_MAX: '100000000',
      JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
      CURSOR_SECRET: 'bench-cursor-secret-0123456789abcdef01234567',
      WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
      WEBHOOK_SECRET_KEY: KEY,
      LOG_LEVEL: 'warn',
      ...(process.env.WEBHOOK_CONCURRENCY ? { WEBHOOK_CONCURRENCY: process.env.WEBHOOK_CONCURRENCY } : {}),
    },
    LOG,
  );
}

/** N revision events, one per made-up product. */
function floodEvents(at: Date) {
  return Array.from({ length: N }, (_, i) => ({
    _id: eventId('bench', i),
    type: 'product.revised' as const,
    created_at: at,
    product_id: `p${i}`,
    data: JSON.stringify({ product_id: `p${i}`, revision: 2, edition: 'bench edition 1' }),
  }));
}

/** The events and a delivery of each to the watch, queued at once as a seed's flood would queue them. */
async function queueFlood(outbox: OutboxRepository, events: ReturnType<typeof floodEvents>, at: Date): Promise<void> {
  await outbox.insertEvents(events);
  const docs = events.map((e) => ({
    _id: deliveryId(e._id, WATCH_ID),
    watch_id: WATCH_ID,
    account_id: 'bench',
    event_id: e._id,
    event_type: e.type,
    status: 'pending' as const,
    created_at: at,
    next_at: at,
    tries: 0,
    attempts: [],
    lease_owner: null,
    lease_until: null,
  }));
  await outbox.insertDeliveries(docs);
  await outbox.schedule(
    docs.map((d) => d._id),
    at,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
