// Comparing products on the complete real data set, through the contract, and the 400s of its ids.
import assert from 'node:assert/strict';
import { call, callUnchecked } from '../helpers/contract';
import { readApi } from '../helpers/read-api';

describe('products: compare (complete CEC, Sandia and hplib data)', function () {
  const api = readApi(this);

  // Queries here include deliberately invalid ones (the raw query string form), hence unchecked.
  const list = (query: Record<string, any> | string) =>
    callUnchecked(api.server.url, 'listProducts', { token: api.key, query });

  it('when two real modules are compared, then each differing spec is listed with both values', async () => {
    const a = api.products.find((p) => p.model === 'TSM-320PD14')!;
    const b = api.products.find((p) => p.model === 'TSM-325PD14')!;
    const res = await call(api.server.url, 'compareProducts', { token: api.key, query: { ids: [a._id, b._id] } });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.data.map((d: any) => d.id),
      [a._id, b._id],
    );
    for (const row of res.body.comparison) {
      const values = [a.specs[row.spec] ?? null, b.specs[row.spec] ?? null];
      assert.deepEqual(row.values, values, row.spec);
      assert.equal(row.differs, JSON.stringify(values[0]) !== JSON.stringify(values[1]), row.spec);
    }
    const specs = new Set([...Object.keys(a.specs), ...Object.keys(b.specs)]);
    assert.equal(res.body.comparison.length, specs.size);
    assert.ok(
      res.body.comparison.some((r: any) => r.differs),
      'two different modules differ somewhere',
    );
  });

  const badCompare: [string, string, RegExp][] = [
    ['empty', '', /'ids'/],
    ['single', 'a', /fewer than 2 items/],
    ['duplicate', 'x,y,x', /same value twice/],
    ['with an empty entry', 'x,,y', /fewer than 1 character/],
    ['malformed', 'x,Not An Id', /must match pattern/],
    ['too many', Array.from({ length: 11 }, (_, i) => `p${i}`).join(','), /more than 10 items/],
  ];
  for (const [what, ids, message] of badCompare) {
    it(`when compare gets ${what} ids, then 400 problem naming ids`, async () => {
      const res = await callUnchecked(api.server.url, 'compareProducts', { token: api.key, query: { ids } });
      assert.equal(res.status, 400);
      assert.match(res.body.detail, message);
    });
  }

  it('when compare gets no ids, then 400 naming the parameter; when some ids name no product, then 400 (as the contract declares) listing them, and neither is charged', async () => {
    const balance = async () => Number((await list({ limit: 1 })).headers.get('x-quota-balance'));
    const before = await balance();
    const missing = await call(api.server.url, 'compareProducts', { token: api.key });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.errors[0].name, 'ids');
    const unknown = await call(api.server.url, 'compareProducts', {
      token: api.key,
      query: { ids: [api.products[0]._id, 'nope-1', 'nope-2'] },
    });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.type, '/problems/unknown-products');
    assert.deepEqual(unknown.body.unknown_ids, ['nope-1', 'nope-2']);
    assert.deepEqual(unknown.body.errors, [{ in: 'query', name: 'ids', message: 'names no product: nope-1, nope-2' }]);
    assert.equal(await balance(), before - 1, 'only the balance read itself was charged');
  });
});
