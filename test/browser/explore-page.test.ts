// The equipment explorer (/explore) in real headless Chromium, on the complete data, step by step as
// a person uses it: sign in, type a query with a typo, apply a facet and a range, open a product and
// one value's provenance, the revision timeline, the alternatives, compare three, draw an IV curve,
// size a string. Each step waits for what a person would see; a step that does not show it fails.
// Screenshots and the measured time to first results and page weight go to test-artifacts/.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { serverOn, type TestServer } from '../helpers/server';
import { fullCatalog } from '../helpers/full-catalog';
import { newDeveloper, type Developer } from '../helpers/accounts';
import { call, callUnchecked } from '../helpers/contract';
import { ROOT } from '../helpers/engines';

const ARTIFACTS = path.join(ROOT, 'test-artifacts');
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
/** What a person types, one key every 80 ms: a company with one letter doubled, a power and a kind. */
const TYPED = 'jinkko 400w module';
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `explore-${name}.png`) });

describe('equipment explorer (/explore) in Chromium, on the complete data', function () {
  this.timeout(300000);
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let dev: Developer;
  const consoleErrors: string[] = [];
  const offOrigin: string[] = [];
  /** Page files that failed (the API's own 4xx answers are shown as problems, and checked where expected). */
  const failedFiles: string[] = [];
  const measured: Record<string, unknown> = {};

  before(async () => {
    const catalog = await fullCatalog();
    server = await serverOn(catalog);
    dev = await newDeveloper(server.url);
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium(FLAGS);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    page.on('request', (r) => !r.url().startsWith(server.url) && offOrigin.push(r.url()));
    page.on('response', (r) => r.status() >= 400 && !r.url().includes('/api/v1/') && failedFiles.push(r.url()));
  });
  after(async () => {
    writeFileSync(path.join(ARTIFACTS, 'explore-measurements.json'), `${JSON.stringify(measured, null, 2)}\n`);
    await browser?.close();
    await server?.stop();
  });

  it('when /docs is opened, then it links the explorer', async () => {
    await page.goto(`${server.url}/docs`);
    assert.equal(await page.locator('a[href="/explore"]').count(), 1);
  });

  it('when a person signs in, then the page holds a read key for the tab, never in the URL, and a strict CSP', async () => {
    const res = await page.goto(`${server.url}/explore`, { waitUntil: 'networkidle' });
    const csp = res!.headers()['content-security-policy'];
    assert.match(csp, /script-src 'self';/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    await page.fill('#email', dev.email);
    await page.fill('#password', 'not-the-password-2026');
    await page.press('#password', 'Enter');
    await page.waitForSelector('.signin .problem');
    assert.match(
      (await page.locator('.signin .problem').textContent()) ?? '',
      /\(401\)/,
      'a wrong password shows the 401',
    );
    await page.fill('#password', dev.password);
    await page.press('#password', 'Enter');
    await page.waitForSelector('#sign-out');
    const key = await page.evaluate(() => sessionStorage.getItem('pds.explore.key'));
    assert.match(key ?? '', /^pds_/);
    assert.ok(!page.url().includes(key!), 'the key is not in the URL');
    const keys = await call(server.url, 'listApiKeys', { token: dev.token });
    const made = keys.body.data.find((k: { prefix: string }) => key!.startsWith(k.prefix));
    assert.ok(made, 'the key was made for the page');
    assert.ok(!made.scopes.includes('account'), 'read scopes only');
    assert.ok(made.expires_at, 'it expires');
  });

  it('when a query with a typo is typed, then results come while typing, with the reading as chips and facets', async () => {
    await page.waitForSelector('#results[data-for]');
    // Results for a typed prefix (any q), then for the whole text: timed from the first key.
    const shows = (q?: string) =>
      page.waitForFunction(
        (want) => {
          const shown = new URLSearchParams(document.querySelector('#results')?.getAttribute('data-for') ?? '').get(
            'q',
          );
          return want === null ? Boolean(shown) : shown === want;
        },
        q ?? null,
        { timeout: 30000, polling: 10 },
      );
    const started = Date.now();
    const first = shows().then(() => Date.now() - started);
    await page.locator('#q').pressSequentially(TYPED, { delay: 80 });
    const typedMs = Date.now() - started;
    await shows(TYPED);
    measured.first_results_ms_after_first_key = await first;
    measured.typing_ms = typedMs;
    measured.settled_ms_after_last_key = Date.now() - started - typedMs;
    measured.debounce = 'results after a 200 ms pause, and at least every 600 ms while typing';
    const chips = await page.locator('#interpretation .chip').allTextContents();
    assert.ok(
      chips.some((c) => /400 W/.test(c)),
      `400w reads as a quantity: ${chips.join(' | ')}`,
    );
    assert.ok(
      chips.some((c) => /category/.test(c)),
      `module reads as a category: ${chips.join(' | ')}`,
    );
    const firstCompany = (await page.locator('#results li.card p').first().textContent()) ?? '';
    assert.match(firstCompany, /Jinko/i, 'the typo still finds Jinko first');
    assert.ok((await page.locator('#facets .facet-category input').count()) > 0, 'category facet');
    assert.ok((await page.locator('#facets .facet-manufacturer .count').count()) > 0, 'company facet with counts');
    assert.equal(new URL(page.url()).searchParams.get('q'), TYPED, 'the URL holds the query');
    await shot(page, 'search');
  });

  it('when a chip is removed, then its words leave the query and the other parts stay as filters', async () => {
    const before = await page.locator('#interpretation .chip').count();
    await page.locator('#interpretation .chip button[aria-label^="Remove quantity"]').click();
    await page.waitForFunction((n) => document.querySelectorAll('#interpretation .chip').length < n, before);
    const url = new URL(page.url());
    assert.doesNotMatch(url.searchParams.get('q') ?? '', /400/);
    assert.deepEqual(url.searchParams.getAll('category'), ['pv-module'], 'the category stays as a filter');
    assert.ok(await page.locator('#f-category-pv-module').isChecked(), 'and shows as a checked facet');
  });

  it('when a comparison is typed, then its chip names the spec by its glossary label, and removing it widens the results', async () => {
    const back = page.url();
    const q = 'Trina module over 600W';
    await page.goto(`${server.url}/explore?q=${encodeURIComponent(q)}`);
    await page.waitForFunction(
      (want) =>
        new URLSearchParams(document.querySelector('#results')?.getAttribute('data-for') ?? '').get('q') === want,
      q,
    );
    const total = async () =>
      Number(/^([\d,]+)/.exec((await page.locator('#total').textContent()) ?? '')?.[1].replace(/,/g, ''));
    const narrowed = await total();
    const chip = page.locator('#interpretation .chip[data-kind="range"]');
    const said = (await chip.textContent()) ?? '';
    assert.match(said, /power[^×]* over 600 W/i, `the chip says power over 600 W by its label: ${said}`);
    assert.doesNotMatch(said, /stc_power_w/, 'never the raw spec name');
    const chips = await page.locator('#interpretation .chip').allTextContents();
    assert.ok(
      chips.every((c) => !/[a-z]+_[a-z_]+/.test(c)),
      `no chip shows a raw name: ${chips.join(' | ')}`,
    );
    const shown = await page.locator('#results').getAttribute('data-for');
    await chip.locator('button').click();
    // The list shows another search: then what it shows is checked.
    await page.waitForFunction((was) => document.querySelector('#results')?.getAttribute('data-for') !== was, shown);
    assert.equal(await page.locator('#interpretation .chip[data-kind="range"]').count(), 0, 'the chip is gone');
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('specs.stc_power_w[gt]'), null, 'the comparison is gone from the URL');
    assert.deepEqual(url.searchParams.getAll('category'), ['pv-module'], 'the category stays as a filter');
    // "Trina" names the Trina Solar group (its arms are one brand to a buyer): the group stays.
    assert.ok(url.searchParams.getAll('manufacturer').includes('trina-solar-group'), 'and Trina stays');
    const widened = await total();
    assert.ok(widened > narrowed, `more Trina modules without the comparison: ${narrowed} -> ${widened}`);
    await page.goto(back);
    await page.waitForSelector('#results li.card');
  });

  it('when the results hold parent brands, then the Group facet counts them and checking one lists all its companies', async () => {
    const back = page.url();
    await page.goto(`${server.url}/explore?q=${encodeURIComponent('mono module')}`);
    await page.waitForSelector('#facets .facet-group input');
    const first = page.locator('#facets .facet-group .check').first();
    const box = first.locator('input');
    const id = (await box.getAttribute('id')) ?? '';
    const counted = Number(((await first.locator('.count').textContent()) ?? '').replace(/\D/g, ''));
    assert.ok(counted > 0, 'a group with a count');
    const shown = await page.locator('#results').getAttribute('data-for');
    await box.check();
    await page.waitForFunction((was) => document.querySelector('#results')?.getAttribute('data-for') !== was, shown);
    const groups = new URL(page.url()).searchParams.getAll('manufacturer').filter((m) => m.endsWith('-group'));
    assert.equal(groups.length, 1, `one group id in the URL: ${page.url()}`);
    assert.ok(await page.locator(`#${id}`).isChecked(), 'the group shows checked');
    assert.equal(
      await page.locator(`#facets .facet-manufacturer input[id$="${groups[0]}"]`).count(),
      0,
      'not as a company',
    );
    const total = Number(/^([\d,]+)/.exec((await page.locator('#total').textContent()) ?? '')?.[1].replace(/,/g, ''));
    assert.equal(total, counted, 'the list holds what the group counted');
    await page.goto(back);
    await page.waitForSelector('#results li.card');
  });

  it('when modules are listed, then each card shows power, efficiency and size by their glossary labels and units', async () => {
    const back = page.url();
    await page.goto(`${server.url}/explore?q=${encodeURIComponent('Jinko module')}&category=pv-module`);
    await page.waitForSelector('#results li.card dl.deciding');
    const first = page.locator('#results li.card').first();
    const row = async (spec: string) => {
      assert.equal(await first.locator(`[data-spec="${spec}"]`).count(), 1, `the card shows ${spec}`);
      return {
        label: (await first.locator(`[data-spec="${spec}"] dt`).textContent()) ?? '',
        value: (await first.locator(`[data-spec="${spec}"] dd`).textContent()) ?? '',
      };
    };
    const power = await row('stc_power_w');
    assert.match(power.label, /power/i);
    assert.match(power.value, /^[\d,.]+ W$/);
    const efficiency = await row('module_efficiency_pct');
    assert.match(efficiency.label, /efficiency/i);
    assert.match(efficiency.value, /^[\d.]+ %$/);
    const size = first.locator('[data-spec="length_m width_m"], [data-spec="area_m2"]');
    assert.equal(await size.count(), 1, 'a size: the sides, else the area');
    assert.match((await size.locator('dt').textContent()) ?? '', /size|area/i);
    assert.match((await size.locator('dd').textContent()) ?? '', /^[\d.]+( × [\d.]+)? m2?$/);
    const text = (await first.textContent()) ?? '';
    assert.doesNotMatch(text, /stc_power_w|module_efficiency_pct|area_m2|length_m/, 'no raw spec name on the card');
    await page.goto(back);
    await page.waitForSelector('#results li.card');
  });

  it('when a ranking is typed, then each card says what it was ranked on, and the total is the exact count', async () => {
    const back = page.url();
    await page.goto(`${server.url}/explore?q=${encodeURIComponent('most efficient 400W module')}`);
    await page.waitForSelector('#results li.card .rank-basis');
    const cards = page.locator('#results li.card');
    const bases = await page.locator('#results li.card .rank-basis').allTextContents();
    assert.equal(bases.length, await cards.count(), 'every card has its basis');
    for (const text of bases)
      assert.match(text, /^Ranked on .*efficiency.*: [\d.]+ % \([\w-]+, (reported|derived)\)$/i);
    // An inverter's efficiency depends on the DC voltage: the card says which one it was taken at.
    await page.goto(`${server.url}/explore?q=${encodeURIComponent('most efficient 7.6 kW inverter')}`);
    await page.waitForSelector('#results li.card .rank-basis .rank-at');
    const atTexts = await page.locator('#results li.card .rank-basis').allTextContents();
    assert.ok(atTexts.length > 0);
    for (const text of atTexts) assert.match(text, /, at [\d.,]+ V \(.*voltage.*\)$/i, text);
    await page.goto(`${server.url}/explore?q=module`);
    await page.waitForSelector('#results li.card');
    const total = (await page.locator('#total').textContent()) ?? '';
    assert.match(total, /^[\d,]+ products/);
    assert.ok(!/^[\d,]+\+/.test(total) && Number(total.split(' ')[0].replace(/,/g, '')) > 10000, total);
    await page.goto(back);
    await page.waitForSelector('#results li.card');
  });

  it('when the series chip is pressed, then a product line is one card with its variants and their range, and pressing it again lists every variant', async () => {
    const back = page.url();
    // The steps after this one start where it found the page, whatever it finds.
    try {
      await page.goto(`${server.url}/explore?q=${encodeURIComponent('SMA inverter')}`);
      await page.waitForSelector('#results li.card');
      const chip = page.locator('#group-series');
      assert.equal(await chip.getAttribute('aria-pressed'), 'false');
      const boys = async () => page.locator('#results li.card').filter({ hasText: /^SB/ }).count();
      assert.ok((await boys()) > 1, 'ungrouped, several Sunny Boy variants are cards');
      await chip.click();
      await page.waitForFunction(() => new URL(location.href).searchParams.get('group_by') === 'series');
      const line = page.locator('#results li.card .variants[data-series="sma-sunny-boy"]');
      await line.waitFor();
      assert.equal(await chip.getAttribute('aria-pressed'), 'true');
      assert.equal(await line.count(), 1, 'the line is one card');
      assert.match((await line.textContent()) ?? '', /^SMA Sunny Boy: [\d,]+ variants · AC power [\d,.]+–[\d,.]+ W$/);
      assert.ok(Number(await line.getAttribute('data-variants')) > 100);
      assert.match(
        (await page.locator('#total').textContent()) ?? '',
        /^[\d,]+ rows \([\d,]+ series, [\d,]+ single products\) of [\d,]+ products/,
      );
      await shot(page, 'series-rows');
      await chip.click();
      await page.waitForFunction(() => !new URL(location.href).searchParams.has('group_by'));
      await page.waitForFunction(() => document.querySelectorAll('#results li.card .variants').length === 0);
    } finally {
      await page.goto(back);
      await page.waitForSelector('#results li.card');
    }
  });

  it('when a category facet and a range are applied, then the results and the URL follow, and a reload shows the same', async () => {
    const total = async () => (await page.locator('#total').textContent()) ?? '';
    const box = page.locator('#facets .facet-category input#f-category-pv-module');
    if (!(await box.isChecked())) {
      await box.check();
      await page.waitForFunction(() => new URL(location.href).searchParams.get('category') === 'pv-module');
    }
    const slider = page.locator('#r-stc_power_w-gte');
    await slider.waitFor();
    const beforeRange = await total();
    await slider.fill('400');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('specs.stc_power_w[gte]') === '400');
    await page.waitForFunction((t) => document.querySelector('#total')?.textContent !== t, beforeRange);
    const powers = await page.locator('#results li.card [data-spec="stc_power_w"] dd').allTextContents();
    assert.ok(powers.length > 0, 'the cards show the power');
    for (const text of powers) {
      const watts = Number(/([\d,.]+) W/.exec(text)?.[1].replace(/,/g, ''));
      assert.ok(watts >= 400, `every result has at least 400 W: ${text}`);
    }
    const url = page.url();
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForSelector('#results li.card');
    assert.equal(page.url(), url);
    assert.equal(await page.locator('#r-stc_power_w-gte').inputValue(), '400', 'the range is back after reload');
    await shot(page, 'facets');
  });

  it('when more results are scrolled to, then the next page is appended from the cursor', async () => {
    const url = page.url();
    await page.goto(`${server.url}/explore?q=trina&category=pv-module`);
    await page.waitForSelector('#results li.card');
    const n = await page.locator('#results li.card').count();
    await page.locator('#more').scrollIntoViewIfNeeded();
    await page.waitForFunction((k) => document.querySelectorAll('#results li.card').length > k, n);
    const ids = await page.locator('#results li.card h3 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.equal(new Set(ids).size, ids.length, 'no product twice');
    await page.goto(url);
    await page.waitForSelector('#results li.card');
  });

  it('when a product is opened, then its specs show units and, on demand, the provenance locator with its source', async () => {
    await page.locator('#results li.card h3 a').first().click();
    await page.waitForSelector('#specs');
    assert.match((await page.locator('#specs').textContent()) ?? '', /\d W/, 'a value with its unit');
    await page.locator('button[aria-label="Evidence for stc_power_w"]').click();
    const locator = page.locator('#specs tr.evidence:not([hidden]) .locator');
    await locator.waitFor();
    const text = (await locator.textContent()) ?? '';
    for (const part of ['source', 'edition', 'file', 'record', 'line', 'column']) assert.match(text, new RegExp(part));
    const link = locator.locator('a[href^="/api/v1/sources/"]');
    assert.equal(await link.count(), 1, 'the source links to /api/v1/sources/{id}');
    await link.click();
    await locator.locator('.source-detail p').waitFor();
    assert.match((await page.locator('#listing-title').textContent()) ?? '', /Listing/);
    assert.ok((await page.locator('#quality li, #quality-title').count()) > 0, 'quality checks shown');
    await shot(page, 'product');
  });

  it('when the revision timeline is opened, then each revision shows with what changed', async () => {
    await page.click('#revisions-open');
    await page.waitForSelector('#revisions ol.timeline li');
    assert.match((await page.locator('#revisions').textContent()) ?? '', /Revision 1/);
    // A module both CEC editions list: the newer edition's revision says what it changed.
    const url = page.url();
    await page.goto(`${server.url}/explore?product=ablytek-6mn6a280`);
    await page.click('#revisions-open');
    await page.waitForSelector('#revisions ol.timeline li');
    const timeline = (await page.locator('#revisions').textContent()) ?? '';
    assert.match(timeline, /Revision 2/);
    assert.match(timeline, /rsh_ref_ohm: 945\.868958 → 945\.874/, 'the value before and after');
    await shot(page, 'revisions');
    await page.goto(url);
    await page.waitForSelector('#alternatives-open');
  });

  it('when the alternatives are opened, then each says what differs and by how much', async () => {
    await page.click('#alternatives-open');
    await page.waitForSelector('#alternatives li.card');
    const explanations = await page.locator('#alternatives .explanation').allTextContents();
    assert.ok(explanations.length > 0);
    for (const e of explanations) assert.match(e, /Differs in|Same/);
    await shot(page, 'alternatives');
  });

  it('when three products are picked (the product and two alternatives), then compare shows them side by side, differences marked', async () => {
    await page.evaluate(() => sessionStorage.removeItem('pds.explore.picked'));
    await page.locator('.actions button.pick').click();
    const picks = page.locator('#alternatives button.pick');
    await picks.nth(0).click();
    await picks.nth(1).click();
    await page.locator('#compare-link').click();
    await page.waitForSelector('#comparison');
    assert.equal(await page.locator('#comparison thead th').count(), 4, 'a spec column and three products');
    assert.ok((await page.locator('#comparison tr.differs').count()) > 0, 'some rows differ');
    assert.ok(page.url().includes('view=compare'), 'the URL holds the comparison');
    await shot(page, 'compare');
  });

  it('when the IV curve is asked for the module, then the IV and PV curves are drawn as SVG', async () => {
    await page.goBack();
    await page.waitForSelector('#to-iv');
    await page.click('#to-iv');
    await page.waitForSelector('#iv-chart path.series');
    const d = (await page.locator('#iv-chart path.series').getAttribute('d')) ?? '';
    assert.ok(d.split('L').length > 50, 'the curve has its points');
    // Every point inside the plot: the axes reach past Isc and Voc.
    for (const chart of ['#iv-chart', '#pv-chart']) {
      const box = await page.locator(`${chart} path.series`).evaluate((p) => {
        const b = (p as SVGGraphicsElement).getBBox();
        const view = (p as SVGGraphicsElement).ownerSVGElement!.viewBox.baseVal;
        return { x: b.x, y: b.y, right: b.x + b.width, bottom: b.y + b.height, w: view.width, h: view.height };
      });
      assert.ok(
        box.x >= 0 && box.y >= 0 && box.right <= box.w && box.bottom <= box.h,
        `${chart} inside: ${JSON.stringify(box)}`,
      );
    }
    await page.waitForSelector('#pv-chart path.series');
    await page.fill('#iv-irradiance', '500');
    await page.click('#iv-form button[type=submit]');
    await page.waitForFunction(() => /500 W\/m²/.test(document.querySelector('#iv-out')?.textContent ?? ''));
    await shot(page, 'iv');
  });

  it('when a string is sized with an inverter, then the bounds, the binding one and the worked lines show', async () => {
    const inverters = await call(server.url, 'searchProducts', {
      token: (await dev.key(['search:read'])).secret,
      query: { q: 'SMA 7.7kW inverter', limit: 1, fields: ['id'] },
    });
    await page.fill('#d-inverter', inverters.body.data[0].id);
    await page.fill('#s-t_min', '-15');
    await page.click('#sizing-form button[type=submit]');
    await page.waitForSelector('#sizing-answer');
    assert.match((await page.locator('#sizing-answer').textContent()) ?? '', /modules in series|No string length fits/);
    assert.ok((await page.locator('#bounds tr.binding').count()) > 0, 'a binding bound is marked');
    assert.ok((await page.locator('ol.worked li').count()) > 0, 'worked lines');
    await shot(page, 'sizing');
  });

  it('when a module id names nothing, then the page shows the problem detail the API sent', async () => {
    await page.fill('#d-module', 'no-such-module');
    await page.click('#iv-form button[type=submit]');
    await page.waitForSelector('#iv-out .problem');
    assert.match((await page.locator('#iv-out .problem').textContent()) ?? '', /404.*no-such-module/s);
  });

  it('when nothing matches, then the suggestions show, and one press searches for it', async () => {
    await page.goto(`${server.url}/explore?q=${encodeURIComponent('qcelsz peakk')}`);
    await page.waitForSelector('#results li.empty');
    assert.match((await page.locator('#results').textContent()) ?? '', /No product matches/);
    const suggestion = page.locator('#results li.empty button').first();
    const text = (await suggestion.textContent()) ?? '';
    assert.match(text, /qcells/i, "the data's own spelling is offered");
    await suggestion.click();
    await page.waitForSelector('#results li.card');
    assert.equal(new URL(page.url()).searchParams.get('q'), text);
  });

  it('then every control has a label, the search works from the keyboard, and a phone width does not scroll sideways', async () => {
    await page.goto(`${server.url}/explore?q=trina`);
    await page.waitForSelector('#results li.card');
    const unlabelled = await page.$$eval('input, select, button', (els) =>
      els
        .filter((e) => {
          const labels = (e as HTMLInputElement).labels;
          return !(labels && labels.length > 0) && !e.getAttribute('aria-label') && !(e.textContent ?? '').trim();
        })
        .map((e) => e.outerHTML.slice(0, 80)),
    );
    assert.deepEqual(unlabelled, []);
    await page.focus('#q');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('q.peak duo');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'q.peak duo');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.tagName);
    assert.ok(focused && focused !== 'BODY', 'Tab moves on to the next control');
    // A product opened and its evidence shown with the keyboard alone.
    await page.waitForFunction(() => document.querySelector('#results')?.getAttribute('data-for')?.includes('duo'));
    await page.locator('#results li.card h3 a').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('#specs');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'product-title', 'focus moves to the product');
    const evidence = page.locator('#specs button[aria-expanded]').first();
    await evidence.focus();
    await page.keyboard.press('Enter');
    assert.equal(await evidence.getAttribute('aria-expanded'), 'true');
    await page.goBack();
    await page.waitForSelector('#results li.card');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `no sideways scroll at 390 px (${overflow} px over)`);
    await shot(page, 'phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('then the page weighs what it measured, nothing came from another origin, and no console error was logged', async () => {
    const fresh = await browser.newPage();
    await fresh.goto(`${server.url}/explore`, { waitUntil: 'networkidle' });
    const weight = await fresh.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((e) => {
        const r = e as PerformanceResourceTiming;
        return { name: r.name.replace(location.origin, ''), bytes: r.encodedBodySize, transfer: r.transferSize };
      }),
    );
    // Again, as a returning reader: the browser revalidates what it holds (ETag) and gets 304s.
    await fresh.reload({ waitUntil: 'networkidle' });
    const again = await fresh.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce(
        (sum, e) => sum + (e as PerformanceResourceTiming).transferSize,
        0,
      ),
    );
    await fresh.close();
    measured.reload_transfer_bytes = again;
    measured.page_weight = {
      files: weight.length,
      bytes: weight.reduce((sum, w) => sum + w.bytes, 0),
      transfer_bytes: weight.reduce((sum, w) => sum + w.transfer, 0),
      detail: weight,
    };
    assert.ok(weight.some((w) => w.name.endsWith('explore.mjs')));
    assert.deepEqual(offOrigin, []);
    assert.deepEqual(failedFiles, []);
    // Chromium logs every 4xx a fetch gets: the only ones are the wrong password and the unknown module, on purpose.
    assert.deepEqual(consoleErrors, [
      'Failed to load resource: the server responded with a status of 401 (Unauthorized)',
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
  });

  it('when the person signs out, then the page key is revoked with itself: the page never kept a login token', async () => {
    const key = await page.evaluate(() => sessionStorage.getItem('pds.explore.key'));
    const stored = await page.evaluate(() => Object.keys(sessionStorage));
    assert.deepEqual(
      stored.filter((k) => /token/i.test(k)),
      [],
      'no login token in the page',
    );
    const revoking = page.waitForRequest((r) => r.url().endsWith('/api/v1/auth/key') && r.method() === 'DELETE');
    await page.click('#sign-out');
    await revoking;
    await page.waitForSelector('#signin-form');
    const keys = await call(server.url, 'listApiKeys', { token: dev.token });
    const made = keys.body.data.find((k: { prefix: string }) => key!.startsWith(k.prefix));
    assert.ok(made?.revoked_at, 'revoked');
  });

  it('when the account holds its most keys, some of them page keys of tabs left open, then signing in revokes those, says so, and leaves the other keys alone', async () => {
    const live = async () =>
      (await call(server.url, 'listApiKeys', { token: dev.token })).body.data.filter((k: any) => !k.revoked_at);
    const expires_at = new Date(Date.now() + 3600_000).toISOString();
    for (const name of ['equipment explorer 2026-11-25T08:00', 'equipment explorer 2026-11-25T09:00'])
      await call(server.url, 'createApiKey', {
        token: dev.token,
        body: { name, scopes: ['products:read'], expires_at },
      });
    for (;;) {
      const made = await callUnchecked(server.url, 'createApiKey', {
        token: dev.token,
        body: { name: 'ci', scopes: ['products:read'] },
      });
      if (made.status === 409) break;
      assert.equal(made.status, 201, made.text);
    }
    const before = await live();
    await page.fill('#email', dev.email);
    await page.fill('#password', dev.password);
    await page.press('#password', 'Enter');
    await page.waitForSelector('#sign-in-note');
    assert.match((await page.locator('#sign-in-note').textContent()) ?? '', /2 earlier explorer keys were revoked/);
    const after = await live();
    const names = (ks: any[]) => ks.map((k) => k.name as string).sort((a, b) => a.localeCompare(b));
    assert.deepEqual(
      names(after).filter((n) => n === 'ci'),
      names(before).filter((n) => n === 'ci'),
      'every other key is still live',
    );
    assert.equal(after.filter((k: any) => k.name.startsWith('equipment explorer')).length, 1, 'only the new page key');
    await page.click('#sign-out');
    await page.waitForSelector('#signin-form');
  });
});
