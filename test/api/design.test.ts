// The design operations on the complete data: module performance and string sizing, checked against
// pvlib (from PyPI) computing from the source files' cells that the service names as its inputs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, type TestServer } from '../helpers/server';
import { fullCatalog, fullCatalogProducts } from '../helpers/full-catalog';
import { newDeveloper } from '../helpers/accounts';
import { call, callUnchecked } from '../helpers/contract';
import { ROOT } from '../helpers/engines';
import type { Catalog } from '../helpers/catalog';
import { pooled, referenceScript } from '../helpers/pvlib';
import type { ProductDoc } from '../../src/catalog/product.types';

/**
 * The agreement asked of every value. What limits it is pvlib's own maximum search
 * (scipy's find_minimum stops at a relative sqrt(machine epsilon) in V, about 1.5e-8); Isc and Voc,
 * closed forms on both sides, agree to about 1e-11.
 */
const REL_TOL = 1e-6;
const DIODE = ['a_ref_v', 'il_ref_a', 'io_ref_a', 'rs_ohm', 'rsh_ref_ohm', 'alpha_isc_a_per_k', 'adjust_pct'];
const CEC_CONDITIONS = [
  [1000, 25],
  [800, 45],
  [200, 10],
  [1000, -10],
  [50, 60],
  [1200, 75],
  [1, 25],
];
const DESOTO_CONDITIONS = [
  [1000, 25],
  [400, 50],
];

interface Locator {
  readonly file: string;
  readonly line: number;
  readonly column: string;
}
interface Case {
  readonly inputs: Record<string, Locator>;
  readonly model: 'cec' | 'desoto';
  readonly irradiance: number;
  readonly cell_temperature: number;
  readonly voltages?: number[];
  readonly ross_temp_air?: number;
}
interface Reference {
  readonly inputs: Record<string, number>;
  readonly i_sc: number;
  readonly v_oc: number;
  readonly i_mp: number;
  readonly v_mp: number;
  readonly p_mp: number;
  readonly currents: number[];
  readonly ross_cell_temperature?: number;
}

/** pvlib's answers, computed from the source cells each case's locators name. */
function pvlib(cases: Case[]): Promise<Reference[]> {
  return referenceScript('reference.py', cases);
}

interface InverterReference {
  readonly rated_efficiency_pct: number;
  readonly cec_weighted_efficiency_pct: number;
  readonly ac_at_pdco: number;
  readonly paco: number;
}

const locators = (inputs: Record<string, { provenance: { locator: Locator } }>) =>
  Object.fromEntries(Object.entries(inputs).map(([spec, input]) => [spec, input.provenance.locator]));

function assertClose(ours: number, theirs: number, what: string): number {
  const rel = Math.abs(ours - theirs) / Math.max(Math.abs(theirs), 1e-12);
  assert.ok(rel <= REL_TOL, `${what}: service ${ours}, pvlib ${theirs} (relative ${rel.toExponential(2)})`);
  return rel;
}

