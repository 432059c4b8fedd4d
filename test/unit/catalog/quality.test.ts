import assert from 'node:assert/strict';
import { qualityOf } from '../../../src/catalog/quality';

describe('quality checks', () => {
  const module = { voc_v: 44, vmp_v: 36.6, isc_a: 5.17, imp_a: 4.78, stc_power_w: 175.09 };

  it('when a module is consistent, then every check passes', () => {
    assert.deepEqual(qualityOf('pv-module', module), {
      status: 'pass',
      checked: ['vmp_below_voc', 'imp_below_isc', 'power_matches_vmp_imp'],
      failed: [],
    });
  });

  it('when Vmp x Imp strays more than 2% from Pmax, or Vmp reaches Voc, then those checks fail', () => {
    assert.deepEqual(qualityOf('pv-module', { ...module, stc_power_w: 180 }).failed, ['power_matches_vmp_imp']);
    assert.deepEqual(qualityOf('pv-module', { ...module, vmp_v: 44 }).failed, [
      'vmp_below_voc',
      'power_matches_vmp_imp',
    ]);
  });

  it('when an input is missing, then its check is not counted; with none, the product is unchecked', () => {
    assert.deepEqual(qualityOf('inverter', { mppt_low_v: 100, mppt_high_v: 500 }), {
      status: 'pass',
      checked: ['mppt_range_ordered'],
      failed: [],
    });
    assert.equal(qualityOf('inverter', { mppt_low_v: 500, mppt_high_v: 100 }).status, 'fail');
    assert.equal(qualityOf('inverter', {}).status, 'unchecked');
  });

  it('when a heat pump states a COP its powers do not give, or draws more than it heats, then those checks fail', () => {
    // Advantix i-SHWAK V4 06 in hplib: 4500 W out for 2866 W in, COP 1.5701.
    const heatPump = {
      heating_power_ref_w: 4500,
      electric_power_ref_w: 2866,
      cop_ref: 1.57013258897418,
      standby_power_w: 11,
    };
    assert.deepEqual(qualityOf('heat-pump', heatPump), {
      status: 'pass',
      checked: ['cop_matches_powers', 'heats_more_than_it_draws', 'standby_below_input'],
      failed: [],
    });
    assert.deepEqual(qualityOf('heat-pump', { ...heatPump, cop_ref: 1.6 }).failed, ['cop_matches_powers']);
    assert.deepEqual(qualityOf('heat-pump', { ...heatPump, electric_power_ref_w: 4600, cop_ref: 4500 / 4600 }).failed, [
      'heats_more_than_it_draws',
    ]);
  });
});
