// Watches end to end on the real engines: `npm run seed` announces a new edition's changes, the
// service delivers them as Standard Webhooks to a real receiver that verifies each with the
// `standardwebhooks` package, retries on a compressed schedule with the same webhook-id, survives a
// restart mid-retry, and refuses a private address at delivery as at creation.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { startServer, type TestServer } from '../helpers/server';
import { writeSources, DEFAULT_SLICES, trinaStc } from '../helpers/seed-fixture';
import { newDeveloper, type Developer } from '../helpers/accounts';
import { call } from '../helpers/contract';
import { ELASTICSEARCH_URL, REDIS_URL, ROOT } from '../helpers/engines';
import { waitFor } from '../helpers/wait';

interface Received {
  readonly path: string;
  readonly id: string;
  readonly body: { type: string; data: Record<string, unknown> };
}

/** A receiver that verifies every delivery with the library, by the secret of the watch its path names. */
function receiver() {
  const secrets = new Map<string, string>();
  const failFirst = new Map<string, number>();
  const received: Received[] = [];
  const refused: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const route = req.url!;
      try {
        const payload = new Webhook(secrets.get(route)!).verify(body, req.headers as Record<string, string>);
        const id = req.headers['webhook-id'] as string;
        received.push({ path: route, id, body: payload as Received['body'] });
        const left = failFirst.get(route) ?? 0;
        if (left > 0) {
          failFirst.set(route, left - 1);
          res.writeHead(500).end('not yet');
          return;
        }
        res.writeHead(204).end();
      } catch (err) {
        refused.push(`${route}: ${(err as Error).message}`);
        res.writeHead(400).end('bad signature');
      }
    });
  });
  return { server, secrets, failFirst, received, refused };
}

