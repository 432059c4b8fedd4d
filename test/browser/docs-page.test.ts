// The API reference page in real headless Chromium (Debian's, driven by playwright-core): it loads
// without console errors, lists every operation of the served document, and a call tried from the
// page with the reader's key answers 200. A screenshot is kept in test-artifacts/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { startServer, type TestServer } from '../helpers/server';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';
import { ROOT } from '../helpers/engines';
import { OPENAPI } from '../../src/contract/openapi';

const ARTIFACTS = path.join(ROOT, 'test-artifacts');
// What a sandboxed root session needs, and no background traffic to hosts this machine cannot reach.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

describe('API reference page (/docs) in Chromium', function () {
  this.timeout(120000);
  let catalog: Catalog;
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];
  const offOrigin: string[] = [];

  before(async () => {
    catalog = await openCatalog();
    await catalog.seed(writeSources());
    server = await startServer({ MONGODB_URI: catalog.mongoUri, ELASTICSEARCH_INDEX: catalog.alias });
    browser = await launchChromium(FLAGS);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    page.on(
      'request',
      (r) => !r.url().startsWith(server.url) && !r.url().startsWith('data:') && offOrigin.push(r.url()),
    );
    await page.goto(`${server.url}/docs`, { waitUntil: 'networkidle' });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await catalog?.drop();
  });

  it('when the page loads, then there is no console error and nothing is fetched from another origin', async () => {
    await page.waitForSelector('.opblock');
    assert.deepEqual(consoleErrors, []);
    assert.deepEqual(offOrigin, []);
    assert.match(await page.title(), /Product Data Service/);
  });

  it('then it lists every operation of the served OpenAPI document', async () => {
    const expected = Object.values(OPENAPI.paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId: string }>).map((op) => op.operationId),
    );
    const listed = await page.$$eval('.opblock .opblock-summary-operation-id', (els) =>
      els.map((e) => e.textContent?.trim()),
    );
    // Swagger UI shows the operationId only where it differs from the summary; its element ids always carry it.
    const ids = await page.$$eval('.opblock', (els) => els.map((e) => e.id));
    for (const operationId of expected) {
      assert.ok(
        ids.some((id) => id.endsWith(`-${operationId}`)) || listed.includes(operationId),
        `${operationId} is listed`,
      );
    }
    assert.equal(ids.length, expected.length);
  });

  it('when a reader authorizes with an API key and tries a search, then the page shows a 200 with results', async () => {
    const key = (await (await newDeveloper(server.url)).key(['search:read'])).secret;
    await page.click('.auth-wrapper .authorize');
    const apiKeyForm = page.locator('.auth-container', { hasText: 'apiKey' });
    await apiKeyForm.locator('input').fill(key);
    await apiKeyForm.locator('button.authorize').click();
    await page.click('.dialog-ux .close-modal');

    const op = page.locator('.opblock[id$="-searchProducts"]');
    await op.locator('.opblock-summary').first().click();
    await op.locator('tr[data-param-name="q"] input').fill('trina');
    await op.locator('button.execute').click();
    const status = op.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor();
    assert.equal((await status.textContent())?.trim(), '200');
    const body = await op.locator('.live-responses-table .response-col_description pre').first().textContent();
    assert.ok(JSON.parse(body ?? '{}').data.length > 0, 'the search found products');
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'docs-page.png'), fullPage: false });
    assert.deepEqual(consoleErrors, [], 'no console error along the way');
  });
});
