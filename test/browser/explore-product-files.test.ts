// The explorer's product page in headless Chromium on the complete data, as a designer uses it: a
// module's .PAN and an inverter's .OND downloaded with the page's own key (the file that arrives is the
// one getPvsystFile serves, byte for byte), the fidelity certificate and the keys to supply shown beside
// it, an inverter's efficiency curves at three voltages and a heat pump's COP curves at three flow
// temperatures, each with a table whose numbers are the REST answer's. Screenshots go to test-artifacts/.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, signInToExplorer } from '../helpers/browser';
import { serverOn, type TestServer } from '../helpers/server';
import { fullCatalog } from '../helpers/full-catalog';
import { newDeveloper } from '../helpers/accounts';
import { call } from '../helpers/contract';
import { ROOT } from '../helpers/engines';

const ARTIFACTS = path.join(ROOT, 'test-artifacts');
const MODULE = 'qcells-north-america-q-peak-duo-blk-ml-g10-plus-400';
/** A Sandia row without CEC parameters: its .PAN is fitted to its reference point alone. */
const SANDIA_MODULE = 'advent-solar-as160';
/** A CEC row whose .PAN lies more than 1 % off the model (docs/design-calculations.md). */
const OVER_1_PCT = 'maxeon-solar-technologies-ltd-spr-p6-545-upp';
const INVERTER = 'sma-america-sb7-7-1sp-us-41-240v';
const HEAT_PUMP = 'johnson-controls-hitachi-airconditioning-spain-01-ras-2-5whvrp-rwd-2-5nrwe-200s';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(ARTIFACTS, `explore-product-${name}.png`), fullPage: true });

