// Heat pumps at the conditions they run at, on the complete data: every model with hplib parameters
// at 20 conditions checked against hplib 1.9's simulate, which computes from the cells of hplib's
// database that the service names; each point flagged against the tested range of its group.
import assert from 'node:assert/strict';
import { serverOn, type TestServer } from '../helpers/server';
import { fullCatalog, fullCatalogProducts } from '../helpers/full-catalog';
import { newDeveloper } from '../helpers/accounts';
import { call, callUnchecked } from '../helpers/contract';
import { pooled, referenceScript, relativeDifference } from '../helpers/pvlib';
import type { ProductDoc } from '../../src/catalog/product.types';

const REL_TOL = 1e-9;
type Flag = 'outdoor_temperature' | 'source_temperature' | 'flow_temperature';
const S: Flag = 'source_temperature';
const F: Flag = 'flow_temperature';
const O: Flag = 'outdoor_temperature';
/**
 * source, flow, outdoor (°C), and the conditions outside the tested range for an air, brine and
 * water source, worked by hand from the EN 14825 points hplib fits to (outdoor −7, 2, 7, 12 °C at
 * 34/30/27/24 and 52/42/36/30 °C flow; brine 0-1 °C, water 10-11 °C).
 */
const CONDITIONS: [number, number, number, Flag[], Flag[], Flag[]][] = [
  [-7, 35, -7, [], [S], [S]],
  [2, 35, 2, [], [S], [S]],
  [7, 35, 7, [], [S], [S]],
  [12, 30, 12, [], [S], [S]],
  [-7, 55, -7, [F], [S, F], [S, F]],
  [-7, 52, -7, [], [S], [S]],
  [-15, 35, -15, [S], [O, S], [O, S]],
  [20, 35, 20, [S, F], [O, S, F], [O, S, F]],
  [0, 35, -7, [], [], [S]],
  [0, 55, -7, [F], [F], [S, F]],
  [0, 45, 2, [F], [F], [S, F]],
  [0, 30, 12, [F], [], [S]],
  [1, 53, -7, [F], [], [S, F]],
  [10, 35, -7, [F], [S], []],
  [10, 50, 2, [F], [S, F], [F]],
  [11, 30, 7, [], [S], []],
  [-7, 65, -7, [F], [S, F], [S, F]],
  [-20, 35, -20, [S], [O, S], [O, S]],
  [5, 40, 5, [F], [S, F], [S, F]],
  [12, 24, 12, [], [S], [S]],
];
const KIND: Record<number, 3 | 4 | 5> = { 1: 3, 4: 3, 2: 4, 5: 4, 3: 5, 6: 5 };

interface Locator {
  readonly file: string;
  readonly line: number;
  readonly column: string;
}
interface HeatPumpPoint {
  source_temperature_c: number;
  flow_temperature_c: number;
  outdoor_temperature_c: number;
  cop: number;
  heating_power_w: number;
  electric_power_w: number;
  regime: string;
  range: string;
  outside: Flag[];
}
interface HeatPumpAnswer {
  method: { group: number };
  parameters: Record<string, { value: number; provenance: { locator: Locator } }>;
  points: HeatPumpPoint[];
  curves: { flow_temperature_c: number; points: HeatPumpPoint[] }[];
}
interface HplibReference {
  readonly inputs: Record<string, number>;
  readonly points: { COP: number; P_el: number; P_th: number; T_out: number; T_amb: number }[];
}

