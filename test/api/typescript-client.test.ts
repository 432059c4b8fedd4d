// The TypeScript client's designer methods (clients/typescript: pvsyst, modulePerformance,
// inverterPerformance, heatPumpPerformance, named as the Python client names them) against the real
// service on the complete data: each answers what the REST operation answers to a plain request, and a
// refusal is thrown as the service's problem, charging nothing.
import assert from 'node:assert/strict';
import { serverOn, type TestServer } from '../helpers/server';
import { fullCatalog } from '../helpers/full-catalog';
import { newDeveloper } from '../helpers/accounts';
import { callUnchecked } from '../helpers/contract';
import { PdsClient, ProblemError } from '../../clients/typescript';

const MODULE = 'qcells-north-america-q-peak-duo-blk-ml-g10-plus-400';
const INVERTER = 'sma-america-sb7-7-1sp-us-41-240v';
const HEAT_PUMP = 'johnson-controls-hitachi-airconditioning-spain-01-ras-2-5whvrp-rwd-2-5nrwe-200s';

describe('TypeScript client (clients/typescript): PVsyst files and performance, against the service on the complete data', function () {
  this.timeout(300000);
  let server: TestServer;
  let key: string;
  let pds: PdsClient;
  /** The REST operation asked plainly (no client), its answer checked against the document. */
  const rest = (operationId: string, id: string, query: Record<string, string>) =>
    callUnchecked(server.url, operationId, { params: { id }, query, token: key });

  before(async () => {
    const catalog = await fullCatalog();
    server = await serverOn(catalog, { SIGNUP_CREDITS: '100000' });
    key = (await (await newDeveloper(server.url)).key(['products:read'])).secret;
    pds = new PdsClient(server.url, { token: key });
  });
  after(() => server?.stop());

  it("when pvsyst is asked for a module, then it gives the .PAN as served, named, with the twin's certificate", async () => {
    const pan = await pds.pvsyst(MODULE);
    const served = await rest('getPvsystFile', MODULE, { format: 'pan' });
    assert.equal(served.status, 200, served.text);
    assert.equal(pan.text, served.text, 'byte for byte what format=pan serves');
    assert.equal(pan.name, 'Qcells_North_America_Q.PEAK_DUO_BLK_ML-G10_400.PAN');
    assert.match(pan.text, /^PVObject_=pvModule\r\n/);
    const twin = await pds.pvsyst(MODULE, { format: 'json' });
    assert.deepEqual(twin, (await rest('getPvsystFile', MODULE, { format: 'json' })).body);
    assert.equal(twin.file.text, pan.text);
    assert.equal(pan.max_abs_dpmp_pct, twin.certificate.max_abs_dpmp_pct);
    assert.ok(twin.unknown.length > 0, 'the keys to supply');
  });

  it('when pvsyst is asked as of revision 1 and for an inverter, then it gives that revision and the .OND', async () => {
    const old = await pds.pvsyst(MODULE, { format: 'json', as_of: 1 });
    assert.equal(old.revision, 1);
    assert.deepEqual(old, (await rest('getPvsystFile', MODULE, { format: 'json', as_of: '1' })).body);
    const ond = await pds.pvsyst(INVERTER, { format: 'ond' });
    assert.equal(ond.text, (await rest('getPvsystFile', INVERTER, {})).text);
    assert.match(ond.name, /\.OND$/);
    assert.match(ond.text, /^PVObject_=pvGInverter\r\n/);
    assert.equal(ond.max_abs_dpmp_pct, undefined, 'no .PAN certificate header on a .OND');
  });

  it('when the performance methods are asked, then each answers what its REST operation answers', async () => {
    assert.deepEqual(
      await pds.inverterPerformance(INVERTER, {
        points: [
          [3000, 380],
          [6000, 300],
        ],
        model: 'sandia',
      }),
      (await rest('getInverterPerformance', INVERTER, { points: '3000@380,6000@300', model: 'sandia' })).body,
    );
    assert.deepEqual(
      await pds.heatPumpPerformance(HEAT_PUMP, {
        points: [
          [-7, 55],
          [2, 35],
        ],
      }),
      (await rest('getHeatPumpPerformance', HEAT_PUMP, { points: '-7/55,2/35' })).body,
    );
    assert.deepEqual(
      await pds.modulePerformance(MODULE, { irradiance: 800, cell_temperature: 45 }),
      (await rest('getModulePerformance', MODULE, { irradiance: '800', cell_temperature: '45' })).body,
    );
  });

  it('when a method is refused, then it throws the problem the service sent, and nothing is charged', async () => {
    /** The balance after one read of the product, and what that read cost. */
    const balance = async () => {
      const res = await rest('getProduct', MODULE, {});
      return [Number(res.headers.get('x-quota-balance')), Number(res.headers.get('x-quota-cost'))];
    };
    const [before] = await balance();
    await assert.rejects(pds.pvsyst(MODULE, { format: 'ond' }), (err: unknown) => {
      assert.ok(err instanceof ProblemError);
      assert.equal(err.status, 400);
      assert.match(err.problem.type, /unsuitable-product$/);
      assert.match(err.problem.detail ?? '', /is made for an inverter only/);
      return true;
    });
    await assert.rejects(
      pds.heatPumpPerformance(INVERTER),
      (err: unknown) => err instanceof ProblemError && err.status === 400,
    );
    await assert.rejects(
      pds.pvsyst('no-such-product'),
      (err: unknown) => err instanceof ProblemError && err.status === 404,
    );
    // The refusals cost nothing: the next read of the product costs its credit from the balance before them.
    const [after, cost] = await balance();
    assert.ok(cost > 0);
    assert.equal(after, before - cost);
  });
});
