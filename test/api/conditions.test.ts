// Answers at the conditions a system runs at, on the complete data: every inverter's output and
// efficiency curves by the Sandia, ADR and PVWatts models checked against pvlib, which computes from
// the source cells the service names as its parameters.
import assert from 'node:assert/strict';
import { serverOn, type TestServer } from '../helpers/server';
import { fullCatalog, fullCatalogProducts } from '../helpers/full-catalog';
import { newDeveloper } from '../helpers/accounts';
import { call, callUnchecked } from '../helpers/contract';
import { pooled, referenceScript, relativeDifference } from '../helpers/pvlib';
import type { ProductDoc } from '../../src/catalog/product.types';
import { PVWATTS_ETA_NOM } from '../../src/design/pvwatts-inverter-model';

/** The agreement asked of every value: both sides evaluate the same closed forms. */
const REL_TOL = 1e-9;
/** The CEC protocol's power levels, as fractions of the rated DC input. */
const LEVELS = [0.1, 0.2, 0.3, 0.5, 0.75, 1];

interface Locator {
  readonly file: string;
  readonly line: number;
  readonly column: string;
}
interface Shown {
  readonly value: number | number[];
  readonly provenance?: { locator: Locator };
}
interface InverterAnswer {
  method: { model: string; rated_ac_power_w: number; generic: boolean };
  mppt_window_v: { mppt_low_v?: number; mppt_high_v?: number; max_dc_voltage_v?: number };
  parameters: Record<string, Shown>;
  points: { dc_power_w: number; dc_voltage_v: number; ac_power_w: number | null; state: string; clipped: boolean }[];
  curves: {
    voltage: string;
    dc_voltage_v: number | null;
    points: {
      percent_of_rated: number;
      ac_power_w: number;
      dc_power_w: number | null;
      efficiency_pct: number | null;
    }[];
    weighted_efficiency_pct: Record<
      'cec' | 'european',
      { value: number | null; weights: { percent_of_rated: number; weight: number }[] }
    >;
  }[];
}
interface InverterReference {
  readonly inputs: Record<string, number | number[]>;
  readonly ac: (number | null)[];
}

const point = (p: number, v: number) => `${p}@${v}`;

/** Where an inverter's curves are drawn, and the most it takes. */
interface Curves {
  readonly voltages: readonly number[];
  readonly max?: number;
}
/** Where the grid of a model's request comes from: the product's values, or a first answer's parameters. */
type GridOf =
  | { readonly fromProduct: (p: ProductDoc) => [number, number][] }
  | { readonly fromAnswer: (a: InverterAnswer) => [number, number][] };

