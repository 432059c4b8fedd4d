// Watches in the explorer, in real headless Chromium, on a small seeded catalog, as a person uses
// them: sign in, watch a product (the secret shown once, then gone), send a test event and see its
// delivery land in the Watches panel as a real local receiver acknowledged it (verified with the
// `standardwebhooks` package), redeliver it, pause and resume, save a search as a watch and see the
// reading the service stored, a private endpoint refused with the API's reason, and delete.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, type Locator, type Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { Webhook } from 'standardwebhooks';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources } from '../helpers/seed-fixture';
import { startServer, type TestServer } from '../helpers/server';
import { newDeveloper, type Developer } from '../helpers/accounts';
import { call } from '../helpers/contract';
import { waitFor } from '../helpers/wait';
import { ROOT } from '../helpers/engines';

const ARTIFACTS = path.join(ROOT, 'test-artifacts');

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

interface Received {
  readonly path: string;
  readonly id: string;
  readonly type: string;
}

/** A receiver that verifies every delivery with the library, by the secret of the watch its path names. */
function receiver() {
  const secrets = new Map<string, string>();
  const received: Received[] = [];
  const refused: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const secret = secrets.get(req.url!);
        if (!secret) throw new Error('no secret for this path');
        const payload = new Webhook(secret).verify(Buffer.concat(chunks).toString(), req.headers as never) as {
          type: string;
        };
        received.push({ path: req.url!, id: req.headers['webhook-id'] as string, type: payload.type });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('got it');
      } catch (err) {
        refused.push(`${req.url}: ${(err as Error).message}`);
        res.writeHead(400).end('bad signature');
      }
    });
  });
  return { server, secrets, received, refused };
}

