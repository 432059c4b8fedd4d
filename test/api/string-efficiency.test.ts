// The inverter's efficiency where it decides, on the complete data: string sizing and the design fit
// give it at the string's own MPP voltage and power at 25 °C and at the hottest cell, and pvlib
// (inverter.sandia, adr or pvwatts, with the parameters read from the source cells the answer names)
// gives the same at that voltage and power; the "most efficient" ranking says which voltage its
// efficiency is taken at.
import assert from 'node:assert/strict';
import { serverOn, type TestServer } from '../helpers/server';
import { fullCatalog, fullCatalogProducts } from '../helpers/full-catalog';
import { newDeveloper } from '../helpers/accounts';
import { call } from '../helpers/contract';
import { pooled, referenceScript, relativeDifference } from '../helpers/pvlib';
import type { ProductDoc } from '../../src/catalog/product.types';

/** Both sides evaluate the same closed forms at the same voltage and power. */
const REL_TOL = 1e-9;
/** Vmp and Pmp: pvlib's maximum search stops at a relative √ε in V (design.test.ts). */
const VMP_TOL = 1e-6;
const DIODE = ['a_ref_v', 'il_ref_a', 'io_ref_a', 'rs_ohm', 'rsh_ref_ohm', 'alpha_isc_a_per_k', 'adjust_pct'];
const WINDOW = ['max_dc_voltage_v', 'mppt_low_v', 'mppt_high_v'];

interface Locator {
  readonly file: string;
  readonly line: number;
  readonly column: string;
}
interface Shown {
  readonly value: number | number[];
  readonly provenance?: { locator: Locator };
}
interface Point {
  name: 'cell_25c' | 'cell_hot';
  cell_temperature_c: number;
  module_vmp_v: number;
  module_pmp_w: number;
  dc_voltage_v: number;
  string_dc_power_w: number;
  dc_power_w: number | null;
  capped: boolean;
  ac_power_w: number | null;
  efficiency_pct: number | null;
  state: string;
  method: string;
  model: string;
  derivation?: string;
  reason?: string;
}
interface Efficiency {
  modules_per_string: number;
  strings: number;
  chosen: string;
  mppt_window_v: { mppt_low_v: number; mppt_high_v: number };
  method: { model: 'sandia' | 'adr' | 'pvwatts'; generic: boolean; rated_ac_power_w: number; choice: string };
  parameters: Record<string, Shown>;
  points: Point[];
}
interface Asked {
  readonly operation: 'checkCompatibility' | 'checkDesignFit';
  readonly module: ProductDoc;
  readonly inverter: ProductDoc;
  readonly expected: 'sandia' | 'adr' | 'pvwatts';
  readonly answer: { inverter_efficiency: Efficiency; conditions: { cell_temperature_hot_c: number }; inputs: any };
}

const spread = <T>(items: readonly T[], count: number) =>
  Array.from({ length: Math.min(count, items.length) }, (_, i) => items[Math.floor((i * items.length) / count)]);

