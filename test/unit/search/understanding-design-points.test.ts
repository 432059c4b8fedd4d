// Query understanding of design points (issue 56): a heat pump's outdoor/flow temperatures and an
// inverter's DC voltage are read as the point values are asked at, put on the grid the index holds
// (the nearest grid point when the words ask between, said so; refused far off it), and the COP,
// heating power and efficiency bounds, quantities and rankings of the same query move there.
import assert from 'node:assert/strict';
import { makerDictionary } from '../../../src/search/maker-dictionary';
import { understand, type Part } from '../../../src/search/understanding';
import { interpretationOf, understoodOf } from '../../../src/search/interpretation';
import { MATCHERS } from '../../../src/search/query-matchers';
import { designGridOf, heatPumpKey } from '../../../src/catalog/design-grid';
import { heatPumpAt } from '../../../src/catalog/hplib-model';

const DICTIONARY = makerDictionary([]);
const read = (q: string) => understand(q, DICTIONARY);
const pointOf = (q: string) =>
  read(q).parts.find((p) => p.kind === 'design-point') as Extract<Part, { kind: 'design-point' }>;

describe('query understanding: design points', () => {
  it('when a heat pump point is typed in any of its spellings, then it is read as outdoor and flow temperatures', () => {
    const spellings: Record<string, [number, number]> = {
      'heat pump at -7/55': [-7, 55],
      'heat pump -7/55': [-7, 55],
      'heat pump A2/W35': [2, 35],
      'heat pump a-7/w55': [-7, 55],
      'heat pump at -7 °C outside and 55 °C flow': [-7, 55],
      'heat pump at 55°C flow and -7°C outdoor': [-7, 55],
      'heat pump 7 C outdoor temperature and 45 C flow temperature': [7, 45],
      'at 12 °C ambient with 35 °C supply heat pump': [12, 35],
    };
    for (const [q, [outdoor, flow]] of Object.entries(spellings)) {
      const p = pointOf(q);
      assert.ok(p, q);
      assert.deepEqual(
        p.point,
        { kind: 'heat-pump', outdoor_c: outdoor, flow_c: flow, key: heatPumpKey(outdoor, flow) },
        q,
      );
      assert.equal(p.nearest, false, q);
      assert.equal(read(q).text, '', q);
    }
  });

  it('when only a heat pump point is typed, then it implies heat pumps; "A…/W…" asks for air sources', () => {
    const r = read('A2/W35');
    assert.equal(r.category, 'heat-pump');
    assert.deepEqual(interpretationOf(r).parts[0].parameters, { 'specs.heat_pump_type': ['outdoor air/water'] });
    assert.deepEqual(understoodOf(r)?.values, [{ spec: 'heat_pump_type', values: ['outdoor air/water'] }]);
    assert.equal(read('2/35').category, undefined, 'a bare N/M alone implies nothing');
    assert.deepEqual(understoodOf(read('heat pump 2/35'))?.designPoint?.point.key, 'o2_f35');
  });

  it('when "COP above 3 at 2/35" is typed, then the COP bound applies at 2/35, not to the listed reference COP', () => {
    const r = read('heat pump COP above 3 at 2/35');
    const u = understoodOf(r)!;
    assert.deepEqual(u.ranges, []);
    assert.deepEqual(u.designPoint, {
      point: { kind: 'heat-pump', outdoor_c: 2, flow_c: 35, key: 'o2_f35' },
      primary: 'cop',
      ranges: [{ measure: 'cop', op: 'gt', value: 3 }],
    });
    const range = interpretationOf(r).parts.find((p) => p.kind === 'range')!;
    assert.equal(range.label, 'COP over 3 at 2/35');
    assert.deepEqual(range.parameters, {});
  });

  it('when a heating power is typed with a point, then it is near the heating power there within 10%', () => {
    const u = understoodOf(read('air to water heat pump 8 kW at -7/55'))!;
    assert.deepEqual(u.near, []);
    assert.deepEqual(u.designPoint?.near, { measure: 'heating_power_w', value: 8000, min: 7200, max: 8800 });
    assert.equal(u.designPoint?.primary, 'heating_power_w');
    assert.deepEqual(u.values, [{ spec: 'heat_pump_type', values: ['outdoor air/water'] }]);
  });

  it('when "most efficient … inverter at 300 V" is typed, then it ranks by the efficiency at 300 V DC', () => {
    const r = read('most efficient 7.6 kW inverter at 300 V');
    const u = understoodOf(r)!;
    assert.equal(u.sort, undefined);
    assert.deepEqual(u.designPoint, {
      point: { kind: 'inverter', dc_voltage_v: 300, key: 'v300' },
      primary: 'cec_weighted_efficiency_pct',
      ranges: [],
      sort: { measure: 'cec_weighted_efficiency_pct', desc: true },
    });
    assert.deepEqual(
      u.near.map((n) => [n.spec, n.min, n.max]),
      [['ac_power_w', 7448, 7752]],
    );
    assert.match(interpretationOf(r).summary, /at 300 V DC.*most efficient first at 300 V/);
    assert.equal(understoodOf(read('most efficient inverter at 300V'))?.designPoint?.point.key, 'v300');
  });

  it('when a point lies between grid points, then the nearest is answered and the label says so', () => {
    const p = pointOf('heat pump at 5/50');
    assert.deepEqual(p.point, { kind: 'heat-pump', outdoor_c: 7, flow_c: 55, key: 'o7_f55' });
    assert.equal(p.nearest, true);
    assert.match(p.label, /nearest point to 5\/50/);
    const v = pointOf('inverter at 384 V');
    assert.equal(v.point.key, 'v380');
    assert.match(v.label, /nearest voltage to 384 V/);
  });

  it('when a point lies far off the grid or beyond any heat pump, then the reading refuses it and says why', () => {
    assert.match(read('heat pump at -20/55').refused?.[0] ?? '', /more than 5 K from any point of the grid/);
    assert.match(read('heat pump at 2/65').refused?.[0] ?? '', /more than 5 K/);
    assert.match(read('heat pump at -7/80').refused?.[0] ?? '', /no heat pump in the data reaches/);
    assert.match(read('inverter at 2000 V').refused?.[0] ?? '', /no inverter's MPPT window reaches/);
    assert.match(read('heat pump A-20/W55').refused?.[0] ?? '', /more than 5 K/);
  });

  it('when a bare "N/M" off the grid is typed, then it is left as text (a model number may carry it), never refused', () => {
    for (const q of ['WPL 125/6', 'heat pump 125/6', 'Vitocal 10/12']) {
      const r = read(q);
      assert.equal(r.refused, undefined, q);
      assert.equal(understoodOf(r)?.designPoint, undefined, q);
      assert.match(r.text, /\d+\/\d+/, q);
    }
  });

  it('when "at … V" is typed outside inverters, or a comparison starts with "at", then they read as before', () => {
    const module = understoodOf(read('module at 40 V'))!;
    assert.equal(module.designPoint, undefined);
    assert.deepEqual(
      module.near.map((n) => n.spec),
      ['voc_v'],
    );
    const inverter = understoodOf(read('inverter at least 5kW 240V'))!;
    assert.equal(inverter.designPoint, undefined);
    assert.deepEqual(
      inverter.near.map((n) => n.spec),
      ['nominal_ac_voltage_v'],
    );
    assert.equal(pointOf('inverter 2/35'), undefined);
  });

  it('when the matchers are listed, then the design point comes first, with its reason', () => {
    assert.equal(MATCHERS[0].name, 'design point');
    assert.ok(MATCHERS.every((m) => m.why.length > 20));
  });

  it("when a heat pump or an inverter is indexed, then its grid holds the operation's values at each point", () => {
    const specs = {
      hplib_group_id: 1,
      electric_power_ref_w: 2690,
      heating_power_ref_w: 5300,
      hplib_p1_electric_power: 212.7675085487594,
      hplib_p2_electric_power: 0.01381657072211703,
      hplib_p3_electric_power: -0.07151102041714308,
      hplib_p4_electric_power: -212.81465177775564,
      hplib_p1_cop: -71.45426476089636,
      hplib_p2_cop: -0.09797168408780044,
      hplib_p3_cop: 7.446460994027655,
      hplib_p4_cop: 71.60678236235022,
    };
    const grid = designGridOf('heat-pump', specs, {})!.heat_pump!;
    assert.equal(Object.keys(grid).length, 12);
    const hp = {
      group: 1,
      p_el_ref_w: 2690,
      p_th_ref_w: 5300,
      electric: [
        specs.hplib_p1_electric_power,
        specs.hplib_p2_electric_power,
        specs.hplib_p3_electric_power,
        specs.hplib_p4_electric_power,
      ] as const,
      cop: [specs.hplib_p1_cop, specs.hplib_p2_cop, specs.hplib_p3_cop, specs.hplib_p4_cop] as const,
    };
    const at = heatPumpAt(hp, -7, 55, -7);
    assert.deepEqual(grid.om7_f55, {
      cop: at.cop,
      heating_power_w: at.heating_power_w,
      source_c: -7,
      range: 'extrapolated',
    });
    assert.equal(grid.o2_f35.range, 'within_tested_range');
    assert.equal(designGridOf('heat-pump', { ...specs, hplib_p1_cop: undefined }, {}), undefined);
  });
});
