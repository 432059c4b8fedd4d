// Which spec a grouped row spans, and the group a row shows (catalog/series-groups.ts), without engines.
import assert from 'node:assert/strict';
import { headlineSpec, keepAsked, rangeSpec, rowGroup } from '../../../src/catalog/series-groups';
import type { ProductQuery, SeriesRows } from '../../../src/catalog/product-query';

type Asked = Pick<ProductQuery, 'sort' | 'understood' | 'ranges'>;
const plain: Asked = { sort: [], ranges: [] };
const understood = (u: Partial<NonNullable<ProductQuery['understood']>>): Asked => ({
  ...plain,
  understood: { categories: [], companies: [], values: [], ranges: [], near: [], ...u },
});

describe('series groups: the range a row spans', () => {
  it('when nothing is ranked or bounded, then a row spans its category’s headline spec', () => {
    assert.deepEqual(
      ['pv-module', 'inverter', 'heat-pump', 'home-battery', 'ev-charger'].map((c) => rangeSpec(plain, c)),
      ['stc_power_w', 'ac_power_w', 'heating_power_ref_w', 'usable_capacity_kwh', 'charging_power_kw'],
    );
    assert.equal(headlineSpec('pv-module'), 'stc_power_w');
  });

  it('when a page is sorted or ranked by a numeric spec, then rows span it, whatever they filter on', () => {
    const sorted: Asked = {
      sort: [{ key: 'specs.voc_v', desc: true }],
      ranges: [{ spec: 'isc_a', op: 'gte', value: 9 }],
    };
    assert.equal(rangeSpec(sorted, 'pv-module'), 'voc_v');
    const ranked = understood({ sort: { spec: 'module_efficiency_pct', desc: true } });
    assert.equal(rangeSpec(ranked, 'pv-module'), 'module_efficiency_pct');
    assert.equal(rangeSpec({ ...plain, sort: [{ key: 'model', desc: false }] }, 'inverter'), 'ac_power_w');
  });

  it('when a filter or a typed quantity bounds a spec, then rows span it; a nominal power is the category’s own', () => {
    assert.equal(
      rangeSpec({ ...plain, ranges: [{ spec: 'mppt_high_v', op: 'lte', value: 600 }] }, 'inverter'),
      'mppt_high_v',
    );
    const typed = understood({ near: [{ spec: 'nominal_power_w', value: 400, min: 392, max: 408 }] });
    assert.equal(rangeSpec(typed, 'pv-module'), 'stc_power_w');
    assert.equal(rangeSpec(typed, 'inverter'), 'ac_power_w');
    // A bound the words only imply (a microinverter's DC voltage) is not what was asked.
    const implied = understood({ ranges: [{ spec: 'max_dc_voltage_v', op: 'lte', value: 100 }] });
    assert.equal(rangeSpec(implied, 'inverter'), 'ac_power_w');
  });
});

describe('series groups: the group a row shows', () => {
  const rows: SeriesRows = {
    total: 3,
    totalRelation: 'eq',
    bySeries: { 'sma-sunny-boy': { count: 12, specs: { ac_power_w: { min: 3000, max: 7700 } } } },
  };

  it('when a row is a series’ best variant, then it shows the series, its matching variants and their span', () => {
    const row = { id: 'a', category: 'inverter', series: { id: 'sma-sunny-boy' }, specs: { ac_power_w: 7700 } };
    assert.deepEqual(rowGroup(row, plain, rows), {
      by: 'series',
      series: { id: 'sma-sunny-boy', name: 'SMA Sunny Boy' },
      variants: 12,
      range: { spec: 'ac_power_w', unit: 'W', min: 3000, max: 7700 },
    });
  });

  it('when a row is a product in no series, then it is one variant spanning its own value, or none', () => {
    const row = { id: 'b', category: 'pv-module', specs: { stc_power_w: 405 } };
    assert.deepEqual(rowGroup(row, plain, rows), {
      by: 'series',
      variants: 1,
      range: { spec: 'stc_power_w', unit: 'W', min: 405, max: 405 },
    });
    assert.deepEqual(rowGroup({ id: 'c', category: 'pv-module', specs: {} }, plain, rows), {
      by: 'series',
      variants: 1,
    });
  });

  it('when fields were asked, then what was read only for the group is left out', () => {
    const read = {
      id: 'a',
      category: 'inverter',
      series: { id: 'x' },
      specs: { ac_power_w: 1, voc_v: 2 },
      rank_basis: {},
    };
    assert.deepEqual(keepAsked(read, ['specs.voc_v']), { id: 'a', specs: { voc_v: 2 }, rank_basis: {} });
    assert.deepEqual(keepAsked(read, ['model']), { id: 'a', rank_basis: {} });
    assert.equal(keepAsked(read, undefined), read);
  });
});
