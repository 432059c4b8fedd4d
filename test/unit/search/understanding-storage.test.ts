// Query understanding of home batteries and EV chargers: their words name the categories, and a
// quantity bounds the spec in the unit the list gives it (kWh, kW), not in W.
import assert from 'node:assert/strict';
import { makerDictionary } from '../../../src/search/maker-dictionary';
import { understand, type Part } from '../../../src/search/understanding';
import { interpretationOf } from '../../../src/search/interpretation';

const DICTIONARY = makerDictionary([]);
const read = (q: string) => understand(q, DICTIONARY);
const quantity = (parts: readonly Part[]) =>
  parts.find((p) => p.kind === 'quantity') as Extract<Part, { kind: 'quantity' }>;

describe('query understanding: home batteries and EV chargers', () => {
  it('when a battery or charger word is typed, then it names the category and no text remains', () => {
    const words = {
      'home-battery': ['battery', 'batteries', 'home battery', 'Home Batteries', 'storage', 'battery storage'],
      'ev-charger': ['EV charger', 'ev chargers', 'wallbox', 'Wallboxes', 'wall box', 'charger', 'charging station'],
    };
    for (const [category, qs] of Object.entries(words))
      for (const q of qs) {
        const r = read(q);
        assert.equal(r.category, category, q);
        assert.deepEqual(
          r.parts.map((p) => p.kind),
          ['category'],
          q,
        );
        assert.equal(r.text, '', q);
      }
  });

  it('when "battery inverter" is typed, then it is a hybrid inverter, not a battery', () => {
    const r = read('battery inverter');
    assert.equal(r.category, 'inverter');
    assert.deepEqual(interpretationOf(r).parts[0].parameters, { category: ['inverter'], 'specs.hybrid': ['true'] });
  });

  it('when a battery word stands beside an inverter word, then it asks for a hybrid inverter', () => {
    for (const q of ['hybrid inverter with battery', 'inverter for home battery', 'storage inverter 5 kW']) {
      const r = read(q);
      assert.equal(r.category, 'inverter', q);
      assert.ok(
        r.parts.some((p) => p.kind === 'attribute' && p.label === 'hybrid'),
        q,
      );
      assert.ok(!r.parts.some((p) => p.kind === 'category' && p.category === 'home-battery'), q);
    }
  });

  it('when a capacity in kWh or Wh is typed, then it bounds the usable capacity in kWh within 10%', () => {
    for (const q of ['10 kWh battery', '10kWh home battery', '10000 Wh storage', 'battery 10 kwh']) {
      const r = read(q);
      assert.equal(r.category, 'home-battery', q);
      const p = quantity(r.parts);
      assert.equal(p.spec, 'usable_capacity_kwh', q);
      assert.equal(p.unit, 'kWh', q);
      assert.equal(p.value, 10, q);
      assert.deepEqual([p.min, p.max], [9, 11], q);
    }
    // With no category, a capacity is still a battery's: only batteries have one.
    assert.equal(quantity(read('10 kWh').parts).spec, 'usable_capacity_kwh');
  });

  it('when a power in kW or W is typed beside a charger or battery word, then it bounds that spec in kW', () => {
    const charger = quantity(read('11 kW wallbox').parts);
    assert.equal(charger.spec, 'charging_power_kw');
    assert.equal(charger.value, 11);
    assert.deepEqual(interpretationOf(read('11 kW wallbox')).parts[0].parameters, {
      'specs.charging_power_kw[gte]': '10.78',
      'specs.charging_power_kw[lte]': '11.22',
    });
    assert.equal(quantity(read('22000 W EV charger').parts).value, 22);
    const battery = quantity(read('5 kW battery').parts);
    assert.equal(battery.spec, 'max_discharge_power_kw');
    assert.equal(battery.value, 5);
  });

  it('when a comparison names a battery capacity or a charger power, then its bounds are in the spec unit', () => {
    const r = read('battery capacity over 12 kWh');
    const range = r.parts.find((p) => p.kind === 'range') as Extract<Part, { kind: 'range' }>;
    assert.equal(range.spec, 'usable_capacity_kwh');
    assert.deepEqual(range.bounds, { gt: 12 });
    const charger = read('wallbox at least 20000 W').parts.find((p) => p.kind === 'range') as Extract<
      Part,
      { kind: 'range' }
    >;
    assert.equal(charger.spec, 'charging_power_kw');
    assert.deepEqual(charger.bounds, { gte: 20 });
  });
  it('when a battery or charger is read, then the summary names the category in a plural English uses', () => {
    assert.equal(interpretationOf(read('10 kWh battery')).summary, 'home batteries, 10 kWh ± 10%');
    assert.equal(interpretationOf(read('11 kW wallbox')).summary, 'EV chargers, 11 kW ± 2%');
  });
});
