// One product on the complete real data set, through the contract: its values with provenance, its
// revisions, and the 404 of an unknown id.
import assert from 'node:assert/strict';
import { call } from '../helpers/contract';
import { qualityOf } from '../../src/catalog/quality';
import { readApi } from '../helpers/read-api';

describe('products: get one (complete CEC, Sandia and hplib data)', function () {
  const api = readApi(this);

  it('when one product is fetched, then every value comes with its source, revision and locator', async () => {
    const product = api.products.find((p) => p.category === 'inverter' && Object.keys(p.specs).length > 10)!;
    const res = await call(api.server.url, 'getProduct', { token: api.key, params: { id: product._id } });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.specs, product.specs);
    for (const field of [...Object.keys(product.specs), 'manufacturer', 'model']) {
      const p = res.body.provenance[field];
      assert.ok(p, `provenance for ${field}`);
      assert.ok(['cec-inverters', 'cec-inverters-2024', 'adr-inverters'].includes(p.source_id));
      assert.equal(p.revision, res.body.revision);
      assert.match(p.locator.file, /\.csv$/);
    }
    assert.equal(res.body.units.ac_power_w, 'W');
    assert.deepEqual(res.body.quality, qualityOf(product.category, product.specs));
    assert.match(res.body.notice, /not installation approval/);
  });

  it('when Ablytek 6MN6A280 is read, then it is at revision 2 from the 2022 edition (the first to print the refitted R_sh_ref; 2024 repeats it), and as of revision 1 it shows the 2019 value', async () => {
    const id = api.products.find((p) => p.key === 'pv-module|ablytek 6mn6a280')!._id;
    const now = await call(api.server.url, 'getProduct', { token: api.key, params: { id } });
    assert.deepEqual(
      [now.body.revision, now.body.specs.rsh_ref_ohm, now.body.provenance.rsh_ref_ohm.source_id],
      [2, 945.874, 'cec-modules-2022'],
    );
    assert.deepEqual(
      now.body.listing.editions.map((e: any) => e.edition),
      ['2019-03-05', '2022-11-16', '2024-11-14'],
    );
    const then = await call(api.server.url, 'getProduct', { token: api.key, params: { id }, query: { as_of: '1' } });
    assert.deepEqual([then.body.revision, then.body.specs.rsh_ref_ohm], [1, 945.868958]);
  });

  it('when an unknown product is fetched, then 404 problem naming it', async () => {
    const res = await call(api.server.url, 'getProduct', { token: api.key, params: { id: 'no-such-product' } });
    assert.equal(res.status, 404);
    assert.match(res.body.detail, /no-such-product/);
  });
});
