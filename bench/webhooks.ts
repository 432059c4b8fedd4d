// Delivery throughput and latency: N deliveries queued at once (as a seed's flood would queue them)
// to one loopback receiver, drained by one instance with the default batch and concurrency.
// `node dist/bench/webhooks.js [N]` after `npm run build`, with the local engines up. Prints JSON.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openCatalog } from '../test/helpers/catalog';
import { startServer } from '../test/helpers/server';
import { WatchRepository } from '../src/adapters/mongo/watch.repository';
import { OutboxRepository } from '../src/adapters/mongo/outbox.repository';
import { processLock } from '../src/shared/keyed-lock';
import { SecretBox, newWebhookSecret } from '../src/watches/webhook-signature';
import { deliveryId } from '../src/watches/announce.service';
import { eventId } from '../src/watches/event-rules';

const N = Number(process.argv[2] ?? 2000);
const KEY = 'b'.repeat(40);

async function main() {
  const received: number[] = [];
  const rx = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(performance.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/bench`;
  const catalog = await openCatalog();
  const lock = processLock();
  const watches = new WatchRepository(catalog.mongo.db, lock);
  const outbox = new OutboxRepository(catalog.mongo.db, lock, async () => false);
  const at = new Date();
  await watches.insert({
    _id: 'wh_bench00000000000',
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
  });
  const events = Array.from({ length: N }, (_, i) => ({
    _id: eventId('bench', i),
    type: 'product.revised' as const,
    created_at: at,
    product_id: `p${i}`,
    data: JSON.stringify({ product_id: `p${i}`, revision: 2, edition: 'bench edition 1' }),
  }));
  const queuing = performance.now();
  await outbox.insertEvents(events);
  const docs = events.map((e) => ({
    _id: deliveryId(e._id, 'wh_bench00000000000'),
    watch_id: 'wh_bench00000000000',
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
  const queued = performance.now();
  const server = await startServer({
    MONGODB_URI: catalog.mongoUri,
    WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
    WEBHOOK_SECRET_KEY: KEY,
    LOG_LEVEL: 'warn',
    ...(process.env.WEBHOOK_CONCURRENCY ? { WEBHOOK_CONCURRENCY: process.env.WEBHOOK_CONCURRENCY } : {}),
  });
  const started = performance.now();
  while (received.length < N) await new Promise((r) => setTimeout(r, 20));
  const done = performance.now();
  console.log(
    JSON.stringify({
      deliveries: N,
      queue_ms: Math.round(queued - queuing),
      first_attempt_after_start_ms: Math.round(received[0] - started),
      drain_ms: Math.round(done - started),
      per_second: Math.round((N / (done - started)) * 1000),
    }),
  );
  await server.stop();
  rx.close();
  await catalog.drop();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
