// The explorer (/explore) in headless Chromium on the seed fixture with HiSim's batteries and chargers:
// a person searches "10 kWh battery" and "11 kW wallbox", sees each card's deciding specs by glossary
// label and unit, and finds both categories in the category facet.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, signInToExplorer } from '../helpers/browser';
import { startServer, type TestServer } from '../helpers/server';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';

describe('equipment explorer (/explore): home batteries and EV chargers', function () {
  this.timeout(180000);
  let catalog: Catalog;
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];

  before(async () => {
    catalog = await openCatalog();
    await catalog.seed(writeSources(), undefined, (s) => s.category !== 'pv-module' && s.category !== 'inverter');
    server = await startServer({ MONGODB_URI: catalog.mongoUri, ELASTICSEARCH_INDEX: catalog.alias });
    const dev = await newDeveloper(server.url);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    await signInToExplorer(page, server.url, dev);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await catalog?.drop();
  });

  /** The deciding specs of the first card: `data-spec` -> [label, value]. */
  async function firstCard(q: string): Promise<Map<string, [string, string]>> {
    await page.goto(`${server.url}/explore?q=${encodeURIComponent(q)}`);
    await page.waitForFunction(
      (want) =>
        new URLSearchParams(document.querySelector('#results')?.getAttribute('data-for') ?? '').get('q') === want,
      q,
    );
    await page.waitForSelector('#results li.card dl.deciding');
    const rows = page.locator('#results li.card').first().locator('dl.deciding > div');
    const out = new Map<string, [string, string]>();
    for (let i = 0; i < (await rows.count()); i++) {
      const row = rows.nth(i);
      out.set((await row.getAttribute('data-spec')) ?? '', [
        (await row.locator('dt').textContent()) ?? '',
        (await row.locator('dd').textContent()) ?? '',
      ]);
    }
    return out;
  }

  it('when "10 kWh battery" is searched, then cards show usable capacity in kWh and charge / discharge power in kW', async () => {
    const card = await firstCard('10 kWh battery');
    const [label, capacity] = card.get('usable_capacity_kwh') ?? ['', ''];
    assert.match(label, /capacity/i);
    assert.match(capacity, /^(9(\.\d+)?|10|11) kWh$/);
    assert.match(card.get('max_charge_power_kw max_discharge_power_kw')?.[1] ?? '', /^[\d.]+ \/ [\d.]+ kW$/);
    const text = (await page.locator('#results li.card').first().textContent()) ?? '';
    assert.match(text, /home-battery/);
    assert.doesNotMatch(text, /usable_capacity_kwh|EUR/, 'no raw spec name, no price');
    assert.ok((await page.locator('#interpretation .chip').allTextContents()).some((c) => /10 kWh/.test(c)));
  });

  it('when "11 kW wallbox" is searched, then cards show the charging power in kW', async () => {
    const card = await firstCard('11 kW wallbox');
    assert.equal(card.get('charging_power_kw')?.[1], '11 kW');
  });

  it("when a battery's capacity evidence is opened, then its locator shows the JSON pointer and its source the table's limits", async () => {
    await page.goto(`${server.url}/explore?product=sonnen-sonnenbatterie-10-11-kwh`);
    await page.waitForSelector('#specs');
    assert.match((await page.locator('#specs').textContent()) ?? '', /10 kWh/);
    await page.locator('button[aria-label="Evidence for usable_capacity_kwh"]').click();
    const locator = page.locator('#specs tr.evidence:not([hidden]) .locator');
    await locator.waitFor();
    assert.match((await locator.textContent()) ?? '', /pointer\/Battery\/1\/Capacity/);
    await locator.locator('a[href^="/api/v1/sources/"]').click();
    await locator.locator('.source-detail .source-limits').waitFor();
    assert.match((await locator.locator('.source-limits').textContent()) ?? '', /hand-collected/);
  });

  it('when batteries or chargers are searched, then the category facet lists their category with its count', async () => {
    for (const [q, category, count] of [
      ['battery', 'home-battery', '31'],
      ['wallbox', 'ev-charger', '8'],
    ] as const) {
      await firstCard(q);
      const facet = page.locator(`#facets .facet-category label[for="f-category-${category}"]`);
      assert.equal(await facet.count(), 1, `${q}: the ${category} facet`);
      assert.match((await facet.textContent()) ?? '', new RegExp(`${category}.*${count}`));
    }
    assert.deepEqual(consoleErrors, []);
  });
});
