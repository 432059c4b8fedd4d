// The contract as served: the OpenAPI document on the wire, compressed and valid, and the spec glossary.
import assert from 'node:assert/strict';
import { call, callUnchecked } from '../helpers/contract';
import { gunzipSync } from 'node:zlib';
import { rawGet } from '../helpers/http';
import SwaggerParser from '@apidevtools/swagger-parser';
import { OPENAPI } from '../../src/contract/openapi';
import { SPECS } from '../../src/catalog/spec-catalog';
import { startServer, type TestServer } from '../helpers/server';

describe('served contract', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server?.stop());

  it('when the document is asked by a client that accepts gzip, then it comes compressed and decodes to the same document', async () => {
    const plain = await rawGet(`${server.url}/api/v1/openapi.json`, {});
    const zipped = await rawGet(`${server.url}/api/v1/openapi.json`, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.match(String(zipped.headers.vary), /accept-encoding/i);
    assert.ok(zipped.body.length * 5 < plain.body.length, `${zipped.body.length} bytes against ${plain.body.length}`);
    assert.deepEqual(JSON.parse(gunzipSync(zipped.body).toString()), JSON.parse(plain.body.toString()));
    assert.notEqual(zipped.headers.etag, plain.headers.etag, 'each encoding has its own entity tag');
  });

  it('when GET /api/v1/openapi.json is asked without credentials, then the document on the wire is valid OpenAPI 3.0.3 and keeps every promise of the spec', async () => {
    const res = await call(server.url, 'getOpenApiContract');
    assert.equal(res.status, 200);
    const served = res.body as typeof OPENAPI;
    await SwaggerParser.validate(structuredClone(served) as never);
    assert.equal(served.openapi, '3.0.3');
    assert.equal(served.info.version, '1.0.0');
    // ../shared/spec/product-data-service.md, "Status codes declared per operation".
    const promised: Record<string, number[]> = {
      listProducts: [200, 400],
      getProduct: [200, 404],
      searchProducts: [200],
      compareProducts: [200, 400],
      register: [201, 400],
      login: [200, 401],
      listApiKeys: [200, 401],
      createApiKey: [201, 401],
      getOpenApiContract: [200],
    };
    const operations = Object.values(served.paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId: string; responses: object }>),
    );
    for (const [id, statuses] of Object.entries(promised)) {
      const op = operations.find((o) => o.operationId === id);
      assert.ok(op, `${id} is in the served document`);
      for (const status of statuses) assert.ok(String(status) in op.responses, `${id} declares ${status}`);
    }
  });

  it("when GET /api/v1/specs is asked without credentials, then every spec comes with its unit, source columns and pvlib's name where pvlib has one", async () => {
    const res = await call(server.url, 'listSpecs');
    assert.equal(res.status, 200);
    const glossary = new Map<string, any>(res.body.data.map((g: any) => [g.name, g]));
    assert.deepEqual([...glossary.keys()].sort(), Object.keys(SPECS).sort());
    // The seven names a pvlib user renames by hand before calcparams_cec, and two of an inverter's.
    const pvlib: Record<string, [string, string]> = {
      a_ref_v: ['CECMod', 'a_ref'],
      il_ref_a: ['CECMod', 'I_L_ref'],
      io_ref_a: ['CECMod', 'I_o_ref'],
      rs_ohm: ['CECMod', 'R_s'],
      rsh_ref_ohm: ['CECMod', 'R_sh_ref'],
      adjust_pct: ['CECMod', 'Adjust'],
      alpha_isc_a_per_k: ['CECMod', 'alpha_sc'],
      ac_power_w: ['CECInverter', 'Paco'],
      sandia_c0_per_w: ['CECInverter', 'C0'],
    };
    for (const [spec, [table, name]] of Object.entries(pvlib))
      assert.equal(glossary.get(spec).pvlib[table], name, spec);
    assert.deepEqual(glossary.get('hybrid').pvlib, {}, 'the 2024 column pvlib does not have');
    assert.deepEqual(
      glossary.get('gamma_pmp_pct_per_k').sources.map((s: any) => `${s.format}:${s.column}`),
      ['cec-modules:gamma_r', 'cec-modules-2022:gamma_r', 'cec-modules-2024:gamma_pmp'],
      'each edition names its column',
    );
    assert.equal(glossary.get('stc_power_w').unit, 'W');
    assert.deepEqual(glossary.get('refrigerant').categories, ['heat-pump']);
    // The document carries the same on each spec.
    const specs = (OPENAPI.components.schemas.Specs as any).properties;
    for (const [name, g] of glossary) {
      assert.deepEqual(specs[name]['x-pvlib-name'] ?? {}, g.pvlib, name);
      assert.deepEqual(specs[name]['x-source-columns'], g.sources, name);
    }
    const bad = await callUnchecked(server.url, 'listSpecs', { query: 'x=1' });
    assert.equal(bad.status, 400);
  });

  it('when the glossary and the document are read, then every spec has one short label, the same in both and never two specs alike', async () => {
    const [specs, doc] = [await call(server.url, 'listSpecs'), await call(server.url, 'getOpenApiContract')];
    const labels = new Map<string, string>(specs.body.data.map((g: any) => [g.name, g.label]));
    assert.equal(labels.get('stc_power_w'), 'STC power');
    assert.equal(labels.get('mppt_low_v'), 'MPPT low');
    for (const [name, label] of labels) {
      assert.ok(label.length > 0 && label.length <= 28, `${name}: a short label (${label})`);
      assert.equal(doc.body['x-spec-catalog'][name].label, label, `x-spec-catalog ${name}`);
      assert.equal(doc.body.components.schemas.Specs.properties[name].title, label, `Specs ${name}`);
    }
    assert.equal(new Set(labels.values()).size, labels.size, 'a chip or a row names one spec');
  });
});