describe('conditions: heat pump COP and powers (complete data, checked against hplib)', function () {
  this.timeout(1200000);
  let server: TestServer;
  let key: string;
  const heatPumps: ProductDoc[] = [];
  let inverter: ProductDoc;

  before(async () => {
    const catalog = await fullCatalog();
    server = await serverOn(catalog, { SIGNUP_CREDITS: '10000000' });
    key = (await (await newDeveloper(server.url)).key(['products:read'])).secret;
    for (const p of await fullCatalogProducts()) {
      if (p.category === 'heat-pump' && typeof p.specs.hplib_p1_cop === 'number') heatPumps.push(p);
      if (p.category === 'inverter') inverter ??= p;
    }
    heatPumps.sort((a, b) => a._id.localeCompare(b._id));
  });
  after(() => server?.stop());

  it('when every heat pump with hplib parameters is asked at 20 conditions, then COP, heating and electric power equal hplib.simulate, and every extrapolated point is flagged', async () => {
    assert.ok(heatPumps.length > 3000, `${heatPumps.length} heat pumps with hplib parameters`);
    const points = CONDITIONS.map(([s, f, o]) => `${s}/${f}/${o}`);
    const answers = await pooled(heatPumps, 6, async (p) => {
      const res = await call(server.url, 'getHeatPumpPerformance', {
        token: key,
        params: { id: p._id },
        query: { points },
      });
      assert.equal(res.status, 200, `${p._id}: ${res.text.slice(0, 2000)}`);
      return res.body as HeatPumpAnswer;
    });
    const references = await referenceScript<HplibReference>(
      'hplib_conditions.py',
      answers.map((a) => ({
        parameters: Object.fromEntries(Object.entries(a.parameters).map(([spec, v]) => [spec, v.provenance.locator])),
        points: CONDITIONS.map(([s, f, o]) => [s, f - 5, o]),
      })),
    );
    let worst = 0;
    const seen = { within: 0, extrapolated: 0, heater: 0, groups: new Set<number>() };
    answers.forEach((a, i) => {
      const id = heatPumps[i]._id;
      const ref = references[i];
      for (const [spec, v] of Object.entries(a.parameters))
        assert.equal(v.value, ref.inputs[spec], `${id}: ${spec} is its source cell`);
      seen.groups.add(a.method.group);
      a.points.forEach((q, k) => {
        const r = ref.points[k];
        const what = `${id} (group ${a.method.group}) at ${CONDITIONS[k].slice(0, 3).join('/')}`;
        for (const [ours, theirs, name] of [
          [q.cop, r.COP, 'COP'],
          [q.heating_power_w, r.P_th, 'P_th'],
          [q.electric_power_w, r.P_el, 'P_el'],
          [q.flow_temperature_c, r.T_out, 'T_out'],
          [q.outdoor_temperature_c, r.T_amb, 'T_amb'],
        ] as const) {
          const rel = relativeDifference(ours, theirs);
          assert.ok(rel <= REL_TOL, `${what} ${name}: service ${ours}, hplib ${theirs}`);
          worst = Math.max(worst, rel);
        }
        const expected = CONDITIONS[k][KIND[a.method.group]];
        assert.deepEqual(
          q.outside,
          expected,
          `${what}: outside the tested range in ${expected.join(', ') || 'nothing'}`,
        );
        assert.equal(q.range, expected.length ? 'extrapolated' : 'within_tested_range', what);
        seen[expected.length ? 'extrapolated' : 'within']++;
        if (q.regime === 'electric_heater') seen.heater++;
      });
      assert.deepEqual(
        a.curves.map((c) => c.flow_temperature_c),
        [35, 45, 55],
      );
    });
    assert.ok(seen.within > 0 && seen.extrapolated > 0, `${seen.within} within, ${seen.extrapolated} extrapolated`);
    console.log(
      `      ${answers.length} heat pumps (groups ${[...seen.groups].sort((x, y) => x - y).join(', ')}) × ${CONDITIONS.length} conditions: ${seen.within} within the tested range, ${seen.extrapolated} extrapolated (${seen.heater} answered as an electric heater); worst relative difference from hplib ${worst.toExponential(2)}`,
    );
  });

  it('when a flow no heat pump reaches, more than 100 points or an inverter is asked, then a problem says so and nothing is charged', async () => {
    const id = heatPumps[0]._id;
    const first = await call(server.url, 'getHeatPumpPerformance', { token: key, params: { id } });
    assert.equal(first.status, 200, first.text);
    const balance = Number(first.headers.get('x-quota-balance'));
    const refused = async (productId: string, query: Record<string, string>, type: string, named: RegExp) => {
      const res = await callUnchecked(server.url, 'getHeatPumpPerformance', {
        token: key,
        params: { id: productId },
        query,
      });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.type, `/problems/${type}`);
      assert.match(JSON.stringify(res.body.errors), named);
      if (res.headers.has('x-quota-cost')) assert.equal(res.headers.get('x-quota-cost'), '0');
    };
    await refused(
      id,
      { points: '-7/35,2/80' },
      'validation-failed',
      /point 2 \(2\/80\) has a flow temperature of 80 °C, outside 15 to 75 °C: no heat pump/,
    );
    await refused(id, { points: Array.from({ length: 101 }, () => '2/35').join(',') }, 'validation-failed', /points/);
    await refused(id, { points: 'A-7/W35' }, 'validation-failed', /points/);
    await refused(inverter._id, {}, 'unsuitable-product', /an inverter, not a heat-pump/);
    // Far outside the tests, but physics allows it: answered, flagged.
    const far = await call(server.url, 'getHeatPumpPerformance', {
      token: key,
      params: { id },
      query: { points: ['-25/70'] },
    });
    assert.equal(far.status, 200, far.text);
    assert.equal(far.body.points[0].range, 'extrapolated');
    const after = await call(server.url, 'getHeatPumpPerformance', { token: key, params: { id } });
    assert.equal(after.status, 200);
    assert.equal(Number(after.headers.get('x-quota-balance')), balance - 2, 'only the good requests were charged');
  });
});