describe("string sizing: the inverter's efficiency at the string's voltage (complete data, checked against pvlib)", function () {
  this.timeout(1200000);
  let server: TestServer;
  let key: string;
  const modules: ProductDoc[] = [];
  const inverters = { sandia: [] as ProductDoc[], adr: [] as ProductDoc[], pvwatts: [] as ProductDoc[] };

  before(async () => {
    const catalog = await fullCatalog();
    server = await serverOn(catalog, { SIGNUP_CREDITS: '1000000' });
    key = (await (await newDeveloper(server.url)).key(['products:read', 'search:read'])).secret;
    for (const p of await fullCatalogProducts()) {
      const has = (specs: string[]) => specs.every((s) => typeof p.specs[s] === 'number');
      if (p.category === 'pv-module' && has([...DIODE, 'noct_c', 'voc_v', 'beta_voc_v_per_k', 'isc_a']))
        modules.push(p);
      if (p.category !== 'inverter' || !has(WINDOW)) continue;
      // Sandia where the CEC row's coefficients are there; else the ADR record, unless it cannot be
      // used (Pnom or Vnom 0, which the ADR model divides by, or a negative Vnom the seed refused); else PVWatts.
      if (has(['sandia_c0_per_w'])) inverters.sandia.push(p);
      else if ((p.specs.dc_power_w as number) > 0 && (p.specs.nominal_dc_voltage_v as number) > 0)
        inverters.adr.push(p);
      else if (has(['ac_power_w'])) inverters.pvwatts.push(p);
    }
    modules.sort((a, b) => a._id.localeCompare(b._id));
    for (const list of Object.values(inverters)) list.sort((a, b) => a._id.localeCompare(b._id));
  });
  after(() => server?.stop());

  interface Query {
    module: string;
    inverter: string;
    t_min: number;
    t_max: number;
    modules_per_string?: number;
    strings?: number;
  }
  async function ask(operation: Asked['operation'], query: Query) {
    const res = await call(server.url, operation, { token: key, query });
    assert.equal(res.status, 200, `${operation} ${JSON.stringify(query)}: ${res.text.slice(0, 2000)}`);
    return res.body;
  }

  it('when real pairs are sized and fitted, then the efficiency at 25 °C and at the hottest cell equals pvlib.inverter.sandia, adr or pvwatts at the voltage and power the answer names, which are n × Vmp and strings × n × Pmp as pvlib finds them', async () => {
    assert.ok(inverters.pvwatts.length > 0, 'an inverter whose ADR record is unusable falls back to PVWatts');
    const chosen = [
      ...spread(inverters.sandia, 12).map((inverter) => ({ inverter, expected: 'sandia' as const })),
      ...spread(inverters.adr, 8).map((inverter) => ({ inverter, expected: 'adr' as const })),
      ...spread(inverters.pvwatts, 2).map((inverter) => ({ inverter, expected: 'pvwatts' as const })),
    ];
    const pairs = chosen.map((c, k) => ({
      ...c,
      k,
      module: modules[Math.floor((k * modules.length) / chosen.length)],
    }));
    const asked: Asked[] = (
      await pooled(pairs, 4, async ({ k, ...p }) => {
        const query = { module: p.module._id, inverter: p.inverter._id, t_min: -10, t_max: 40 };
        const compat = await ask('checkCompatibility', query);
        // The design fit at the same length with 1-3 strings: more DC power, so some are capped.
        const n = compat.inverter_efficiency.modules_per_string as number;
        const fit = await ask('checkDesignFit', { ...query, modules_per_string: n, strings: 1 + (k % 3) });
        return [
          { operation: 'checkCompatibility' as const, ...p, answer: compat },
          { operation: 'checkDesignFit' as const, ...p, answer: fit },
        ];
      })
    ).flat();

    // pvlib at each point the answer computed (and, where capped, also at the strings' whole power).
    const referencePoints = (e: Efficiency) =>
      e.points.flatMap((q) =>
        q.dc_power_w === null
          ? []
          : [[q.dc_power_w, q.dc_voltage_v], ...(q.capped ? [[q.string_dc_power_w, q.dc_voltage_v]] : [])],
      );
    const inverterRefs = await referenceScript<{ inputs: Record<string, unknown>; ac: (number | null)[] }>(
      'inverter_conditions.py',
      asked.map(({ answer: { inverter_efficiency: e } }) => ({
        model: e.method.model,
        parameters: Object.fromEntries(
          Object.entries(e.parameters)
            .filter(([column]) => column !== 'pdc0')
            .map(([column, s]) => [column, s.provenance ? { locator: s.provenance.locator } : { value: s.value }]),
        ),
        points: referencePoints(e),
      })),
    );
    // The module's Vmp and Pmp at both cell temperatures, from the diode cells sizing names.
    const moduleRefs = await referenceScript<{ v_mp: number; p_mp: number }>(
      'reference.py',
      asked.flatMap(({ answer }) =>
        answer.inverter_efficiency.points.map((q) => ({
          inputs: Object.fromEntries(
            DIODE.map((spec) => [spec, answer.inputs.module[spec].provenance.locator as Locator]),
          ),
          model: 'cec',
          irradiance: 1000,
          cell_temperature: q.cell_temperature_c,
        })),
      ),
    );

    const seen = { sandia: 0, adr: 0, pvwatts: 0, mppt: 0, capped: 0, outside: 0 };
    let worst = 0;
    asked.forEach(({ operation, module, inverter, expected, answer }, i) => {
      const e = answer.inverter_efficiency;
      const what = `${operation}: ${module._id} × ${e.modules_per_string} (${e.strings} strings) on ${inverter._id}`;
      assert.equal(e.method.model, expected, `${what}: the model`);
      assert.equal(e.method.generic, expected === 'pvwatts', what);
      seen[expected]++;
      const ref = inverterRefs[i];
      for (const [column, shown] of Object.entries(e.parameters))
        if (shown.provenance)
          assert.deepEqual(shown.value, ref.inputs[column], `${what}: ${column} is its source cell`);
      assert.deepEqual(
        e.points.map((q) => [q.name, q.cell_temperature_c]),
        [
          ['cell_25c', 25],
          ['cell_hot', answer.conditions.cell_temperature_hot_c],
        ],
      );
      let k = 0;
      e.points.forEach((q, j) => {
        const at = `${what} at ${q.cell_temperature_c} °C`;
        const mod = moduleRefs[2 * i + j];
        assert.ok(
          relativeDifference(q.module_vmp_v, mod.v_mp) <= VMP_TOL,
          `${at}: Vmp ${q.module_vmp_v}, pvlib ${mod.v_mp}`,
        );
        assert.ok(
          relativeDifference(q.module_pmp_w, mod.p_mp) <= VMP_TOL,
          `${at}: Pmp ${q.module_pmp_w}, pvlib ${mod.p_mp}`,
        );
        assert.equal(q.dc_voltage_v, e.modules_per_string * q.module_vmp_v, `${at}: n × Vmp`);
        assert.equal(
          q.string_dc_power_w,
          e.strings * e.modules_per_string * q.module_pmp_w,
          `${at}: strings × n × Pmp`,
        );
        assert.equal(q.method, 'derived');
        assert.equal(q.model, e.method.model);
        const outside = q.dc_voltage_v < e.mppt_window_v.mppt_low_v || q.dc_voltage_v > e.mppt_window_v.mppt_high_v;
        if (outside) {
          assert.equal(q.state, 'outside_mppt_window', at);
          assert.equal(q.efficiency_pct, null, `${at}: no efficiency outside the MPPT window`);
          seen.outside++;
          return;
        }
        const theirs = ref.ac[k++]!;
        assert.notEqual(theirs, null, `${at}: pvlib gives a value`);
        const rel = relativeDifference(q.ac_power_w!, theirs);
        assert.ok(
          rel <= REL_TOL,
          `${at}: AC ${q.ac_power_w}, pvlib ${theirs} at ${q.dc_power_w} W, ${q.dc_voltage_v} V`,
        );
        const effRel = relativeDifference(q.efficiency_pct!, (100 * theirs) / q.dc_power_w!);
        assert.ok(effRel <= REL_TOL, `${at}: efficiency ${q.efficiency_pct}, pvlib ${(100 * theirs) / q.dc_power_w!}`);
        worst = Math.max(worst, rel, effRel);
        assert.match(
          q.derivation!,
          new RegExp(q.model === 'pvwatts' ? 'PVWatts' : q.model === 'adr' ? 'ADR' : 'Sandia'),
        );
        const rated = e.method.rated_ac_power_w;
        if (q.capped) {
          // The strings give more than the inverter turns into its rated output: pvlib clips there too,
          // and the efficiency is taken where the model first reaches the rated output.
          const whole = ref.ac[k++]!;
          assert.ok(q.string_dc_power_w > q.dc_power_w!, at);
          assert.ok(relativeDifference(whole, rated) <= REL_TOL, `${at}: pvlib clips the whole power (${whole})`);
          assert.ok(relativeDifference(theirs, rated) <= 1e-9, `${at}: rated output at the capped power`);
          assert.equal(q.state, 'clipped');
          seen.capped++;
        } else {
          assert.equal(q.dc_power_w, q.string_dc_power_w, `${at}: the strings' whole power`);
          assert.ok(theirs <= rated * (1 + 1e-12), at);
          if (q.state === 'mppt') seen.mppt++;
        }
      });
      const sizing = answer as unknown as { string?: { fits: boolean; min_modules: number; max_modules: number } };
      if (operation === 'checkCompatibility') {
        const s = sizing.string!;
        assert.equal(e.modules_per_string, s.fits ? s.max_modules : s.min_modules, what);
        assert.equal(e.strings, 1);
      }
    });
    console.log(
      `      ${asked.length} answers for ${pairs.length} pairs; ${JSON.stringify(seen)}; worst relative difference from pvlib ${worst.toExponential(2)}`,
    );
    assert.ok(seen.sandia > 0 && seen.adr > 0 && seen.pvwatts > 0, JSON.stringify(seen));
    assert.ok(seen.mppt > 0 && seen.capped > 0, JSON.stringify(seen));
  });

  it("when a string's MPP voltage is outside the MPPT window, then the answer says so and gives no efficiency", async () => {
    const inverter = inverters.sandia.find((p) => (p.specs.mppt_low_v as number) >= 150)!;
    const module = modules[0];
    const query = { module: module._id, inverter: inverter._id, t_min: -10, t_max: 40 };
    const compat = await ask('checkCompatibility', query);
    const vmp25 = compat.inverter_efficiency.points[0].module_vmp_v as number;
    const high = inverter.specs.mppt_high_v as number;
    const above = Math.floor(high / vmp25) + 1;
    const cases: [number, RegExp][] = [
      [1, /below mppt_low_v/],
      [above, /above mppt_high_v/],
    ];
    for (const [n, reason] of cases) {
      const fit = await ask('checkDesignFit', { ...query, modules_per_string: n });
      const point = (fit.inverter_efficiency as Efficiency).points[0];
      assert.equal(point.dc_voltage_v, n * vmp25);
      assert.equal(point.state, 'outside_mppt_window', JSON.stringify(point));
      assert.equal(point.efficiency_pct, null);
      assert.equal(point.ac_power_w, null);
      assert.equal(point.dc_power_w, null);
      assert.match(point.reason!, reason);
      assert.match(point.reason!, /no efficiency is given/);
    }
  });

  it('when the most efficient inverters are searched, then each hit says its CEC weighted efficiency is taken at its nominal DC voltage, from the same CEC row', async () => {
    const res = await call(server.url, 'searchProducts', {
      token: key,
      query: { q: 'most efficient inverter', limit: 20 },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.length, 20);
    for (const hit of res.body.data) {
      const basis = hit.rank_basis;
      assert.equal(basis.spec, 'cec_weighted_efficiency_pct');
      assert.equal(basis.at?.dc_voltage, 'nominal', JSON.stringify(basis));
      assert.equal(basis.at.spec, 'nominal_dc_voltage_v');
      assert.equal(basis.at.value, hit.specs.nominal_dc_voltage_v);
      assert.equal(basis.at.unit, 'V');
      assert.equal(basis.at.provenance.locator.column, 'Vdco');
      for (const field of ['file', 'line'])
        assert.equal(basis.at.provenance.locator[field], basis.provenance.locator[field], `${hit.id}: the same row`);
      assert.match(basis.at.statement, /nominal DC voltage/);
    }
    // Asked for its id only, a hit carries the basis but not the values read for it.
    const bare = await call(server.url, 'searchProducts', {
      token: key,
      query: { q: 'most efficient inverter', limit: 1, fields: ['id'] },
    });
    assert.deepEqual(Object.keys(bare.body.data[0]).sort(), ['id', 'rank_basis']);
    assert.equal(typeof bare.body.data[0].rank_basis.at.value, 'number');
    // A module's efficiency is at STC, not at a voltage: no `at`.
    const modulesRanked = await call(server.url, 'searchProducts', {
      token: key,
      query: { q: 'most efficient module', limit: 3 },
    });
    assert.ok(modulesRanked.body.data.every((d: { rank_basis: object }) => !('at' in d.rank_basis)));
  });
});
