// PVsyst files on the complete data: every sampled .PAN and .OND parses with pvlib's read_panond,
// holds no `nan` and no key without a class, and its fidelity, measured by pvlib itself
// (test/pvlib/pvsyst_files.py: calcparams_pvsyst + singlediode against calcparams_cec; the .OND
// profiles against inverter.sandia, or inverter.adr for an inverter only the ADR library models),
// meets the targets; bad requests are refused and charge nothing.
import assert from 'node:assert/strict';
import { serverOn, type TestServer } from '../helpers/server';
import { fullCatalog, fullCatalogProducts } from '../helpers/full-catalog';
import { newDeveloper } from '../helpers/accounts';
import { call } from '../helpers/contract';
import type { ProductDoc } from '../../src/catalog/product.types';
import { referenceScript } from '../helpers/pvlib';

const MODULES = 300;
const INVERTERS = 100;
/** Inverters only the ADR library models (no CEC coefficients), beside the 100 CEC rows. */
const ADR_ONLY = 30;
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
/** The ADR library's columns pvlib.inverter.adr reads, by the service's spec names. */
const ADR = [
  'dc_power_w',
  'nominal_dc_voltage_v',
  'ac_power_w',
  'night_tare_w',
  'adr_coefficients',
  'min_operating_dc_voltage_v',
  'max_operating_dc_voltage_v',
  'max_dc_voltage_v',
  'mppt_low_v',
  'mppt_high_v',
];

interface PvlibView {
  readonly keys: number;
  readonly nan: boolean;
  readonly non_numbers: string[];
  readonly max_abs_dpmp_pct?: number;
  readonly max_abs_dpac_pct_of_paco?: number;
  readonly nodes?: number;
  readonly model?: 'sandia' | 'adr';
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
    adr: [] as ProductDoc[],
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
      else if (p.category === 'inverter' && p.provenance.adr_coefficients) byKind.adr.push(p);
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

  it('when 300 modules and 130 inverters (30 only the ADR library models) are fetched, then pvlib reads every file, finds no nan, and the certificates meet the targets', async () => {
    const modules = [...spread(byKind.cec, MODULES - 20), ...spread(byKind.sandia, 20)];
    // Usable ADR records only: the few the model cannot use are refused (the test below).
    const usable = byKind.adr.filter((p) => (p.specs.nominal_dc_voltage_v as number) > 0);
    const inverters = [...spread(byKind.inverter, INVERTERS), ...spread(usable, ADR_ONLY)];
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
        inputs:
          p.category !== 'inverter'
            ? cec
              ? inputsOf(p, DIODE)
              : {}
            : inputsOf(p, byKind.adr.includes(p) ? ADR : SANDIA),
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
    views.slice(MODULES).forEach((v, i) => {
      assert.equal(v.model, i < INVERTERS ? 'sandia' : 'adr');
      assert.equal(typeof v.max_abs_dpac_pct_of_paco, 'number', `pvlib evaluates every node of inverter ${i}`);
      assert.ok(
        (v.max_abs_dpac_pct_of_paco as number) < 0.01,
        `an .OND profile node is ${v.max_abs_dpac_pct_of_paco} % of the AC rating from pvlib.inverter.${v.model}`,
      );
    });
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

  it('when an inverter only the ADR library models is asked for, then its .OND draws three profiles from the ADR model at the test voltages and cites the library', async () => {
    const p = byKind.adr.find((x) => x._id === 'ablerex-electronics-co-ltd-es-2200-us-240-240-vac-240v') as ProductDoc;
    const body = await twin(p._id);
    assert.match(body.file.text, /Fidelity: profiles vs pvlib\.inverter\.adr at their 24 nodes/);
    // The test voltages the coefficients were fitted at: Vmin, Vnom, Vmax of the library's record.
    const volts = [
      p.specs.min_operating_dc_voltage_v,
      p.specs.nominal_dc_voltage_v,
      p.specs.max_operating_dc_voltage_v,
    ];
    assert.match(body.file.text, new RegExp(`\r\n    VNomEff=${volts.join(',')}\r\n`));
    assert.match(
      body.file.text,
      /Str_\d+=PNomConv: sourced from adr-library-cec-inverters-2019-03-05\.csv record \d+ column Pacmax/,
    );
    assert.match(body.file.text, /Str_\d+=PSeuil: derived - ADR inverter model/);
    const keys = new Map(body.keys.map((k) => [k.key, k]));
    assert.equal(keys.get('EfficEuro')?.class, 'derived');
    assert.equal(keys.get('Weight')?.class, 'sourced');
    assert.equal(body.certificate.nodes, 24);
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
    // The ADR library lists SolarBridge's P250HV with a nominal voltage of -43 V, which the seed does not
    // take as a voltage: the record has no Vnom, so no model and no file.
    const broken = await call(server.url, 'getPvsystFile', {
      token: key,
      params: { id: 'solarbridge-technologies-p250hv-208-208v' },
      query: { format: 'ond' },
    });
    assert.equal(broken.status, 400);
    assert.match(broken.body.type, /unsuitable-product/);
    assert.match(broken.body.detail, /has an ADR library record without Vnom: the profiles need one model/);
    // Four refusals cost nothing: the next file costs its 2 credits from the balance before them.
    assert.equal(await balance(), before - 2);
  });
});
