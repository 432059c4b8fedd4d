// The Sandia inverter model at nominal DC voltage and the CEC weighted efficiency built on it, by their
// own invariants (pvlib.inverter.sandia checks the same on real inverters in test/api/design.test.ts).
import assert from 'node:assert/strict';
import {
  acPowerAtNominalVoltage,
  CEC_WEIGHTS,
  cecWeightedEfficiencyPct,
  dcPowerFor,
} from '../../../src/catalog/sandia-inverter';

// A real CEC inverter (SolarEdge SE3800H-US [240V], 2024 list): Paco, Pdco, Pso, C0 as listed.
const SE3800H = { ac_power_w: 3747, dc_power_w: 3779.2, self_consumption_w: 11.0144, sandia_c0_per_w: -1.24139e-6 };

describe('Sandia inverter model and CEC weighted efficiency', () => {
  it('when the DC power for each CEC load is solved, then the model gives that AC power back, and Pdco at 100%', () => {
    for (const [fraction] of CEC_WEIGHTS) {
      const ac = fraction * SE3800H.ac_power_w;
      const dc = dcPowerFor(SE3800H, ac)!;
      assert.ok(Math.abs(acPowerAtNominalVoltage(SE3800H, dc) - ac) < 1e-9 * ac, `${fraction}: ${dc} W DC`);
    }
    assert.ok(Math.abs(dcPowerFor(SE3800H, SE3800H.ac_power_w)! - SE3800H.dc_power_w) < 1e-9 * SE3800H.dc_power_w);
  });

  it('when C0 is 0 the curve is a line, and the weighted efficiency is the weights over its closed form', () => {
    const linear = { ac_power_w: 5000, dc_power_w: 5200, self_consumption_w: 20, sandia_c0_per_w: 0 };
    const expected = CEC_WEIGHTS.reduce((sum, [x, w]) => {
      const dc = linear.self_consumption_w + x * (linear.dc_power_w - linear.self_consumption_w);
      return sum + (w * x * linear.ac_power_w) / dc;
    }, 0);
    assert.ok(Math.abs(cecWeightedEfficiencyPct(linear)! - expected * 100) < 1e-9);
  });

  it('when the weights are summed they make 1, and a real inverter computes between its 10% and 100% efficiencies', () => {
    assert.ok(Math.abs(CEC_WEIGHTS.reduce((s, [, w]) => s + w, 0) - 1) < 1e-12);
    const at = (x: number) => (x * SE3800H.ac_power_w) / dcPowerFor(SE3800H, x * SE3800H.ac_power_w)!;
    const weighted = cecWeightedEfficiencyPct(SE3800H)! / 100;
    assert.ok(weighted > at(0.1) && weighted < Math.max(at(0.5), at(0.75)), `weighted ${weighted}`);
    // The CEC lists this model at 99.0% weighted; the model fitted to its test data lands within 0.1 point.
    assert.ok(Math.abs(weighted * 100 - 99.0) < 0.1, `weighted ${weighted * 100}%`);
  });

  it('when the coefficients describe no working inverter, then no efficiency is given', () => {
    assert.equal(cecWeightedEfficiencyPct({ ...SE3800H, self_consumption_w: 4000 }), undefined, 'Pso above Pdco');
    assert.equal(cecWeightedEfficiencyPct({ ...SE3800H, ac_power_w: 0 }), undefined, 'no rated output');
    assert.equal(cecWeightedEfficiencyPct({ ...SE3800H, ac_power_w: 4000 }), undefined, 'more out than in');
    assert.equal(
      cecWeightedEfficiencyPct({ ...SE3800H, sandia_c0_per_w: -1 }),
      undefined,
      'a curve that gives more out than in at part load',
    );
  });
});
