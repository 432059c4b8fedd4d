// One tenant's endpoint never stalls another's webhooks: real HTTP receivers on loopback, one that
// accepts every request and never answers, one that answers at once. Test events and redeliveries
// fired at the silent one must not delay the healthy watch's delivery by more than the stated bound
// (docs/webhooks.md#fair-delivery), and the silent one never holds more than its watch's places.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { startServer, type TestServer } from '../helpers/server';
import { writeSources } from '../helpers/seed-fixture';
import { newDeveloper, type Developer } from '../helpers/accounts';
import { call, callUnchecked } from '../helpers/contract';
import { waitFor } from '../helpers/wait';

/** Accepts every request and never answers; counts the requests it holds open at once. */
function silentReceiver() {
  const sockets = new Set<Socket>();
  let open = 0;
  let mostOpen = 0;
  let seen = 0;
  const server = http.createServer((req) => {
    seen += 1;
    open += 1;
    mostOpen = Math.max(mostOpen, open);
    req.socket.on('close', () => (open -= 1));
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return {
    server,
    stats: () => ({ open, mostOpen, seen }),
    close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

/** Answers 204 at once and says when the webhook-id it waits for arrived. */
function healthyReceiver() {
  const arrivals = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      const at = performance.now();
      arrivals.set(id, at);
      waiting.get(id)?.(at);
      res.writeHead(204).end();
    });
  });
  const arrival = (id: string) =>
    new Promise<number>((resolve) => {
      const at = arrivals.get(id);
      if (at !== undefined) resolve(at);
      else waiting.set(id, resolve);
    });
  return { server, arrival };
}

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

describe('webhooks: one endpoint that never answers delays no other watch', function () {
  this.timeout(180000);
  const TIMEOUT_MS = 6000;
  const POLL_MS = 1000;
  /** The stated bound: one poll interval beyond the healthy send itself (timed alone first), with 1 s of a loaded machine's slack. */
  const bound = (aloneMs: number) => aloneMs + POLL_MS + 1000;
  let catalog: Catalog;
  let server: TestServer;
  let hostile: Developer;
  let tenant: Developer;
  let productIds: string[];
  const silent = silentReceiver();
  const healthy = healthyReceiver();
  let silentUrl: string;
  let healthyUrl: string;

  before(async () => {
    silentUrl = await listen(silent.server);
    healthyUrl = await listen(healthy.server);
    catalog = await openCatalog();
    await catalog.seed(writeSources());
    productIds = (await catalog.products.identities()).map((p) => p._id).sort();
    server = await startServer({
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: catalog.alias,
      WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      WEBHOOK_POLL_MS: String(POLL_MS),
      // No retry within the test: every attempt here is a test event or a redelivery.
      WEBHOOK_RETRY_SCHEDULE: '1h',
      WEBHOOK_MANUAL_SENDS_PER_WATCH: '8',
      WEBHOOK_MANUAL_SENDS_WINDOW_MS: '600000',
    });
    [hostile, tenant] = await Promise.all([newDeveloper(server.url), newDeveloper(server.url)]);
  });
  after(async () => {
    silent.close();
    await server?.stop();
    healthy.server.close();
    await catalog?.drop();
  });

  const watch = async (dev: Developer, url: string) => {
    const created = await call(server.url, 'createWatch', {
      token: dev.token,
      body: { name: 'fair', products: productIds.slice(0, 2), events: ['product.revised'], url },
    });
    assert.equal(created.status, 201, created.text);
    return created.body.id as string;
  };
  const test = (dev: Developer, id: string) =>
    callUnchecked(server.url, 'sendWatchTestEvent', { token: dev.token, params: { id } });

  it("when test events and redeliveries pile up on a silent endpoint, then another account's test event still arrives within the bound, and the silent watch never holds more than its cap", async () => {
    const [silentWatch, healthyWatch] = [await watch(hostile, silentUrl), await watch(tenant, healthyUrl)];
    // The healthy send alone: what this machine's engines take for one test event right now.
    const startedAlone = performance.now();
    const alone = await test(tenant, healthyWatch);
    const aloneMs = (await healthy.arrival(alone.body.id)) - startedAlone;
    const BOUND_MS = bound(aloneMs);
    // The hostile tenant: five test events and two redeliveries of the first, all at the silent endpoint.
    const first = await test(hostile, silentWatch);
    assert.equal(first.status, 202, first.text);
    for (let i = 0; i < 4; i++) assert.equal((await test(hostile, silentWatch)).status, 202);
    await waitFor(async () => (silent.stats().seen > 0 ? true : undefined), 10000);
    for (let i = 0; i < 2; i++) {
      const again = await callUnchecked(server.url, 'redeliverWatchDelivery', {
        token: hostile.token,
        params: { id: silentWatch, delivery_id: first.body.id },
      });
      assert.equal(again.status, 202, again.text);
    }

    // The other tenant's test event, sent while the silent endpoint holds its requests open.
    const started = performance.now();
    const sent = await test(tenant, healthyWatch);
    assert.equal(sent.status, 202, sent.text);
    const arrived = await Promise.race([
      healthy.arrival(sent.body.id),
      new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), 8 * TIMEOUT_MS).unref()),
    ]);
    const delay = arrived - started;
    assert.ok(
      delay <= BOUND_MS,
      `the healthy watch's test event took ${Number.isNaN(delay) ? 'more than ' + 8 * TIMEOUT_MS : Math.round(delay)} ms (bound ${Math.round(BOUND_MS)} ms: ${Math.round(aloneMs)} ms alone + one poll + 1 s)`,
    );
    assert.ok(
      silent.stats().mostOpen <= server.config.WEBHOOK_CONCURRENCY_PER_WATCH,
      `the silent endpoint held ${silent.stats().mostOpen} requests at once`,
    );

    // Once it has timed out, the silent watch sends from the slow lane: the main lane is all free again.
    await waitFor(async () => {
      const log = await call(server.url, 'listWatchDeliveries', { token: hostile.token, params: { id: silentWatch } });
      return log.body.data.some((d: { attempts: { response: string }[] }) =>
        d.attempts.some((a) => /no answer within/.test(a.response)),
      )
        ? true
        : undefined;
    }, 3 * TIMEOUT_MS);
    const later = performance.now();
    const second = await test(tenant, healthyWatch);
    const secondMs = (await healthy.arrival(second.body.id)) - later;
    assert.ok(
      secondMs <= BOUND_MS,
      `still within the bound: ${Math.round(secondMs)} ms (bound ${Math.round(BOUND_MS)} ms)`,
    );
  });

  it('when a watch asks for more test events and redeliveries than its limit, then 429 with Retry-After, and nothing more is queued', async () => {
    const id = await watch(hostile, healthyUrl);
    for (let i = 0; i < 8; i++) assert.equal((await test(hostile, id)).status, 202);
    const refused = await test(hostile, id);
    assert.equal(refused.status, 429, refused.text);
    assert.match(refused.headers.get('content-type') ?? '', /application\/problem\+json/);
    assert.match(refused.body.type, /rate-limited/);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    const log = await call(server.url, 'listWatchDeliveries', {
      token: hostile.token,
      params: { id },
      query: { limit: 100 },
    });
    assert.equal(log.body.data.length, 8, 'the refused one was not queued');
    // Another watch of the same account has its own count.
    assert.equal((await test(hostile, await watch(hostile, healthyUrl))).status, 202);
  });
});
