// PVsyst files on the complete data: every sampled .PAN and .OND parses with pvlib's read_panond,
// holds no `nan` and no key without a class, and its fidelity, measured by pvlib itself
// (test/pvlib/pvsyst_files.py: calcparams_pvsyst + singlediode against calcparams_cec; the .OND
// profiles against inverter.sandia), meets the targets; bad requests are refused and charge nothing.
import assert from 'node:assert/strict';
import { serverOn, type TestServer } from '../helpers/server';
import { fullCatalog, fullCatalogProducts } from '../helpers/full-catalog';
import { newDeveloper } from '../helpers/accounts';
import { call } from '../helpers/contract';
import type { ProductDoc } from '../../src/catalog/product.types';
import { referenceScript } from '../helpers/pvlib';

const MODULES = 300;
const INVERTERS = 100;
const DIODE = ['a_ref_v', 'il_ref_a', 'io_ref_a', 'rs_ohm', 'rsh_ref_ohm', 'alpha_isc_a_per_k', 'adjust_pct'];
const SANDIA = [
  'ac_power_w',
  'dc_power_w',
  'nominal_dc_voltage_v',
  'self_consumption_w',
  'sandia_c0_per_w',
  'sandia_c1_per_v',
  'sandia_c2_per_v',
  'sandia_c3_per_v',
  'night_tare_w',
];

interface PvlibView {
  readonly keys: number;
  readonly nan: boolean;
  readonly non_numbers: string[];
  readonly max_abs_dpmp_pct?: number;
  readonly max_abs_dpac_pct_of_paco?: number;
  readonly nodes?: number;
}

/** `n` items spread evenly over `items` (in id order, so across makers and editions). */
const spread = <T>(items: readonly T[], n: number) =>
  Array.from(
    { length: Math.min(n, items.length) },
    (_, i) => items[Math.floor((i * items.length) / Math.min(n, items.length))],
  );

const inputsOf = (p: ProductDoc, specs: readonly string[]) =>
  Object.fromEntries(specs.filter((s) => p.provenance[s]).map((s) => [s, p.provenance[s].locator]));