describe('explorer watches in Chromium: watch a product, save a search, see the deliveries', function () {
  this.timeout(180000);
  let catalog: Catalog;
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let dev: Developer;
  let base: string;
  let productId: string;
  const rx = receiver();
  const consoleErrors: string[] = [];
  /** What a watch of the panel says under one heading (kind, watching, events, endpoint, state, created). */
  const fact = async (item: Locator, name: string) =>
    ((await item.locator(`[data-fact="${name}"] dd`).textContent()) ?? '').trim();
  const watches = async () => (await call(server.url, 'listWatches', { token: dev.token })).body.data as any[];

  before(async () => {
    await new Promise<void>((resolve) => rx.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(rx.server.address() as AddressInfo).port}`;
    catalog = await openCatalog();
    await catalog.seed(writeSources());
    server = await startServer({
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: catalog.alias,
      // The receiver is on loopback over http: the development setting the webhook tests use.
      WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
      WEBHOOK_POLL_MS: '50',
      WEBHOOK_RETRY_SCHEDULE: '300ms,300ms',
      WEBHOOK_SECRET_KEY: 'k'.repeat(40),
    });
    dev = await newDeveloper(server.url);
    mkdirSync(ARTIFACTS, { recursive: true });
    const found = await call(server.url, 'searchProducts', {
      token: (await dev.key(['search:read'])).secret,
      query: { q: 'Trina', category: ['pv-module'], limit: 1, fields: ['id'] },
    });
    productId = found.body.data[0].id;
    browser = await launchChromium(FLAGS);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    rx.server.close();
    await catalog?.drop();
  });

  it('when a person signs in, then the page key may manage watches but not keys or the account', async () => {
    await page.goto(`${server.url}/explore`);
    await page.fill('#email', dev.email);
    await page.fill('#password', dev.password);
    await page.press('#password', 'Enter');
    await page.waitForSelector('#sign-out');
    const key = await page.evaluate(() => sessionStorage.getItem('pds.explore.key'));
    const keys = await call(server.url, 'listApiKeys', { token: dev.token });
    const made = keys.body.data.find((k: { prefix: string }) => key!.startsWith(k.prefix));
    assert.deepEqual(
      [...made.scopes].sort((a: string, b: string) => a.localeCompare(b)),
      ['products:read', 'revisions:read', 'search:read', 'watches:write'],
      'the read scopes and watches:write',
    );
  });

  it('when a product is watched, then the secret shows once, the receiver verifies a test event with it, and the delivery appears in the panel', async () => {
    await page.goto(`${server.url}/explore?product=${encodeURIComponent(productId)}`);
    await page.click('#watch-product');
    await page.waitForSelector('#w-url');
    assert.equal(await page.inputValue('#w-url'), '', 'no endpoint yet: the person gives it');
    const boxes = await page
      .locator('#watch-form input[name=event]')
      .evaluateAll((els) => els.map((e) => [(e as HTMLInputElement).value, (e as HTMLInputElement).checked]));
    assert.deepEqual(
      boxes.map(([v]) => v),
      ['product.created', 'product.revised', 'product.delisted', 'product.relisted'],
      'a product watch offers the product events',
    );
    await page.fill('#w-url', `${base}/product`);
    await page.click('#watch-form button[type=submit]');
    const secret = await page.inputValue('#watch-secret-value');
    assert.match(secret, /^whsec_/);
    assert.match((await page.locator('#watch-secret').textContent()) ?? '', /copy.*now.*shown only this once/is);
    rx.secrets.set('/product', secret);
    // Nothing of it kept by the page; once dismissed, it is gone from the page too.
    const stored = await page.evaluate(() =>
      [sessionStorage, localStorage].flatMap((s) => Object.keys(s).map((k) => s.getItem(k))).join('\n'),
    );
    assert.ok(!stored.includes(secret), 'the secret is not in storage');
    assert.equal(await page.evaluate(() => localStorage.length), 0, 'nothing in localStorage');
    await page.click('#watch-secret-done');
    await page.waitForSelector('#watch-secret', { state: 'detached' });
    assert.ok(!(await page.content()).includes(secret), 'the secret has left the page');
    const [watch] = await watches();
    assert.deepEqual(watch.products, [productId]);

    await page.click('#to-watches');
    const item = page.locator(`li.watch[data-id="${watch.id}"]`);
    await item.waitFor();
    assert.equal(await fact(item, 'kind'), 'product watch');
    assert.equal(await fact(item, 'watching'), '1 product');
    assert.equal(await fact(item, 'endpoint'), `${base}/product`);
    assert.equal(await fact(item, 'events'), 'product.created, product.revised, product.delisted, product.relisted');
    assert.equal(await fact(item, 'state'), 'active');
    await item.locator('button.watch-test').click();
    const row = item.locator('tr[data-state="delivered"]');
    await row.waitFor({ timeout: 20000 });
    const cells = await row.locator('td').allTextContents();
    assert.match(cells[0], /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/, 'time');
    assert.equal(cells[1], 'watch.test', 'event');
    assert.match(cells[2], /delivered \(HTTP 200\)/, 'status');
    assert.match(cells[3], /^\d+ ms$/, 'latency');
    assert.equal(cells[4], '1', 'attempts');
    assert.equal(cells[5], 'got it', 'the first bytes of the answer');
    await page.screenshot({ path: path.join(ARTIFACTS, 'explore-watches.png'), fullPage: true });
    const deliveryId = await row.getAttribute('data-id');
    assert.deepEqual(
      rx.received.map((r) => [r.path, r.id, r.type]),
      [['/product', deliveryId, 'watch.test']],
      'the receiver verified it with the secret the page showed',
    );
    assert.deepEqual(rx.refused, []);
  });

  it('when a delivery is redelivered, then the receiver gets the same webhook-id again and the row counts two attempts', async () => {
    const item = page.locator('li.watch').first();
    const row = item.locator('tr[data-state]').first();
    const id = await row.getAttribute('data-id');
    await row.locator('button', { hasText: 'Redeliver' }).click();
    await waitFor(async () => (rx.received.length === 2 ? true : undefined), 20000);
    assert.equal(rx.received[1].id, id, 'the same webhook-id');
    await page.waitForFunction(
      (did) => document.querySelector(`tr[data-id="${did}"] td:nth-child(5)`)?.textContent === '2',
      id,
    );
    assert.equal(await item.locator(`tr[data-id="${id}"]`).getAttribute('data-state'), 'delivered');
  });

  it('when a watch is paused and resumed, then the panel and the API say so', async () => {
    const item = () => page.locator('li.watch').first();
    await item().locator('button.watch-pause').click();
    await page.waitForSelector('li.watch[data-status="paused"]');
    assert.equal(await fact(item(), 'state'), 'paused: no new deliveries until resumed');
    assert.equal((await watches())[0].status, 'paused');
    assert.equal(await item().locator('button.watch-pause').textContent(), 'Resume');
    await item().locator('button.watch-pause').click();
    await page.waitForSelector('li.watch[data-status="active"]');
    assert.equal((await watches())[0].status, 'active');
  });

  it('when a search is saved as a watch, then the endpoint given once is offered, and the stored reading shows', async () => {
    const q = 'Trina module over 200W';
    await page.goto(`${server.url}/explore?q=${encodeURIComponent(q)}&sort=relevance`);
    await page.waitForSelector('#results[data-for]');
    await page.click('#save-watch');
    await page.waitForSelector('#w-url');
    assert.equal(await page.inputValue('#w-url'), `${base}/product`, 'the endpoint of the newest watch');
    const summary = (await page.locator('#watch-form .saved-search').textContent()) ?? '';
    assert.match(summary, /q=Trina module over 200W/);
    assert.match(summary, /Not kept: sort/, 'the order is said to be left out');
    const events = await page
      .locator('#watch-form input[name=event]')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    assert.deepEqual(events, ['watch.matched']);
    await page.fill('#w-url', `${base}/search`);
    await page.click('#watch-form button[type=submit]');
    await page.waitForSelector('#watch-created .stored-reading');
    await page.screenshot({ path: path.join(ARTIFACTS, 'explore-saved-search.png') });
    const kinds = await page
      .locator('#watch-created .stored-reading .chip')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
    assert.ok(kinds.includes('manufacturer') && kinds.includes('category'), `read parts: ${kinds.join(', ')}`);
    const chips = await page.locator('#watch-created .stored-reading .chip').allTextContents();
    assert.ok(
      chips.some((c) => /power[^,]*over 200 W/i.test(c)),
      `the range named by its glossary label: ${chips.join(' | ')}`,
    );
    const saved = (await watches()).find((w) => w.search);
    assert.deepEqual(saved.search.params, { q }, 'what is stored: the search without its order');
    assert.equal(
      (await page.locator('#watch-created .reading-summary').textContent())?.trim(),
      saved.search.interpretation.summary,
    );
    await page.click('#watch-secret-done');
    await page.click('#to-watches');
    await page.waitForSelector(`li.watch[data-id="${saved.id}"] .stored-reading`);
    assert.match(
      await fact(page.locator(`li.watch[data-id="${saved.id}"]`), 'watching'),
      /^saved search q=Trina module over 200W \(read as: .+\)$/,
    );
  });

  it('when the endpoint is a private address, then the form shows why the API refused it and no watch is made', async () => {
    const before = (await watches()).length;
    await page.goto(`${server.url}/explore?product=${encodeURIComponent(productId)}`);
    await page.click('#watch-product');
    await page.waitForSelector('#w-url');
    await page.fill('#w-url', 'https://10.1.2.3/hook');
    await page.click('#watch-form button[type=submit]');
    const problem = page.locator('#watch-form .problem');
    await problem.waitFor();
    const text = (await problem.textContent()) ?? '';
    assert.match(text, /\(400\)/, 'the status');
    assert.match(
      text,
      /url: resolves to a non-public address: 10\.1\.2\.3 is private/,
      'the reason the API gave, by field',
    );
    assert.equal((await watches()).length, before, 'nothing made');
    assert.equal(await page.locator('#watch-secret').count(), 0);
  });

  it('when a pasted key lacks watches:write, then the panel shows the 403 the API sent and how to get a key that has it', async () => {
    const other = await browser.newPage();
    try {
      await other.goto(`${server.url}/explore?view=watches`);
      await other.fill('#pasted-key', (await dev.key(['search:read', 'products:read'])).secret);
      await other.press('#pasted-key', 'Enter');
      const problem = other.locator('main .problem');
      await problem.waitFor();
      const text = (await problem.textContent()) ?? '';
      assert.match(text, /Insufficient scope \(403\)/);
      assert.match(text, /watches:write/, "the API's detail names the scope");
      assert.match(text, /Signing in with email and password gives this tab a key/);
    } finally {
      await other.close();
    }
  });

  it('when a watch is deleted, then it leaves the panel and the account', async () => {
    await page.goto(`${server.url}/explore?view=watches`);
    await page.waitForSelector('#watches[data-loaded]');
    const id = await page.locator('li.watch').first().getAttribute('data-id');
    assert.ok(await page.locator('li.watch').first().locator('button.danger').isHidden(), 'asked for first');
    await page.locator('li.watch').first().locator('button.watch-delete').click();
    await page.locator('li.watch').first().getByRole('button', { name: 'Delete for good' }).click();
    await page.waitForSelector(`li.watch[data-id="${id}"]`, { state: 'detached' });
    assert.ok(!(await watches()).some((w) => w.id === id));
    // Chromium logs each 4xx a fetch gets: the only one is the refused endpoint, on purpose.
    assert.deepEqual(consoleErrors, [
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });
});