describe('design: module performance and string sizing (complete data, checked against pvlib)', function () {
  this.timeout(600000);
  let catalog: Catalog;
  let server: TestServer;
  let key: string;
  const modules: ProductDoc[] = [];
  const inverters: ProductDoc[] = [];
  const byCategory = new Map<string, ProductDoc[]>();

  before(async () => {
    catalog = await fullCatalog();
    server = await startServer({
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: catalog.alias,
      RATE_LIMIT_MAX: '100000',
      ACCOUNT_RATE_LIMIT_MAX: '100000',
      SIGNUP_CREDITS: '1000000',
    });
    key = (await (await newDeveloper(server.url)).key(['products:read'])).secret;
    for (const p of await fullCatalogProducts()) {
      const list = byCategory.get(p.category) ?? [];
      list.push(p);
      byCategory.set(p.category, list);
      if (p.category === 'pv-module' && DIODE.every((s) => typeof p.specs[s] === 'number')) modules.push(p);
      if (
        p.category === 'inverter' &&
        ['max_dc_voltage_v', 'mppt_low_v', 'mppt_high_v'].every((s) => typeof p.specs[s] === 'number')
      )
        inverters.push(p);
    }
    modules.sort((a, b) => a._id.localeCompare(b._id));
    inverters.sort((a, b) => a._id.localeCompare(b._id));
  });
  after(() => server?.stop());

  /** An even spread over the modules, plus those at either end of every parameter. */
  function sampleModules(count: number): ProductDoc[] {
    const chosen = new Set<ProductDoc>();
    for (let i = 0; i < count; i++) chosen.add(modules[Math.floor((i * modules.length) / count)]);
    for (const spec of DIODE) {
      const sorted = [...modules].sort((a, b) => (a.specs[spec] as number) - (b.specs[spec] as number));
      chosen.add(sorted[0]);
      chosen.add(sorted[sorted.length - 1]);
    }
    return [...chosen];
  }

  it('when 200+ real modules are asked at 9 conditions, then Isc, Voc, Imp, Vmp, Pmp and the IV curve agree with pvlib computing from the cells the service names', async () => {
    const sample = sampleModules(220);
    assert.ok(sample.length >= 200, `${sample.length} modules`);
    const asks = sample.flatMap((m, k) => [
      ...CEC_CONDITIONS.map(([irradiance, cell_temperature]) => ({
        id: m._id,
        model: 'cec' as const,
        irradiance,
        cell_temperature,
        iv_points: k % 10 === 0 ? 9 : undefined,
      })),
      ...DESOTO_CONDITIONS.map(([irradiance, cell_temperature]) => ({
        id: m._id,
        model: 'desoto' as const,
        irradiance,
        cell_temperature,
        iv_points: undefined,
      })),
    ]);
    const answers = await pooled(asks, 8, async ({ id, ...query }) => {
      const res = await call(server.url, 'getModulePerformance', { token: key, params: { id }, query });
      assert.equal(res.status, 200, res.text);
      return res.body;
    });
    const cases: Case[] = answers.map((a) => ({
      inputs: locators(a.parameters),
      model: a.method.model,
      irradiance: a.conditions.irradiance_w_m2,
      cell_temperature: a.conditions.cell_temperature_c,
      voltages: a.iv_curve?.map((p: { v: number }) => p.v),
    }));
    const references = await pvlib(cases);
    let worst = 0;
    let curves = 0;
    answers.forEach((a, i) => {
      const ref = references[i];
      const what = `${a.product.id} (${a.method.model}, ${a.conditions.irradiance_w_m2} W/m², ${a.conditions.cell_temperature_c} °C)`;
      assert.deepEqual(Object.keys(a.parameters).sort(), Object.keys(ref.inputs).sort());
      for (const [spec, input] of Object.entries(a.parameters as Record<string, { value: number }>))
        assert.equal(input.value, ref.inputs[spec], `${what}: ${spec} is its source cell`);
      const r = a.results;
      worst = Math.max(
        worst,
        assertClose(r.isc_a, ref.i_sc, `${what} Isc`),
        assertClose(r.voc_v, ref.v_oc, `${what} Voc`),
        assertClose(r.imp_a, ref.i_mp, `${what} Imp`),
        assertClose(r.vmp_v, ref.v_mp, `${what} Vmp`),
        assertClose(r.pmp_w, ref.p_mp, `${what} Pmp`),
      );
      if (a.iv_curve) {
        curves++;
        // The last point is I(Voc) = 0 by definition; pvlib's value there is rounding noise around 0.
        a.iv_curve
          .slice(0, -1)
          .forEach((p: { v: number; i: number }, k: number) => assertClose(p.i, ref.currents[k], `${what} I(${p.v})`));
        assert.ok(Math.abs(ref.currents.at(-1)!) < 1e-9 * r.isc_a, `${what}: pvlib's I(Voc) is ${ref.currents.at(-1)}`);
      }
    });
    assert.ok(curves >= 20, `${curves} IV curves checked`);
    console.log(
      `      ${answers.length} answers for ${sample.length} modules; worst relative difference from pvlib ${worst.toExponential(2)}`,
    );
  });

  it('when string sizing is asked for real module and inverter pairs, then every bound holds its rule and the model voltages agree with pvlib', async () => {
    const pairs = sampleModules(40)
      .slice(0, 40)
      .map((m, k) => ({ module: m, inverter: inverters[Math.floor((k * inverters.length) / 40)], cell: k % 4 === 0 }));
    const answers = await pooled(pairs, 8, async (p) => {
      const res = await call(server.url, 'checkCompatibility', {
        token: key,
        query: {
          module: p.module._id,
          inverter: p.inverter._id,
          t_min: -15,
          t_max: 40,
          ...(p.cell ? { temperatures: 'cell' as const } : {}),
        },
      });
      assert.equal(res.status, 200, res.text);
      return res.body;
    });
    const quantity = (a: any, name: string) =>
      a.quantities.find((q: { name: string }) => q.name === name)?.value as number;
    const diodeOnly = (inputs: Record<string, { provenance: { locator: Locator } }>) =>
      Object.fromEntries(Object.entries(locators(inputs)).filter(([spec]) => DIODE.includes(spec)));
    const references = await pvlib(
      answers.flatMap((a) => [
        {
          inputs: diodeOnly(a.inputs.module),
          model: 'cec' as const,
          irradiance: 1000,
          cell_temperature: a.conditions.cell_temperature_cold_c,
        },
        {
          inputs: diodeOnly(a.inputs.module),
          model: 'cec' as const,
          irradiance: 1000,
          cell_temperature: a.conditions.cell_temperature_hot_c,
        },
      ]),
    );
    // Every input, diode parameter or not, is the cell its provenance names.
    const cells = await pvlib(
      answers.map((a) => ({
        inputs: locators({ ...a.inputs.module, ...a.inputs.inverter }),
        model: 'cec' as const,
        irradiance: 1000,
        cell_temperature: 25,
      })),
    );
    const seen = { fits: 0, not: 0, current: 0 };
    answers.forEach((a, i) => {
      const what = `${a.module.id} on ${a.inverter.id}`;
      const m = Object.fromEntries(
        Object.entries(a.inputs.module as Record<string, { value: number }>).map(([k, v]) => [k, v.value]),
      );
      const inv = Object.fromEntries(
        Object.entries(a.inputs.inverter as Record<string, { value: number }>).map(([k, v]) => [k, v.value]),
      );
      const doc = { module: pairs[i].module, inverter: pairs[i].inverter };
      for (const [spec, value] of Object.entries(m))
        assert.equal(value, doc.module.specs[spec], `${what}: module ${spec} as stored`);
      for (const [spec, value] of Object.entries(inv))
        assert.equal(value, doc.inverter.specs[spec], `${what}: inverter ${spec} as stored`);
      for (const [spec, value] of Object.entries({ ...m, ...inv }))
        assert.equal(value, cells[i].inputs[spec], `${what}: ${spec} is its source cell`);
      const hot = pairs[i].cell ? 40 : 40 + ((m.noct_c - 20) * 1000) / 800;
      assert.equal(a.conditions.cell_temperature_hot_c, hot);
      const vocCold = quantity(a, 'voc_cold_v');
      assert.equal(vocCold, m.voc_v + m.beta_voc_v_per_k * (-15 - 25));
      const vmpCold = quantity(a, 'vmp_cold_v');
      const vmpHot = quantity(a, 'vmp_hot_v');
      assertClose(vmpCold, references[2 * i].v_mp, `${what} Vmp cold`);
      assertClose(vmpHot, references[2 * i + 1].v_mp, `${what} Vmp hot`);
      const bound = (name: string) => a.string.bounds.find((b: { name: string }) => b.name === name).modules as number;
      const [byVoltage, byTracking, fewest] = [bound('max_by_voltage'), bound('max_by_mppt'), bound('min_by_mppt')];
      assert.ok(
        byVoltage * vocCold <= inv.max_dc_voltage_v && (byVoltage + 1) * vocCold > inv.max_dc_voltage_v,
        `${what}: max_by_voltage ${byVoltage}`,
      );
      assert.ok(
        byTracking * vmpCold <= inv.mppt_high_v && (byTracking + 1) * vmpCold > inv.mppt_high_v,
        `${what}: max_by_mppt ${byTracking}`,
      );
      assert.ok(
        fewest * vmpHot >= inv.mppt_low_v && (fewest === 1 || (fewest - 1) * vmpHot < inv.mppt_low_v),
        `${what}: min_by_mppt ${fewest}`,
      );
      assert.equal(a.string.max_modules, Math.min(byVoltage, byTracking));
      assert.equal(a.string.min_modules, fewest);
      assert.equal(a.string.fits, fewest <= a.string.max_modules);
      seen[a.string.fits ? 'fits' : 'not']++;
      if (typeof doc.inverter.specs.max_dc_current_a === 'number') {
        const iscHot = m.isc_a + m.alpha_isc_a_per_k * (hot - 25);
        assert.equal(a.current.checked, true);
        assert.ok(
          a.current.max_parallel_strings * iscHot <= inv.max_dc_current_a &&
            (a.current.max_parallel_strings + 1) * iscHot > inv.max_dc_current_a,
          `${what}: strings in parallel`,
        );
        seen.current++;
      } else assert.equal(a.current.checked, false);
    });
    assert.ok(
      seen.fits > 0 && seen.not > 0 && seen.current > 0,
      `pairs that fit ${seen.fits}, that do not ${seen.not}, with a current check ${seen.current}`,
    );
  });

  it('when a design fit is asked for real pairs at lengths around the bounds, then each limit agrees with checkCompatibility, its margin is its numbers, and the hot cell temperature and Vmp agree with pvlib', async () => {
    const pairs = sampleModules(24)
      .slice(0, 24)
      .map((m, k) => ({
        module: m,
        inverter: inverters[Math.floor((k * inverters.length) / 24 + 3) % inverters.length],
      }));
    const seen = { PASS: 0, WARN: 0, FAIL: 0, derived: 0, reported: 0 };
    const fits: any[] = [];
    for (const p of pairs) {
      const query = { module: p.module._id, inverter: p.inverter._id, t_min: -20, t_max: 38 };
      const compat = await call(server.url, 'checkCompatibility', { token: key, query });
      assert.equal(compat.status, 200, compat.text);
      const { string, current } = compat.body;
      const bound = (name: string) => string.bounds.find((b: { name: string }) => b.name === name).modules as number;
      const lengths = [
        ...new Set([string.min_modules - 1, string.min_modules, string.max_modules, string.max_modules + 1]),
      ].filter((n) => n >= 1);
      for (const [i, n] of lengths.entries()) {
        const strings = 1 + (i % 3);
        const res = await call(server.url, 'checkDesignFit', {
          token: key,
          query: { ...query, modules_per_string: n, strings },
        });
        assert.equal(res.status, 200, res.text);
        const fit = res.body;
        fits.push({ fit, pair: p });
        const what = `${p.module._id} × ${n} (${strings} strings) on ${p.inverter._id}`;
        const check = (limit: string) => fit.checks.find((c: { limit: string }) => c.limit === limit);
        // The voltage limits fail exactly where checkCompatibility's bounds say the length does not fit.
        assert.equal(check('max_dc_voltage').status === 'FAIL', n > bound('max_by_voltage'), `${what}: voltage`);
        assert.equal(check('mppt_high').status === 'FAIL', n > bound('max_by_mppt'), `${what}: MPPT high`);
        assert.equal(check('mppt_low').status === 'FAIL', n < bound('min_by_mppt'), `${what}: MPPT low`);
        const within = n >= string.min_modules && n <= string.max_modules;
        assert.equal(
          ['max_dc_voltage', 'mppt_high', 'mppt_low'].some((l) => check(l).status === 'FAIL'),
          !within,
          what,
        );
        for (const c of fit.checks) {
          seen[c.status as 'PASS']++;
          if (c.limit === 'dc_ac_ratio') continue;
          const upper = c.limit !== 'mppt_low';
          const margin = ((upper ? c.limit_value - c.value : c.value - c.limit_value) / c.limit_value) * 100;
          assert.equal(c.margin_pct, Number(margin.toFixed(2)), `${what} ${c.limit} margin`);
          assert.equal(c.status, margin < 0 ? 'FAIL' : margin < fit.conditions.warn_margin_pct ? 'WARN' : 'PASS');
        }
        const q = (name: string) => compat.body.quantities.find((x: { name: string }) => x.name === name).value;
        assert.equal(check('max_dc_voltage').value, n * q('voc_cold_v'));
        assert.equal(check('mppt_low').value, n * q('vmp_hot_v'));
        assert.equal(check('max_dc_voltage').limit_source.method, 'reported');
        assert.deepEqual(
          check('max_dc_voltage').limit_source.provenance,
          compat.body.inputs.inverter.max_dc_voltage_v.provenance,
        );
        const amps = check('max_dc_current');
        if (current.checked) {
          assert.equal(amps.limit_source.method, 'reported');
          assert.equal(amps.status === 'FAIL', strings > current.max_parallel_strings, `${what}: current`);
          seen.reported++;
        } else if (amps) {
          const inv = p.inverter.specs as Record<string, number>;
          assert.equal(amps.limit_source.method, 'derived');
          assert.equal(amps.limit_value, inv.dc_power_w / inv.nominal_dc_voltage_v);
          assert.match(amps.limit_source.check_on_datasheet, /datasheet/);
          seen.derived++;
        } else assert.ok(fit.not_checked.some((x: { limit: string }) => x.limit === 'max_dc_current'));
        const ratio = check('dc_ac_ratio');
        if (ratio)
          assert.equal(
            ratio.value,
            (n * strings * (p.module.specs.stc_power_w as number)) / (p.inverter.specs.ac_power_w as number),
          );
      }
    }
    // The hot cell temperature is pvlib's NOCT model (temperature.ross) at 1000 W/m², from the NOCT cell
    // the service names; Vmp at it and at the cold cell temperature is pvlib's singlediode.
    const sample = fits.filter((_, i) => i % 3 === 0);
    const references = await pvlib(
      sample.flatMap(({ fit }) => {
        const inputs = Object.fromEntries(
          Object.entries(locators(fit.inputs.module)).filter(([spec]) => DIODE.includes(spec) || spec === 'noct_c'),
        );
        return [
          {
            inputs,
            model: 'cec' as const,
            irradiance: 1000,
            cell_temperature: fit.conditions.cell_temperature_hot_c,
            ross_temp_air: 38,
          },
          { inputs, model: 'cec' as const, irradiance: 1000, cell_temperature: fit.conditions.cell_temperature_cold_c },
        ];
      }),
    );
    sample.forEach(({ fit }, i) => {
      const n = fit.design.modules_per_string;
      const check = (limit: string) => fit.checks.find((c: { limit: string }) => c.limit === limit);
      assertClose(
        fit.conditions.cell_temperature_hot_c,
        references[2 * i].ross_cell_temperature!,
        `${fit.module.id} hot cell`,
      );
      assertClose(check('mppt_low').value, n * references[2 * i].v_mp, `${fit.module.id} n × Vmp hot`);
      assertClose(check('mppt_high').value, n * references[2 * i + 1].v_mp, `${fit.module.id} n × Vmp cold`);
    });
    console.log(`      ${fits.length} designs; checks ${JSON.stringify(seen)}`);
    assert.ok(seen.PASS > 0 && seen.FAIL > 0 && seen.reported > 0, JSON.stringify(seen));
  });

  it('when a design fit names no length, then it checks the longest that fits; bad input is a clear problem, and nothing is charged', async () => {
    const [module, inverter] = [modules[0], inverters[0]];
    const query = { module: module._id, inverter: inverter._id, t_min: -10, t_max: 35 };
    const compat = await call(server.url, 'checkCompatibility', { token: key, query });
    const fit = await call(server.url, 'checkDesignFit', { token: key, query });
    assert.equal(fit.status, 200, fit.text);
    assert.equal(fit.body.design.strings, 1);
    assert.equal(
      fit.body.design.modules_per_string,
      compat.body.string.fits ? compat.body.string.max_modules : compat.body.string.min_modules,
    );
    assert.equal(fit.headers.get('x-quota-cost'), '2');
    const balance = Number(fit.headers.get('x-quota-balance'));
    const refused = async (q: Record<string, string | number>, status: number, type: string, name: string) => {
      const res = await callUnchecked(server.url, 'checkDesignFit', { token: key, query: { ...query, ...q } });
      assert.equal(res.status, status, res.text);
      assert.equal(res.body.type, `/problems/${type}`);
      assert.ok(
        res.body.errors.some((e: { name: string }) => e.name === name),
        res.text,
      );
      if (res.headers.has('x-quota-balance')) assert.equal(Number(res.headers.get('x-quota-balance')), balance);
    };
    await refused({ inverter: 'no-such-inverter' }, 404, 'not-found', 'inverter');
    await refused({ inverter: module._id }, 400, 'unsuitable-product', 'inverter');
    await refused({ t_min: -100 }, 400, 'validation-failed', 't_min');
    await refused({ t_max: 150 }, 400, 'validation-failed', 't_max');
    await refused({ t_min: 30, t_max: 20 }, 400, 'validation-failed', 't_min');
    await refused({ modules_per_string: 0 }, 400, 'validation-failed', 'modules_per_string');
    await refused({ strings: 1000 }, 400, 'validation-failed', 'strings');
  });

  it("when the docs' string-sizing example is asked, then the service answers what docs/design-calculations.md shows worked by hand", async () => {
    const readme = readFileSync(path.join(ROOT, 'docs', 'design-calculations.md'), 'utf8');
    const example = /GET \/api\/v1\/compatibility\?(module=[a-z0-9-]+\S*)/.exec(readme);
    assert.ok(example, 'the README has a compatibility example');
    const query = Object.fromEntries(new URLSearchParams(example[1]));
    const res = await callUnchecked(server.url, 'checkCompatibility', { token: key, query });
    assert.equal(res.status, 200, res.text);
    const shown = /min_modules = (\d+), max_modules = (\d+)/.exec(readme);
    assert.ok(shown, 'the README states the answer');
    assert.deepEqual([res.body.string.min_modules, res.body.string.max_modules], [Number(shown[1]), Number(shown[2])]);
    for (const q of res.body.quantities)
      assert.ok(readme.includes(q.worked), `the README shows ${q.name} as the service works it: ${q.worked}`);
    for (const b of res.body.string.bounds)
      assert.ok(readme.includes(b.worked), `the README shows ${b.name} as the service works it: ${b.worked}`);
  });

  it('when a product is unknown, of the wrong category or lacks a needed value, then a problem names each, and nothing is charged', async () => {
    const heatPump = byCategory.get('heat-pump')![0];
    const bare = byCategory.get('pv-module')!.find((p) => p.specs.a_ref_v === undefined)!;
    const noMppt = byCategory.get('inverter')!.find((p) => p.specs.mppt_low_v === undefined)!;
    const [module, inverter] = [modules[0], inverters[0]];
    const before = await call(server.url, 'checkCompatibility', {
      token: key,
      query: { module: module._id, inverter: inverter._id, t_min: -10, t_max: 35 },
    });
    const balance = Number(before.headers.get('x-quota-balance'));

    const expect = async (
      res: { status: number; headers: Headers; body: any; text: string },
      status: number,
      type: string,
      named: [string, RegExp][],
    ) => {
      assert.equal(res.status, status, res.text);
      assert.equal(res.body.type, `/problems/${type}`);
      for (const [name, message] of named)
        assert.ok(
          res.body.errors.some((e: { name: string; message: string }) => e.name === name && message.test(e.message)),
          `${name} ${message} in ${res.text}`,
        );
      // Refused by validation, the request never reached the charge (no quota headers); found later, it was refunded.
      if (res.headers.has('x-quota-cost')) {
        assert.equal(res.headers.get('x-quota-cost'), '0');
        assert.equal(Number(res.headers.get('x-quota-balance')), balance);
      }
    };
    const compat = (query: Record<string, string | number>) =>
      call(server.url, 'checkCompatibility', { token: key, query: { t_min: -10, t_max: 35, ...query } as never });
    await expect(await compat({ module: 'no-such-module', inverter: inverter._id }), 404, 'not-found', [
      ['module', /no-such-module/],
    ]);
    await expect(await compat({ module: inverter._id, inverter: module._id }), 400, 'unsuitable-product', [
      ['module', /an inverter, not a pv-module/],
      ['inverter', /a pv-module, not an inverter/],
    ]);
    await expect(await compat({ module: bare._id, inverter: noMppt._id }), 400, 'unsuitable-product', [
      ['module', /no a_ref_v/],
      ['module', /no beta_voc_v_per_k/],
      ['inverter', /no mppt_low_v/],
    ]);
    await expect(
      await compat({ module: module._id, inverter: inverter._id, t_min: 30, t_max: 20 }),
      400,
      'validation-failed',
      [['t_min', /above t_max/]],
    );
    const perf = (id: string) => call(server.url, 'getModulePerformance', { token: key, params: { id } });
    await expect(await perf(heatPump._id), 400, 'unsuitable-product', [['id', /a heat-pump, not a pv-module/]]);
    await expect(await perf(bare._id), 400, 'unsuitable-product', [['id', /no il_ref_a/]]);
    await expect(await perf('no-such-module'), 404, 'not-found', []);
    const invalid = await callUnchecked(server.url, 'getModulePerformance', {
      token: key,
      params: { id: module._id },
      query: { irradiance: '0', model: 'sapm' },
    });
    await expect(invalid, 400, 'validation-failed', [
      ['irradiance', /./],
      ['model', /./],
    ]);
    const after = await call(server.url, 'checkCompatibility', {
      token: key,
      query: { module: module._id, inverter: inverter._id, t_min: -10, t_max: 35 },
    });
    assert.equal(
      Number(after.headers.get('x-quota-balance')),
      balance - 2,
      'only the two successful sizings were charged',
    );
  });

  it('when a performance answer is asked again with its ETag, then 304 and the same cost; without parameters it is STC', async () => {
    const id = modules[Math.floor(modules.length / 2)]._id;
    const first = await call(server.url, 'getModulePerformance', { token: key, params: { id } });
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(first.body.conditions, { irradiance_w_m2: 1000, cell_temperature_c: 25 });
    assert.equal(first.body.method.model, 'cec');
    const again = await call(server.url, 'getModulePerformance', {
      token: key,
      params: { id },
      headers: { 'If-None-Match': first.headers.get('etag')! },
    });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('x-quota-cost'), '1');
  });
  it('when 200+ real inverters are read, then their CEC weighted and rated efficiencies agree with pvlib.inverter.sandia on the cells the service names', async () => {
    const rated = (p: ProductDoc) => typeof p.specs.cec_weighted_efficiency_pct === 'number';
    const all = (byCategory.get('inverter') ?? []).filter(rated).sort((a, b) => a._id.localeCompare(b._id));
    const byWeighted = [...all].sort(
      (a, b) => (a.specs.cec_weighted_efficiency_pct as number) - (b.specs.cec_weighted_efficiency_pct as number),
    );
    const sample = [
      ...new Set([
        ...Array.from({ length: 200 }, (_, i) => all[Math.floor((i * all.length) / 200)]),
        ...byWeighted.slice(0, 5),
        ...byWeighted.slice(-5),
      ]),
    ];
    assert.ok(sample.length >= 200, `${sample.length} inverters with a derived CEC weighted efficiency`);
    const read = await pooled(sample, 8, async (p) => {
      const res = await call(server.url, 'getProduct', { token: key, params: { id: p._id } });
      assert.equal(res.status, 200, res.text);
      return res.body;
    });
    const cases = read.map((p) => {
      const from = p.provenance.cec_weighted_efficiency_pct;
      assert.equal(from.method, 'derived', `${p.id}: the weighted efficiency says it is derived`);
      assert.match(from.derivation, /Sandia/, `${p.id}: and how`);
      assert.deepEqual(
        p.provenance.rated_efficiency_pct.locator.line,
        from.locator.line,
        `${p.id}: both from one record`,
      );
      return { file: from.locator.file, line: from.locator.line };
    });
    const references = await referenceScript<InverterReference>('inverter_reference.py', cases);
    let worst = 0;
    read.forEach((p, i) => {
      const ref = references[i];
      assert.ok(Math.abs(ref.ac_at_pdco - ref.paco) < 1e-9 * ref.paco, `${p.id}: pvlib gives Paco at Pdco`);
      for (const spec of ['cec_weighted_efficiency_pct', 'rated_efficiency_pct'] as const) {
        // The service rounds to 0.001%; pvlib's root search stops far below that.
        const diff = Math.abs(p.specs[spec] - ref[spec]);
        assert.ok(diff <= 0.0005 + 1e-9, `${p.id} ${spec}: service ${p.specs[spec]}, pvlib ${ref[spec]}`);
        worst = Math.max(worst, diff);
      }
    });
    console.log(
      `      ${read.length} inverters; largest difference from pvlib ${worst.toExponential(2)} points (rounding: 5e-4)`,
    );
  });
});
