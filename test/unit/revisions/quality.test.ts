import assert from 'node:assert/strict';
import { qualityOf } from '../../../src/revisions/quality';

describe('quality checks', () => {
  const module = { voc_v: 44, vmp_v: 36.6, isc_a: 5.17, imp_a: 4.78, stc_power_w: 175.09 };

  it('when a module is consistent, then every check passes', () => {
    assert.deepEqual(qualityOf('pv-module', module), { status: 'pass', checked: ['vmp_below_voc', 'imp_below_isc', 'power_matches_vmp_imp'], failed: [] });
  });

  it('when Vmp x Imp strays more than 2% from Pmax, or Vmp reaches Voc, then those checks fail', () => {
    assert.deepEqual(qualityOf('pv-module', { ...module, stc_power_w: 180 }).failed, ['power_matches_vmp_imp']);
    assert.deepEqual(qualityOf('pv-module', { ...module, vmp_v: 44 }).failed, ['vmp_below_voc', 'power_matches_vmp_imp']);
  });

  it('when an input is missing, then its check is not counted; with none, the product is unchecked', () => {
    assert.deepEqual(qualityOf('inverter', { mppt_low_v: 100, mppt_high_v: 500 }), { status: 'pass', checked: ['mppt_range_ordered'], failed: [] });
    assert.equal(qualityOf('inverter', { mppt_low_v: 500, mppt_high_v: 100 }).status, 'fail');
    assert.equal(qualityOf('inverter', {}).status, 'unchecked');
  });
});