describe('webhooks: watches told of a new edition, signed, retried, delivered once acknowledged', function () {
  this.timeout(240000);
  let catalog: Catalog;
  let server: TestServer;
  let dev: Developer;
  const rx = receiver();
  let base: string;
  const prefix = `wh${Date.now()}:`;
  const settings = {
    WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
    WEBHOOK_RETRY_SCHEDULE: '300ms,300ms,300ms,300ms',
    WEBHOOK_POLL_MS: '50',
    WEBHOOK_SECRET_KEY: 'k'.repeat(40),
    // Shared by the instances a test restarts: login tokens and sealed secrets outlive one.
    JWT_SECRET: 'j'.repeat(40),
  };
  const start = (extra: Record<string, string> = {}) =>
    startServer({
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: catalog.alias,
      REDIS_KEY_PREFIX: prefix,
      ...settings,
      ...extra,
    });
  /** `npm run seed` as an operator runs it, in its own process (the service here keeps serving meanwhile). */
  const seed = async (sources: string) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'dist/src/cli/seed.js'), '--sources-dir', sources, '--accept-checksum-mismatch'],
      {
        env: {
          ...process.env,
          MONGODB_URI: catalog.mongoUri,
          ELASTICSEARCH_INDEX: catalog.alias,
          ELASTICSEARCH_URL,
          REDIS_URL,
          REDIS_KEY_PREFIX: prefix,
        },
      },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 0, stderr);
    return stderr;
  };
  const watch = async (route: string, body: Record<string, unknown>) => {
    const created = await call(server.url, 'createWatch', {
      token: dev.token,
      body: { ...body, url: base + route } as never,
    });
    assert.equal(created.status, 201, created.text);
    rx.secrets.set(route, created.body.secret);
    return created.body.id as string;
  };
  const states = async () => new Map((await catalog.products.listings()).map((p) => [p._id, p]));

  // The first edition lists Ablytek's modules in 2024 and no Jinko; the next drops Ablytek from 2024
  // (delisted), adds Jinko's 2024 modules (new products) and changes Trina's STC power (revised).
  const keep2024 = DEFAULT_SLICES['cec-modules-2024'].keep;
  const first = {
    ...DEFAULT_SLICES,
    'cec-modules-2024': { keep: (c: Record<string, string>) => !c.Name.startsWith('Jinko') && keep2024(c), limit: 30 },
  };
  const second = {
    ...DEFAULT_SLICES,
    'cec-modules-2024': {
      keep: (c: Record<string, string>) => !c.Name.startsWith('Ablytek') && keep2024(c),
      limit: 30,
    },
  };

  before(async () => {
    await new Promise<void>((resolve) => rx.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(rx.server.address() as AddressInfo).port}`;
    catalog = await openCatalog();
    assert.match(await seed(writeSources(first)), /baseline/);
    server = await start();
    dev = await newDeveloper(server.url);
  });
  after(async () => {
    await server?.stop();
    rx.server.close();
    await catalog?.drop();
  });

  it('when a new edition changes, delists and adds products, then exactly the matching watches get exactly those events, verified by the library; a second run sends none', async () => {
    const before = await states();
    const trina = [...before.values()].find(
      (p) => p.listing.editions.length > 0 && p._id.startsWith('trina-solar-tsm-205da01a'),
    );
    assert.ok(trina, 'the fixture has the Trina module');
    const ablytek = [...before.values()].filter((p) => p._id.startsWith('ablytek') && p.listing.in_latest_edition);
    assert.ok(ablytek.length > 0, 'Ablytek modules are in the 2024 edition at first');
    const quiet = [...before.values()].find((p) => p._id.startsWith('advantix'))!;

    const watchedByAll = [trina._id, ...ablytek.map((p) => p._id), quiet._id];
    const all = await watch('/all', {
      products: watchedByAll,
      events: ['product.created', 'product.revised', 'product.delisted', 'product.relisted'],
    });
    const delistOnly = await watch('/delist-only', { products: [trina._id], events: ['product.delisted'] });
    const untouched = await watch('/untouched', {
      products: [quiet._id],
      events: ['product.revised', 'product.delisted'],
    });
    const jinko = await watch('/jinko', { search: { q: 'jinko', category: 'pv-module' }, events: ['watch.matched'] });
    rx.failFirst.set('/flaky', 3);
    await watch('/flaky', { products: [trina._id], events: ['product.revised'] });

    const out = await seed(writeSources(second, [trinaStc('251.5')]));
    const after = await states();
    const created = [...after.keys()].filter((id) => !before.has(id));
    const delisted = ablytek.filter((p) => !after.get(p._id)!.listing.in_latest_edition).map((p) => p._id);
    const jinkoNew = created.filter((id) => id.startsWith('jinko'));
    assert.ok(created.length > 0 && delisted.length > 0 && jinkoNew.length > 0, out);
    assert.ok(after.get(trina._id)!.current_revision > trina.current_revision, 'Trina has a new revision');

    const expected = new Map<string, string[]>([
      [
        '/all',
        [
          ...watchedByAll
            .filter((id) => after.get(id)!.current_revision > before.get(id)!.current_revision)
            .map((id) => `product.revised ${id}`),
          ...delisted.map((id) => `product.delisted ${id}`),
        ].sort(),
      ],
      ['/jinko', jinkoNew.map((id) => `watch.matched ${id}`).sort()],
      ['/flaky', [`product.revised ${trina._id}`]],
    ]);
    const seen = (route: string) =>
      [
        ...new Set(
          rx.received
            .filter((r) => r.path === route && r.body.type)
            .map((r) => `${r.id} ${r.body.type} ${String(r.body.data.product_id)}`),
        ),
      ]
        .map((s) => s.split(' ').slice(1).join(' '))
        .sort();
    await waitFor(
      async () => ([...expected].every(([route, want]) => seen(route).length >= want.length) ? true : undefined),
      60000,
    );
    for (const [route, want] of expected) assert.deepEqual(seen(route), want, route);
    assert.deepEqual(rx.refused, [], 'every delivery verifies with the standardwebhooks library');
    assert.equal(
      seen('/delist-only').length + seen('/untouched').length,
      0,
      'watches whose products or types did not change get nothing',
    );

    const revised = rx.received.find(
      (r) => r.path === '/all' && r.body.type === 'product.revised' && r.body.data.product_id === trina._id,
    )!;
    assert.equal(revised.body.data.revision, after.get(trina._id)!.current_revision);
    assert.ok(
      (revised.body.data.changes as { field: string; from: unknown; to: unknown }[]).some(
        (c) => c.field === 'stc_power_w' && c.to === 251.5,
      ),
      JSON.stringify(revised.body.data),
    );
    assert.match(String(revised.body.data.edition), /edition/);
    assert.ok(Buffer.byteLength(JSON.stringify(revised.body)) < 20_000);

    // Failing three times then succeeding: four attempts, one webhook-id, logged with each status.
    const flaky = rx.received.filter((r) => r.path === '/flaky');
    await waitFor(async () => (rx.received.filter((r) => r.path === '/flaky').length >= 4 ? true : undefined), 30000);
    const flakyIds = new Set(rx.received.filter((r) => r.path === '/flaky').map((r) => r.id));
    assert.equal(flakyIds.size, 1, 'the same webhook-id on every retry');
    assert.ok(flaky.length <= 4);
    const flakyWatch = (await call(server.url, 'listWatches', { token: dev.token })).body.data.find(
      (w: { url: string }) => w.url.endsWith('/flaky'),
    );
    const log = await waitFor(async () => {
      const l = await call(server.url, 'listWatchDeliveries', { token: dev.token, params: { id: flakyWatch.id } });
      return l.body.data[0]?.status === 'delivered' ? l.body.data : undefined;
    }, 10000);
    assert.deepEqual(
      log[0].attempts.map((a: { status: number }) => a.status),
      [500, 500, 500, 204],
    );

    // The same edition again: nothing changed, so nothing is announced or sent.
    const count = rx.received.length;
    const again = await seed(writeSources(second, [trinaStc('251.5')]));
    assert.match(again, /no events; 0 deliveries/);
    const jinkoLog = await call(server.url, 'listWatchDeliveries', { token: dev.token, params: { id: jinko } });
    assert.equal(jinkoLog.body.data.length, jinkoNew.length);
    assert.equal(rx.received.length, count);
    void all;
    void delistOnly;
    void untouched;
  });

  it('when every instance stops mid-retry and one starts again, then the delivery still arrives, with the same webhook-id', async () => {
    rx.failFirst.set('/restart', 1);
    const id = await watch('/restart', {
      products: [(await catalog.products.listings())[0]._id],
      events: ['product.revised'],
    });
    const test = await call(server.url, 'sendWatchTestEvent', { token: dev.token, params: { id } });
    assert.equal(test.status, 202);
    await waitFor(async () => (rx.received.some((r) => r.path === '/restart') ? true : undefined), 20000);
    await server.stop();
    const attemptsWhileDown = rx.received.filter((r) => r.path === '/restart').length;
    assert.equal(attemptsWhileDown, 1);
    server = await start();
    await waitFor(async () => (rx.received.filter((r) => r.path === '/restart').length >= 2 ? true : undefined), 20000);
    const ids = new Set(rx.received.filter((r) => r.path === '/restart').map((r) => r.id));
    assert.deepEqual([...ids], [test.body.id]);
    const log = await waitFor(async () => {
      const l = await call(server.url, 'listWatchDeliveries', { token: dev.token, params: { id } });
      return l.body.data[0]?.status === 'delivered' ? l.body.data : undefined;
    }, 10000);
    assert.equal(log[0].attempts.length, 2);
    // Redelivered on request: the same webhook-id once more.
    const again = await call(server.url, 'redeliverWatchDelivery', {
      token: dev.token,
      params: { id, delivery_id: test.body.id },
    });
    assert.equal(again.status, 202);
    await waitFor(async () => (rx.received.filter((r) => r.path === '/restart').length >= 3 ? true : undefined), 10000);
    assert.deepEqual([...new Set(rx.received.filter((r) => r.path === '/restart').map((r) => r.id))], [test.body.id]);
  });

  it('when the development setting is off, then a loopback endpoint is refused at delivery as at creation, and nothing is sent', async () => {
    const id = await watch('/private', {
      products: [(await catalog.products.listings())[0]._id],
      events: ['product.revised'],
    });
    await server.stop();
    server = await start({ WEBHOOK_ALLOW_HTTP_LOOPBACK: 'false' });
    const refusedAtCreation = await call(server.url, 'createWatch', {
      token: dev.token,
      body: {
        products: [(await catalog.products.listings())[0]._id],
        events: ['product.revised'],
        url: `${base}/private`,
      },
    });
    assert.equal(refusedAtCreation.status, 400);
    const test = await call(server.url, 'sendWatchTestEvent', { token: dev.token, params: { id } });
    const log = await waitFor(async () => {
      const l = await call(server.url, 'listWatchDeliveries', { token: dev.token, params: { id } });
      const d = l.body.data.find((x: { id: string }) => x.id === test.body.id);
      return d?.attempts.length > 0 ? d : undefined;
    }, 10000);
    assert.equal(log.attempts[0].status, null);
    assert.match(log.attempts[0].response, /refused before sending/);
    assert.equal(rx.received.filter((r) => r.path === '/private').length, 0);
  });
});