/** The number the product lists for `spec`. */
const specOf = (p: ProductDoc) => (spec: string) => {
  const v = p.specs[spec];
  return typeof v === 'number' ? v : undefined;
};
/** The window as the models read it: a voltage that is not positive is not there. */
const windowOf = (p: ProductDoc) => {
  const positive = (spec: string) => {
    const v = p.specs[spec];
    return typeof v === 'number' && v > 0 ? v : undefined;
  };
  return {
    mppt_low_v: positive('mppt_low_v'),
    mppt_high_v: positive('mppt_high_v'),
    max_dc_voltage_v: positive('max_dc_voltage_v'),
  };
};
/** A value as JSON carries it: a cell printed "-0" is 0 in the answer (JSON has no -0) and -0.0 in Python. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('conditions: inverter output and efficiency curves (complete data, checked against pvlib)', function () {
  this.timeout(1200000);
  let server: TestServer;
  let key: string;
  const inverters: ProductDoc[] = [];
  let heatPump: ProductDoc;

  before(async () => {
    const catalog = await fullCatalog();
    server = await serverOn(catalog, { SIGNUP_CREDITS: '10000000' });
    key = (await (await newDeveloper(server.url)).key(['products:read'])).secret;
    for (const p of await fullCatalogProducts()) {
      if (p.category === 'inverter') inverters.push(p);
      if (p.category === 'heat-pump') heatPump ??= p;
    }
    inverters.sort((a, b) => a._id.localeCompare(b._id));
  });
  after(() => server?.stop());

  async function ask(id: string, query: { model: 'sandia' | 'adr' | 'pvwatts'; points?: string[] }) {
    const res = await call(server.url, 'getInverterPerformance', { token: key, params: { id }, query });
    assert.equal(res.status, 200, `${id} ${query.model}: ${res.text.slice(0, 2000)}`);
    return res.body as InverterAnswer;
  }

  /** The parameters as the reference script takes them: a locator where the service names a cell. */
  const referenceParameters = (a: InverterAnswer) =>
    Object.fromEntries(
      Object.entries(a.parameters)
        .filter(([column]) => column !== 'pdc0')
        .map(([column, shown]) => [
          column,
          shown.provenance ? { locator: shown.provenance.locator } : { value: shown.value },
        ]),
    );

  /**
   * The CEC grid at the curve voltages that the inverter takes (those up to its maximum DC voltage),
   * and the night, start and clipping ends.
   */
  function grid(at: Curves, ratedDcW: number, nominalV: number, startW: number): [number, number][] {
    const max = at.max ?? Infinity;
    const voltages = at.voltages.filter((v) => v <= max);
    // A few records list a nominal voltage above their own maximum DC voltage (refused as a point).
    const night = nominalV <= max ? nominalV : (voltages[0] ?? max);
    return [
      ...voltages.flatMap((v) => LEVELS.map((f) => [f * ratedDcW, v] as [number, number])),
      [0, night],
      ...(startW > 0 ? [[startW / 2, night] as [number, number]] : []),
      [1.3 * ratedDcW, night],
    ];
  }

  /** The curve voltages and the maximum DC voltage of an answer. */
  const curvesOf = (a: InverterAnswer, nominalV: number): Curves => ({
    voltages: a.curves.map((c) => c.dc_voltage_v ?? nominalV),
    max: a.mppt_window_v.max_dc_voltage_v,
  });

  /**
   * Checks one model over every inverter it applies to: the points against pvlib at the same cells,
   * each curve's DC powers giving the curve's AC outputs in pvlib, and the weighted efficiencies.
   * The grid comes from the product's own values where the model reads exactly those (one request per
   * inverter), or else from a first answer's parameters (ADR reads the library's record).
   */
  async function checkModel(model: 'sandia' | 'adr' | 'pvwatts', all: readonly ProductDoc[], gridOf: GridOf) {
    // A record the model cannot use is refused, saying why: an ADR record with Pnom or Vnom 0 (2 rows),
    // or one whose negative Vnom, Vmin and Vmax the seed refused as outside their physical range (4 rows).
    const tried = await pooled(all, 6, async (p) => {
      const points = 'fromProduct' in gridOf ? gridOf.fromProduct(p).map(([pw, v]) => point(pw, v)) : undefined;
      const res = await call(server.url, 'getInverterPerformance', {
        token: key,
        params: { id: p._id },
        query: { model, ...(points ? { points } : {}) },
      });
      if (res.status === 400 && /the model divides by both|record lacks/.test(res.text)) return null;
      assert.equal(res.status, 200, `${p._id} ${model}: ${res.text.slice(0, 2000)}`);
      const first = res.body as InverterAnswer;
      if ('fromProduct' in gridOf) return first;
      return ask(p._id, { model, points: gridOf.fromAnswer(first).map(([pw, v]) => point(pw, v)) });
    });
    const products = all.filter((_, i) => tried[i] !== null);
    const answers = tried.filter((a): a is InverterAnswer => a !== null);
    assert.ok(all.length - products.length <= 8, `${all.length - products.length} refused`);
    const curvePoints = (a: InverterAnswer) =>
      a.curves.flatMap((c) =>
        c.points
          .filter((q) => q.dc_power_w !== null)
          .map((q) => [q.dc_power_w!, c.dc_voltage_v ?? 0] as [number, number]),
      );
    const references = await referenceScript<InverterReference>(
      'inverter_conditions.py',
      answers.map((a) => ({
        model,
        parameters: referenceParameters(a),
        points: [...a.points.map((q) => [q.dc_power_w, q.dc_voltage_v]), ...curvePoints(a)],
      })),
    );
    let worst = 0;
    let compared = 0;
    answers.forEach((a, i) => {
      const id = products[i]._id;
      const ref = references[i];
      for (const [column, shown] of Object.entries(a.parameters))
        if (shown.provenance)
          assert.deepEqual(asJson(shown.value), asJson(ref.inputs[column]), `${id}: ${column} is its source cell`);
      a.points.forEach((q, k) => {
        const theirs = ref.ac[k];
        const what = `${id} ${model} at ${q.dc_power_w} W, ${q.dc_voltage_v} V`;
        if (theirs === null) return assert.equal(q.ac_power_w, null, `${what}: pvlib gives no value`);
        assert.notEqual(q.ac_power_w, null, `${what}: pvlib gives ${theirs}`);
        const rel = relativeDifference(q.ac_power_w!, theirs);
        assert.ok(
          rel <= REL_TOL,
          `${what}: service ${q.ac_power_w}, pvlib ${theirs} (relative ${rel.toExponential(2)})`,
        );
        worst = Math.max(worst, rel);
        compared++;
        if (q.dc_power_w === 0) assert.equal(q.state, 'night', `${what}: night`);
        const rated = a.method.rated_ac_power_w;
        if (theirs < rated * (1 - 1e-9)) assert.equal(q.clipped, false, `${what}: not clipped`);
        else if (k === a.points.length - 1) assert.equal(q.clipped, true, `${what}: clipped`);
      });
      let k = a.points.length;
      for (const c of a.curves) {
        for (const q of c.points) {
          if (q.dc_power_w === null) continue;
          const rel = relativeDifference(q.ac_power_w, ref.ac[k++]!);
          assert.ok(
            rel <= REL_TOL,
            `${id} ${model} ${c.voltage} ${q.percent_of_rated}%: pvlib gives ${ref.ac[k - 1]} at the DC power the curve names, not ${q.ac_power_w}`,
          );
          worst = Math.max(worst, rel);
          assert.equal(q.efficiency_pct, (100 * q.ac_power_w) / q.dc_power_w);
        }
        for (const w of Object.values(c.weighted_efficiency_pct)) {
          const effs = w.weights.map(
            ({ percent_of_rated }) => c.points.find((q) => q.percent_of_rated === percent_of_rated)!.efficiency_pct,
          );
          if (effs.some((e) => e === null)) assert.equal(w.value, null);
          else {
            const sum = w.weights.reduce((s, { weight }, j) => s + weight * effs[j]!, 0);
            assert.ok(
              Math.abs(w.value! - sum) <= 1e-9 * sum,
              `${id} ${model} ${c.voltage}: weighted ${w.value}, Σ ${sum}`,
            );
          }
        }
      }
    });
    console.log(
      `      ${model}: ${answers.length} inverters (${all.length - products.length} refused), ${compared} points and their curves; worst relative difference from pvlib ${worst.toExponential(2)}`,
    );
    return { answers, products };
  }

  it('when every inverter with Sandia coefficients is asked on the CEC grid, then output, curves and weighted efficiencies equal pvlib.inverter.sandia, and at the nominal voltage the stored CEC weighted efficiency', async () => {
    const products = inverters.filter((p) => typeof p.specs.sandia_c0_per_w === 'number');
    assert.ok(products.length > 3000, `${products.length} inverters with Sandia coefficients`);
    // Sandia reads the product's CEC values and its window as the product lists them.
    const { answers } = await checkModel('sandia', products, {
      fromProduct: (p) => {
        const n = specOf(p);
        const window = windowOf(p);
        const nominal = n('nominal_dc_voltage_v')!;
        const voltages = [window.mppt_low_v, nominal, window.mppt_high_v].filter((v) => v !== undefined);
        return grid({ voltages, max: window.max_dc_voltage_v }, n('dc_power_w')!, nominal, n('self_consumption_w')!);
      },
    });
    let matched = 0;
    answers.forEach((a, i) => {
      const stored = products[i].specs.cec_weighted_efficiency_pct;
      const nominal = a.curves.find((c) => c.voltage === 'nominal')!.weighted_efficiency_pct.cec.value;
      if (typeof stored !== 'number' || nominal === null) return;
      assert.ok(
        Math.abs(nominal - stored) <= 0.0005 + 1e-9,
        `${products[i]._id}: ${nominal} at Vdco, stored ${stored}`,
      );
      matched++;
    });
    assert.ok(matched > 3000, `${matched} stored CEC weighted efficiencies reproduced at Vdco`);
  });

  it('when every inverter the ADR library lists is asked, then output and curves equal pvlib.inverter.adr with the ADR record (not the CEC values the product shows)', async () => {
    const listed = inverters.filter((p) => Array.isArray(p.specs.adr_coefficients));
    assert.ok(listed.length > 3000, `${listed.length} inverters with an ADR record`);
    const { answers, products } = await checkModel('adr', listed, {
      fromAnswer: (a) => {
        const n = (c: string) => a.parameters[c].value as number;
        return grid(curvesOf(a, n('Vnom')), n('Pnom'), n('Vnom'), 0);
      },
    });
    const own = answers.filter((a) =>
      Object.values(a.parameters).every((s) => s.provenance!.locator.file.startsWith('adr-library')),
    );
    assert.equal(own.length, answers.length, 'every ADR parameter is read from the ADR library');
    const differ = answers.filter((a, i) => a.parameters.Pnom.value !== products[i].specs.dc_power_w);
    assert.ok(differ.length > 0, 'some inverters whose ADR Pnom is not the CEC Pdco the product shows were asked');
  });

  it('when every inverter with a rated AC power is asked with PVWatts, then the generic shape equals pvlib.inverter.pvwatts', async () => {
    const products = inverters.filter((p) => typeof p.specs.ac_power_w === 'number' && p.specs.ac_power_w > 0);
    // PVWatts reads the rated AC power alone, with pvlib's default nominal efficiency; one curve, at any voltage.
    const { answers } = await checkModel('pvwatts', products, {
      fromProduct: (p) => {
        const window = windowOf(p);
        const at = window.mppt_low_v ?? window.max_dc_voltage_v ?? 300;
        return grid(
          { voltages: [at], max: window.max_dc_voltage_v },
          specOf(p)('ac_power_w')! / PVWATTS_ETA_NOM,
          at,
          0,
        );
      },
    });
    for (const a of answers) {
      assert.equal(a.method.generic, true);
      assert.equal(a.curves.length, 1);
    }
  });

  it('when a point is above the maximum DC voltage, more than 100 are asked, or the model has no parameters for the product, then a problem says so and nothing is charged', async () => {
    const sandia = inverters.find(
      (p) => typeof p.specs.sandia_c0_per_w === 'number' && typeof p.specs.max_dc_voltage_v === 'number',
    )!;
    const noAdr = inverters.find(
      (p) => typeof p.specs.sandia_c0_per_w === 'number' && !Array.isArray(p.specs.adr_coefficients),
    )!;
    const first = await call(server.url, 'getInverterPerformance', {
      token: key,
      params: { id: sandia._id },
      query: { model: 'pvwatts' },
    });
    const balance = Number(first.headers.get('x-quota-balance'));
    const refused = async (id: string, query: Record<string, string>, status: number, type: string, named: RegExp) => {
      const res = await callUnchecked(server.url, 'getInverterPerformance', { token: key, params: { id }, query });
      assert.equal(res.status, status, res.text);
      assert.equal(res.body.type, `/problems/${type}`);
      assert.match(JSON.stringify(res.body.errors ?? res.body.detail), named);
      if (res.headers.has('x-quota-cost')) assert.equal(res.headers.get('x-quota-cost'), '0');
    };
    const vmax = sandia.specs.max_dc_voltage_v as number;
    await refused(
      sandia._id,
      { points: `1000@${vmax / 2},1000@${vmax + 1}` },
      400,
      'validation-failed',
      /point 2 is at .* above the maximum DC voltage/,
    );
    await refused(
      sandia._id,
      { points: Array.from({ length: 101 }, () => '1000@300').join(',') },
      400,
      'validation-failed',
      /points/,
    );
    await refused(sandia._id, { points: '1000V@300' }, 400, 'validation-failed', /points/);
    await refused(noAdr._id, { model: 'adr' }, 400, 'unsuitable-product', /has no ADR record/);
    await refused(heatPump._id, {}, 400, 'unsuitable-product', /a heat-pump, not an inverter/);
    await refused('no-such-inverter', {}, 404, 'not-found', /.*/);
    const after = await call(server.url, 'getInverterPerformance', {
      token: key,
      params: { id: sandia._id },
      query: { model: 'pvwatts' },
    });
    assert.equal(Number(after.headers.get('x-quota-balance')), balance - 1, 'only the second good request was charged');
  });

  it('when a point is outside the MPPT window or below the start power, then it is answered with that state, not refused', async () => {
    const p = inverters.find(
      (q) =>
        typeof q.specs.sandia_c0_per_w === 'number' &&
        (q.specs.mppt_low_v as number) > 100 &&
        (q.specs.self_consumption_w as number) > 1,
    )!;
    const low = (p.specs.mppt_low_v as number) - 50;
    const pso = p.specs.self_consumption_w as number;
    const vdco = p.specs.nominal_dc_voltage_v as number;
    const a = await ask(p._id, { model: 'sandia', points: [point(1000, low), point(pso / 2, vdco), point(0, vdco)] });
    assert.deepEqual(
      a.points.map((q) => q.state),
      ['outside_mppt_window', 'below_start', 'night'],
    );
    assert.equal(a.points[1].ac_power_w, -Math.abs(p.specs.night_tare_w as number));
  });
});