describe('explorer product page (/explore?product=...): PVsyst files and performance curves, in Chromium', function () {
  this.timeout(300000);
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let key: string;
  const consoleErrors: string[] = [];

  /** What a plain REST call answers (with a key of the test's own, not the page's). */
  const rest = async (
    operationId: 'getPvsystFile' | 'getInverterPerformance' | 'getHeatPumpPerformance',
    id: string,
    query: Record<string, string> = {},
  ) => {
    const res = await call(server.url, operationId, { token: key, params: { id }, query });
    assert.equal(res.status, 200, res.text);
    return res;
  };

  /** Opens a product page, makes its PVsyst file and downloads what `link` names: its name and bytes. */
  async function download(id: string, link: '#pvsyst-file' | '#pvsyst-json', asOf?: string) {
    await page.goto(`${server.url}/explore?product=${encodeURIComponent(id)}${asOf ? `&as_of=${asOf}` : ''}`);
    await page.click('#pvsyst-open');
    await page.waitForSelector(link);
    const [file] = await Promise.all([page.waitForEvent('download'), page.click(link)]);
    return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
  }

  /** The certificate's rows as shown: data-name -> the number in the cell. */
  async function certificateShown(): Promise<Record<string, number>> {
    const rows = page.locator('#pvsyst-certificate tr[data-name]');
    const out: Record<string, number> = {};
    for (let i = 0; i < (await rows.count()); i++)
      out[(await rows.nth(i).getAttribute('data-name'))!] = Number.parseFloat(
        (await rows.nth(i).locator('td').textContent())!,
      );
    return out;
  }

  before(async () => {
    const catalog = await fullCatalog();
    server = await serverOn(catalog);
    const dev = await newDeveloper(server.url);
    key = (await dev.key(['products:read'])).secret;
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    await signInToExplorer(page, server.url, dev);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("when a module's .PAN is downloaded, then the file that arrives is getPvsystFile's, named, with the twin's certificate and the keys to supply", async () => {
    const file = await download(MODULE, '#pvsyst-file');
    const served = await rest('getPvsystFile', MODULE, { format: 'pan' });
    const twin = (await rest('getPvsystFile', MODULE, { format: 'json' })).body;
    assert.equal(file.name, 'Qcells_North_America_Q.PEAK_DUO_BLK_ML-G10_400.PAN');
    assert.equal(file.name, twin.file.name);
    assert.equal(file.text.split('\r\n')[0], 'PVObject_=pvModule');
    assert.equal(file.text, served.text, 'byte for byte what format=pan serves');
    assert.ok(file.text.includes(`Comment=Product Data Service: ${server.url}/api/v1/products/${MODULE}/pvsyst`));
    const shown = await certificateShown();
    assert.equal(shown.max, twin.certificate.max_abs_dpmp_pct);
    assert.equal(shown.rms, twin.certificate.rms_dpmp_pct);
    assert.equal(shown.points, twin.certificate.points.length);
    assert.equal(served.headers.get('x-fidelity-max-dpmp-pct'), String(shown.max));
    assert.equal(await page.locator('#pvsyst-warning').count(), 0, 'no warning under 1 %');
    const unknown = await page.locator('#pvsyst-unknown li code').allTextContents();
    assert.deepEqual(
      unknown,
      twin.unknown.map((u: { key: string }) => u.key),
    );
    const json = await download(MODULE, '#pvsyst-json');
    assert.equal(json.name, `${twin.file.name}.json`);
    assert.deepEqual(JSON.parse(json.text), twin, 'the JSON twin as served');
    await page.locator('#pvsyst-title').scrollIntoViewIfNeeded();
    await shot(page, 'pan');
  });

  it('when the page is as of revision 1, or the module a Sandia row, or its file over 1 %, then the file and certificate say so', async () => {
    const old = await download(MODULE, '#pvsyst-json', '1');
    assert.equal(JSON.parse(old.text).revision, 1);
    assert.match((await page.locator('#as-of').textContent()) ?? '', /as of 1/);

    const sandia = await download(SANDIA_MODULE, '#pvsyst-file');
    const twin = (await rest('getPvsystFile', SANDIA_MODULE, { format: 'json' })).body;
    assert.equal(sandia.text, twin.file.text);
    assert.equal((await certificateShown()).points, 1);
    assert.match((await page.locator('#pvsyst-certificate').textContent()) ?? '', /reference point/);

    await download(OVER_1_PCT, '#pvsyst-file');
    const over = (await rest('getPvsystFile', OVER_1_PCT, { format: 'json' })).body.certificate;
    assert.ok(over.over_1_pct);
    assert.equal((await certificateShown()).max, over.max_abs_dpmp_pct);
    assert.match(
      (await page.locator('#pvsyst-warning').textContent()) ?? '',
      new RegExp(`more than 1 % off.*max ${over.max_abs_dpmp_pct} %`),
    );
    await page.locator('#pvsyst-warning').scrollIntoViewIfNeeded();
    await shot(page, 'pan-over-1-pct');
  });

  it("when an inverter's page is opened, then its .OND downloads with its profile check, and its three efficiency curves are drawn with the REST numbers in tables", async () => {
    const ond = await download(INVERTER, '#pvsyst-file');
    const twin = (await rest('getPvsystFile', INVERTER, { format: 'json' })).body;
    assert.equal(ond.name, twin.file.name);
    assert.match(ond.name, /\.OND$/);
    assert.equal(ond.text.split('\r\n')[0], 'PVObject_=pvGInverter');
    assert.equal(ond.text, twin.file.text);
    const shown = await certificateShown();
    assert.equal(shown.max, twin.certificate.max_abs_dpac_pct_of_paco);
    assert.equal(shown.nodes, twin.certificate.nodes);

    await page.click('#inverter-curves-open');
    await page.waitForSelector('#inverter-chart');
    const perf = (await rest('getInverterPerformance', INVERTER)).body;
    assert.deepEqual(
      perf.curves.map((c: { voltage: string }) => c.voltage),
      ['mppt_low', 'nominal', 'mppt_high'],
    );
    const series = await page
      .locator('#inverter-chart .series-group')
      .evaluateAll((gs) =>
        gs.map((g) => ({ label: g.getAttribute('data-series'), d: g.querySelector('path')?.getAttribute('d') ?? '' })),
      );
    assert.equal(series.length, 3, 'one line per voltage');
    perf.curves.forEach((c: { dc_voltage_v: number; points: unknown[] }, i: number) => {
      assert.ok(series[i].label?.includes(`${c.dc_voltage_v} V`), `${series[i].label} names ${c.dc_voltage_v} V`);
      assert.equal(series[i].d.split(/[ML]/).filter(Boolean).length, c.points.length, 'a vertex per point');
    });
    assert.ok((await page.locator('#inverter-chart title').first().textContent())?.includes('3 DC voltages'));
    assert.ok(((await page.locator('#inverter-chart desc').textContent()) ?? '').length > 40, 'a description');
    for (const c of perf.curves)
      for (const p of c.points) {
        const td = page.locator(
          `#inverter-table tr[data-percent="${p.percent_of_rated}"] td[data-voltage="${c.voltage}"]`,
        );
        assert.equal(
          Number(await td.getAttribute('data-value')),
          p.efficiency_pct,
          `${c.voltage} at ${p.percent_of_rated} %`,
        );
        assert.equal(await td.textContent(), p.efficiency_pct.toFixed(2));
      }
    for (const c of perf.curves)
      for (const kind of ['cec', 'european'] as const) {
        const td = page.locator(`#weighted-table tr[data-voltage="${c.voltage}"] td[data-kind="${kind}"]`);
        assert.equal(Number(await td.getAttribute('data-value')), c.weighted_efficiency_pct[kind].value);
      }
    await page.locator('#inverter-curves-title').scrollIntoViewIfNeeded();
    await shot(page, 'inverter');
  });

  it("when a heat pump's page is opened, then its COP curves at 35, 45 and 55 °C flow are drawn, extrapolated points marked, with the REST numbers in a table", async () => {
    await page.goto(`${server.url}/explore?product=${HEAT_PUMP}`);
    assert.equal(await page.locator('#pvsyst-open').count(), 0, 'no PVsyst file for a heat pump');
    await page.click('#heat-pump-curves-open');
    await page.waitForSelector('#heat-pump-chart');
    const perf = (await rest('getHeatPumpPerformance', HEAT_PUMP)).body;
    assert.deepEqual(
      perf.curves.map((c: { flow_temperature_c: number }) => c.flow_temperature_c),
      [35, 45, 55],
    );
    type Point = { source_temperature_c: number; cop: number; range: string };
    const points: Point[] = perf.curves.flatMap((c: { points: Point[] }) => c.points);
    const extrapolated = points.filter((p) => p.range === 'extrapolated').length;
    assert.ok(extrapolated > 0 && extrapolated < points.length, 'the fixture has points of both kinds');
    assert.equal(await page.locator('#heat-pump-chart .series-group').count(), 3);
    assert.equal(await page.locator('#heat-pump-chart circle.dot.extrapolated').count(), extrapolated);
    assert.equal(await page.locator('#heat-pump-chart circle.dot.tested').count(), points.length - extrapolated);
    assert.match(
      (await page.locator('#heat-pump-chart desc').textContent()) ?? '',
      new RegExp(`${extrapolated} of the points are extrapolated`),
    );
    for (const c of perf.curves)
      for (const p of c.points as Point[]) {
        const td = page.locator(
          `#heat-pump-table tr[data-source="${p.source_temperature_c}"] td[data-flow="${c.flow_temperature_c}"]`,
        );
        assert.equal(Number(await td.getAttribute('data-value')), p.cop);
        assert.equal(await td.getAttribute('data-range'), p.range);
        const text = (await td.textContent()) ?? '';
        assert.ok(text.startsWith(p.cop.toFixed(2)), text);
        assert.equal(
          text.includes('extrapolated'),
          p.range === 'extrapolated',
          `${text} says whether it is extrapolated`,
        );
      }
    await page.locator('#heat-pump-curves-title').scrollIntoViewIfNeeded();
    await shot(page, 'heat-pump');
    assert.deepEqual(consoleErrors, []);
  });
});