describe('interchange: PVsyst .PAN and .OND files (complete data, read back by pvlib)', function () {
  this.timeout(900000);
  let server: TestServer;
  let key: string;
  const byKind = {
    cec: [] as ProductDoc[],
    sandia: [] as ProductDoc[],
    inverter: [] as ProductDoc[],
    other: [] as ProductDoc[],
  };

  before(async () => {
    const catalog = await fullCatalog();
    server = await serverOn(catalog, { SIGNUP_CREDITS: '1000000' });
    key = (await (await newDeveloper(server.url)).key(['products:read'])).secret;
    const all: ProductDoc[] = [];
    for (const p of await fullCatalogProducts()) all.push(p);
    all.sort((a, b) => (a._id < b._id ? -1 : 1));
    for (const p of all) {
      if (p.category === 'pv-module')
        (DIODE.every((s) => typeof p.specs[s] === 'number') ? byKind.cec : byKind.sandia).push(p);
      else if (p.category === 'inverter' && SANDIA.slice(0, 8).every((s) => typeof p.specs[s] === 'number'))
        byKind.inverter.push(p);
      else if (p.category === 'heat-pump') byKind.other.push(p);
    }
  });
  after(() => server?.stop());

  async function twin(id: string, format = 'json') {
    const res = await call(server.url, 'getPvsystFile', {
      token: key,
      params: { id },
      query: { format: format as 'json' },
    });
    assert.equal(res.status, 200, res.text);
    return res.body as {
      file: { text: string; format: string };
      keys: { key: string; class?: string }[];
      certificate: Record<string, number | boolean>;
    };
  }

  it('when 300 modules and 100 inverters are fetched, then pvlib reads every file, finds no nan, and the certificates meet the targets', async () => {
    const modules = [...spread(byKind.cec, MODULES - 20), ...spread(byKind.sandia, 20)];
    const inverters = spread(byKind.inverter, INVERTERS);
    const cases: unknown[] = [];
    const certificates: (number | undefined)[] = [];
    for (const p of [...modules, ...inverters]) {
      const body = await twin(p._id);
      for (const k of body.keys) assert.ok(k.class, `${p._id}: key ${k.key} has a class`);
      assert.doesNotMatch(body.file.text, /[=,]\s*nan\s*(?:,|\r?$)/im, `${p._id}: no nan`);
      const cec = p.category === 'pv-module' && byKind.cec.includes(p);
      cases.push({
        kind: body.file.format,
        text: body.file.text,
        inputs: p.category === 'inverter' ? inputsOf(p, SANDIA) : cec ? inputsOf(p, DIODE) : {},
      });
      certificates.push(cec ? (body.certificate.max_abs_dpmp_pct as number) : undefined);
    }
    const views = await referenceScript<PvlibView>('pvsyst_files.py', cases);
    views.forEach((v, i) => {
      assert.ok(v.keys > 10, `case ${i}: read_panond read ${v.keys} keys`);
      assert.equal(v.nan, false);
      assert.deepEqual(v.non_numbers, []);
    });
    const cecViews = views.slice(0, MODULES - 20);
    const errors = cecViews.map((v) => v.max_abs_dpmp_pct as number);
    // The service's certificate is pvlib's figure: the file as PVsyst reads it against the CEC model.
    errors.forEach((e, i) =>
      assert.ok(
        Math.abs(e - (certificates[i] as number)) < 0.01,
        `module ${i}: service ${certificates[i]} %, pvlib ${e} %`,
      ),
    );
    const within = (limit: number) => errors.filter((e) => e <= limit).length / errors.length;
    assert.ok(within(0.5) >= 0.95, `${(100 * within(0.5)).toFixed(1)} % of modules within 0.5 % (target 95 %)`);
    assert.ok(within(1) >= 0.99, `${(100 * within(1)).toFixed(1)} % of modules within 1 % (target 99 %)`);
    for (const v of views.slice(MODULES))
      assert.ok(
        (v.max_abs_dpac_pct_of_paco as number) < 0.01,
        `an .OND profile node is ${v.max_abs_dpac_pct_of_paco} % of Paco from pvlib.inverter.sandia`,
      );
  });

  it('when a .PAN is asked for, then it comes as an attachment whose Remarks carry the class of every key and the certificate', async () => {
    const id = byKind.cec[0]._id;
    const res = await call(server.url, 'getPvsystFile', { token: key, params: { id } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-disposition') ?? '', /attachment; filename=".+\.PAN"/);
    assert.match(res.text, /^PVObject_=pvModule\r\n/);
    assert.match(res.text, /Str_\d+=RSerie: derived/);
    assert.match(res.text, /Str_\d+=Isc: (sourced from .+ column I_sc_ref|derived)/);
    assert.match(res.text, /Fidelity: max \|dPmp\| [\d.]+ %/);
    assert.ok(res.headers.get('x-fidelity-max-dpmp-pct'));
  });

  it('when the file asked for does not fit the product, or as_of is before it existed, then a problem comes back and nothing is charged', async () => {
    const balance = async () => {
      const res = await call(server.url, 'getPvsystFile', { token: key, params: { id: byKind.inverter[0]._id } });
      return Number(res.headers.get('x-quota-balance'));
    };
    const before = await balance();
    const module = byKind.cec[0]._id;
    const ond = await call(server.url, 'getPvsystFile', {
      token: key,
      params: { id: module },
      query: { format: 'ond' },
    });
    assert.equal(ond.status, 400);
    assert.match(ond.body.type, /unsuitable-product/);
    assert.match(ond.body.detail, /\.OND file is made for an inverter only/);
    const pan = await call(server.url, 'getPvsystFile', {
      token: key,
      params: { id: byKind.other[0]._id },
      query: { format: 'pan' },
    });
    assert.equal(pan.status, 400);
    assert.match(pan.body.detail, /heat-pump/);
    const early = await call(server.url, 'getPvsystFile', {
      token: key,
      params: { id: module },
      query: { as_of: '2000-01-01T00:00:00Z' },
    });
    assert.equal(early.status, 404);
    assert.match(early.body.detail, /did not exist yet/);
    // Three refusals cost nothing: the next file costs its 2 credits from the balance before them.
    assert.equal(await balance(), before - 2);
  });
});
