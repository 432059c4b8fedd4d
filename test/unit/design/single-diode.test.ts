// The single-diode solution's own invariants, without pvlib (which the API test compares against):
// Lambert W solves its defining equation across the whole range the model reaches, and the operating
// point satisfies the diode equation, with the maximum where the power's slope is zero.
import assert from 'node:assert/strict';
import { lambertWOfExp } from '../../../src/design/lambert-w';
import { atConditions, currentAt, ivCurve, operatingPoint, voltageAt } from '../../../src/design/single-diode';

// A real CEC module (Qcells Q.PEAK DUO BLK ML-G10+ 400, 2024 list).
const MODULE = {
  a_ref_v: 1.68805,
  il_ref_a: 11.3694,
  io_ref_a: 2.50139e-11,
  rsh_ref_ohm: 585.887,
  rs_ohm: 0.28218,
  alpha_isc_a_per_k: 0.0045674,
  adjust_pct: 7.2313,
};

describe('single-diode model', () => {
  it('when W(e^L) is taken for L from -700 to 1e6, then w + ln w = L (w·e^w = x) to a few ulps', () => {
    for (const logX of [-700, -50, -39, -5, -1, 0, 0.5, 1, 2, 2.5, 10, 100, 709, 710, 1500, 1e4, 1e6]) {
      const w = lambertWOfExp(logX);
      if (logX < -40) assert.equal(w, Math.exp(logX), `W(e^${logX}) is e^${logX} itself`);
      else
        assert.ok(
          Math.abs(w + Math.log(w) - logX) <= 4 * Number.EPSILON * Math.max(1, Math.abs(logX)),
          `W(e^${logX}) = ${w}`,
        );
    }
    assert.equal(lambertWOfExp(1), 1, 'W(e) = 1');
  });

  it('when a real module is solved at several conditions, then I(0) = Isc, V(0) = Voc, the power peaks at Vmp and I(V(I)) = I', () => {
    for (const [irradiance, temperature] of [
      [1000, 25],
      [200, -10],
      [1, 60],
      [1200, 75],
    ]) {
      const p = atConditions(MODULE, 'cec', irradiance, temperature);
      const op = operatingPoint(p);
      const what = `${irradiance} W/m², ${temperature} °C`;
      assert.ok(Math.abs(currentAt(p, op.voc_v).i) <= 1e-12 * op.isc_a, `${what}: I(Voc) = 0`);
      assert.ok(Math.abs(voltageAt(p, op.isc_a)) <= 1e-9 * op.voc_v, `${what}: V(Isc) = 0`);
      const slope = currentAt(p, op.vmp_v);
      assert.ok(Math.abs(slope.i + op.vmp_v * slope.di) <= 1e-9 * op.isc_a, `${what}: d(IV)/dV = 0 at Vmp`);
      for (const dv of [-1e-4, 1e-4])
        assert.ok((op.vmp_v + dv) * currentAt(p, op.vmp_v + dv).i < op.pmp_w, `${what}: Pmp is a maximum`);
      const i = 0.5 * op.isc_a;
      assert.ok(Math.abs(currentAt(p, voltageAt(p, i)).i - i) <= 1e-9 * i, `${what}: I(V(I)) = I`);
    }
  });

  it('when the CEC and De Soto models are compared, then only alpha_sc differs: the same at 25 °C, apart elsewhere', () => {
    const at = (model: 'cec' | 'desoto', t: number) => operatingPoint(atConditions(MODULE, model, 1000, t));
    assert.deepEqual(at('cec', 25), at('desoto', 25));
    assert.ok(at('cec', 60).isc_a < at('desoto', 60).isc_a, 'Adjust > 0 lowers the temperature gain of Isc');
  });

  it('when an IV curve of N points is asked, then it runs from (0, Isc) to (Voc, 0) with the current falling', () => {
    const p = atConditions(MODULE, 'cec', 800, 45);
    const op = operatingPoint(p);
    const curve = ivCurve(p, op, 11);
    assert.equal(curve.length, 11);
    assert.deepEqual(curve[0], { v: 0, i: op.isc_a });
    assert.deepEqual(curve[10], { v: op.voc_v, i: 0 });
    assert.ok(curve.every((pt, k) => k === 0 || (pt.i < curve[k - 1].i && pt.v > curve[k - 1].v)));
  });
});
