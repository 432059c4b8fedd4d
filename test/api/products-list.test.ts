// Listing products on the complete real data set, through the contract: paging, sorting, filters,
// counts and facets, and the 400s of its parameters and cursors.
import assert from 'node:assert/strict';
import { call, callUnchecked } from '../helpers/contract';
import type { CompanyDoc } from '../../src/catalog/company-records';
import { OPENAPI } from '../../src/contract/openapi';
import { qualityOf } from '../../src/catalog/quality';
import { readApi } from '../helpers/read-api';
import { counted, countedAs } from '../helpers/totals';

describe('products: list, filters and paging (complete CEC, Sandia and hplib data)', function () {
  const api = readApi(this);

  // Queries here include deliberately invalid ones (the raw query string form), hence unchecked.
  const list = (query: Record<string, any> | string) =>
    callUnchecked(api.server.url, 'listProducts', { token: api.key, query });

  it('when every page of /products?limit=100 is walked, then each product comes exactly once, as many as MongoDB holds', async () => {
    const seen = new Set<string>();
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await list({ limit: 100, ...(cursor ? { cursor } : {}) });
      assert.equal(res.status, 200, res.text);
      for (const item of res.body.data) {
        assert.ok(!seen.has(item.id), `${item.id} repeated on page ${pages}`);
        seen.add(item.id);
      }
      assert.deepEqual(counted(res.body.meta), countedAs(api.products.length));
      cursor = res.body.meta.next_cursor;
      pages += 1;
      if (cursor) assert.equal(res.body.data.length, 100, 'a page before the last is full');
    } while (cursor);
    assert.equal(seen.size, api.products.length);
    assert.ok(seen.size > 10000, 'the walk went past 10,000 results');
    assert.equal(pages, Math.ceil(api.products.length / 100));
  });

  it('when sorted by a numeric spec descending with a unit-bearing range, then order and bounds hold across pages', async () => {
    const query = {
      category: 'pv-module',
      'specs.stc_power_w[gte]': '0.4kW',
      sort: '-specs.stc_power_w',
      fields: 'id,specs.stc_power_w',
      limit: 50,
    };
    const first = await list(query);
    const expected = api.products.filter(
      (p) => p.category === 'pv-module' && (p.specs.stc_power_w as number) >= 400,
    ).length;
    assert.deepEqual(counted(first.body.meta), countedAs(expected));
    const second = await list({ ...query, cursor: first.body.meta.next_cursor });
    const values = [...first.body.data, ...second.body.data].map((d: any) => d.specs.stc_power_w);
    assert.ok(
      values.every((v, i) => v >= 400 && (i === 0 || values[i - 1] >= v)),
      `not descending: ${values.slice(0, 10).join(', ')}`,
    );
    // A page ordered by a spec says, per hit, what it was ranked on (rank_basis), beside the fields asked.
    assert.deepEqual(Object.keys(first.body.data[0]).sort(), ['id', 'rank_basis', 'specs']);
    const inWatts = await list({ ...query, 'specs.stc_power_w[gte]': '400' });
    assert.deepEqual(inWatts.body.data, first.body.data, '0.4kW and 400 are the same bound');
  });

  it("when filtered by several manufacturers, case-insensitively, then exactly their companies' products come back, however each is spelled", async () => {
    // The companies as the seed recorded them: every spelling of each, and the brands a company made products for.
    const companies = await api.catalog.mongo.db.collection<CompanyDoc>('companies').find({}).toArray();
    const named = (name: string) => companies.find((c) => c.spellings.some((s) => s.spelling.toLowerCase() === name))!;
    // A name that is also its group's name (Trina Solar) means the whole group, as docs/api.md says.
    const meant = (name: string) => {
      const company = named(name);
      const group = company.group?.name.toLowerCase() === name ? company.group : undefined;
      return group ? group.members.map((m) => m.id) : [company._id];
    };
    const ids = new Set(['trina solar', 'sunpower'].flatMap(meant));
    const spellings = new Set(
      companies.flatMap((c) =>
        c.spellings
          .filter(
            (s) =>
              ids.has(c._id) ||
              c.related.some(
                (r) =>
                  r.relation === 'made-by' && ids.has(r.company ?? '') && r.evidence.includes(`- ${s.originalMaker})`),
              ),
          )
          .map((s) => s.spelling),
      ),
    );
    assert.ok(spellings.size > 2, [...spellings].join(', '));
    const res = await list({ manufacturer: ['Trina Solar', 'SUNPOWER'], limit: 1 });
    assert.deepEqual(
      counted(res.body.meta),
      countedAs(api.products.filter((p) => spellings.has(p.manufacturer)).length),
    );
  });

  it('when filtered by quality=fail, then exactly the products whose values fail a consistency check come back, each saying which', async () => {
    const failing = api.products.filter((p) => qualityOf(p.category, p.specs).status === 'fail');
    assert.ok(failing.length > 0);
    const res = await list({ quality: 'fail', limit: 100, fields: 'id,quality' });
    assert.deepEqual(counted(res.body.meta), countedAs(failing.length));
    for (const item of res.body.data)
      assert.deepEqual(
        item.quality.failed,
        qualityOf(
          api.products.find((p) => p._id === item.id)!.category,
          api.products.find((p) => p._id === item.id)!.specs,
        ).failed,
      );
  });

  it('when the data is counted, then it holds 2019 and 2024 CEC products and the heat pumps, and in_latest_edition splits them as their listings say', async () => {
    assert.ok(api.products.length >= 40000, `${api.products.length} products`);
    const count = async (query: Record<string, unknown>) => counted((await list({ ...query, limit: 1 })).body.meta);
    const heatPumps = api.products.filter((p) => p.category === 'heat-pump').length;
    assert.deepEqual(await count({ category: 'heat-pump' }), countedAs(heatPumps));
    assert.equal(heatPumps, 3225);
    assert.deepEqual(
      await count({ in_latest_edition: 'true' }),
      countedAs(api.products.filter((p) => p.listing.in_latest_edition).length),
    );
    assert.deepEqual(
      await count({ in_latest_edition: 'false' }),
      countedAs(api.products.filter((p) => !p.listing.in_latest_edition).length),
    );
    const renamed = api.products.filter((p) =>
      p.listing.editions.some((e) => e.match?.method === 'same-model-and-ratings'),
    );
    assert.ok(renamed.length > 0 && renamed.every((p) => p.current_revision >= 2 && p.aliases.length >= 2));
  });

  it('when heat pumps are filtered by heating power and faceted, then bounds hold and the facets cover their own specs', async () => {
    const res = await list({
      category: 'heat-pump',
      'specs.heating_power_ref_w[gte]': '10kW',
      'specs.cop_ref[gte]': '2',
      limit: 100,
    });
    assert.equal(res.status, 200);
    const expected = api.products.filter(
      (p) =>
        p.category === 'heat-pump' &&
        (p.specs.heating_power_ref_w as number) >= 10000 &&
        (p.specs.cop_ref as number) >= 2,
    );
    assert.deepEqual(counted(res.body.meta), countedAs(expected.length));
    const facets = (
      await call(api.server.url, 'searchProducts', {
        token: api.searchKey,
        query: { q: 'R290', category: ['heat-pump'], limit: 1 },
      })
    ).body.meta.facets;
    assert.ok(facets.specs.heating_power_ref_w.min > 0 && facets.specs.cop_ref.max > facets.specs.cop_ref.min);
  });

  for (const limit of ['0', '101', '-1', '1.5', 'abc']) {
    it(`when limit is ${limit}, then 400 problem naming limit`, async () => {
      const res = await list({ limit });
      assert.equal(res.status, 400);
      assert.deepEqual(
        res.body.errors.map((e: any) => e.name),
        ['limit'],
      );
    });
  }

  it('when every sort value, field and range parameter the document lists is sent, then each is accepted, a projection returns just that field and a unit converts', async () => {
    const listDoc = (OPENAPI.paths['/api/v1/products'].get as unknown as { parameters: any[] }).parameters;
    const vocabulary = (name: string) => listDoc.find((p) => p.name === name).schema.items.enum as string[];
    for (const sort of vocabulary('sort')) {
      const res = await call(api.server.url, 'listProducts', {
        token: api.key,
        query: { sort: [sort as any], limit: 3, fields: ['id'] },
      });
      assert.equal(res.status, 200, `sort=${sort}: ${res.text.slice(0, 200)}`);
    }
    for (const field of vocabulary('fields')) {
      const res = await call(api.server.url, 'listProducts', {
        token: api.key,
        query: { fields: [field as any], limit: 2 },
      });
      assert.equal(res.status, 200, `fields=${field}`);
      const top = field.split('.')[0];
      for (const item of res.body.data)
        assert.deepEqual(
          Object.keys(item).filter((k) => k !== 'id' && k !== top),
          [],
          `fields=${field} returns only id and ${top}`,
        );
    }
    const ranges = listDoc.filter((p) => /\[(gte|gt|lte|lt)\]$/.test(p.name));
    assert.ok(ranges.length >= 160, `${ranges.length} range parameters`);
    for (const p of ranges) {
      const res = await list({ [p.name]: '0', limit: 1 });
      assert.equal(res.status, 200, `${p.name}=0: ${res.text.slice(0, 200)}`);
    }
    // Bounds far outside what an integer spec is indexed as (found by schemathesis: once a 500).
    const none = await list({ 'specs.cells_in_series[lte]': '-421706E+90', limit: 1 });
    const all = await list({ 'specs.cells_in_series[lt]': '1e99', limit: 1 });
    const withSpec = api.products.filter((p) => p.specs.cells_in_series !== undefined).length;
    assert.deepEqual(
      [none.status, counted(none.body.meta), all.status, counted(all.body.meta)],
      [200, countedAs(0), 200, countedAs(withSpec)],
    );
    // A unit in any case, after one space, converts: 0.4 kW is 400 W.
    const inKw = await list({
      'specs.stc_power_w[gte]': '0.4 KW',
      category: 'pv-module',
      sort: 'specs.stc_power_w',
      limit: 1,
      fields: 'id,specs.stc_power_w',
    });
    assert.equal(inKw.status, 200);
    assert.ok(inKw.body.data[0].specs.stc_power_w >= 400, JSON.stringify(inKw.body.data[0]));
  });

  it('when sort, fields, a range or a parameter is unknown, then 400 names it', async () => {
    for (const [query, name] of [
      [{ sort: 'price' }, 'sort'],
      [{ fields: 'id,colour' }, 'fields'],
      [{ 'specs.colour[gte]': '1' }, 'specs.colour[gte]'],
      [{ 'specs.stc_power_w[gte]': '400 volts' }, 'specs.stc_power_w[gte]'],
      [{ colour: 'red' }, 'colour'],
      [{ category: 'battery' }, 'category'],
    ] as const) {
      const res = await list(query);
      assert.equal(res.status, 400, JSON.stringify(query));
      assert.equal(res.body.errors[0].name, name);
    }
  });

  it('when a query string has broken percent-encoding, then the broken value is taken literally: a bad limit is a 400 naming it, an odd q is just text', async () => {
    const badLimit = await list('limit=%E0%A4%A');
    assert.equal(badLimit.status, 400);
    assert.deepEqual(
      badLimit.body.errors.map((e: any) => e.name),
      ['limit'],
    );
    const oddText = await list('q=%ZZ&limit=1');
    assert.equal(oddText.status, 200);
  });

  it('when a cursor is altered, forged, or reused with other filters, then 400 invalid-cursor', async () => {
    const first = await list({ limit: 5, category: 'inverter' });
    const cursor: string = first.body.meta.next_cursor;
    const [body, mac] = cursor.split('.');
    const altered = `${body.slice(0, -2)}${body.slice(-2) === 'AA' ? 'AB' : 'AA'}.${mac}`;
    const forged = `${Buffer.from(JSON.stringify({ v: 1, q: 'x', a: [] })).toString('base64url')}.${mac}`;
    for (const [query, why] of [
      [{ limit: 5, category: 'inverter', cursor: altered }, /altered/],
      [{ limit: 5, category: 'inverter', cursor: forged }, /altered/],
      [{ limit: 5, category: 'pv-module', cursor }, /another query/],
    ] as const) {
      const res = await list(query);
      assert.equal(res.status, 400);
      assert.equal(res.body.type, '/problems/invalid-cursor');
      assert.match(res.body.detail, why);
    }
    const malformed = await list({ limit: 5, cursor: 'not-a-cursor' });
    assert.equal(malformed.status, 400);
    assert.deepEqual(
      malformed.body.errors.map((e: any) => e.name),
      ['cursor'],
      'not of the form the document gives',
    );
    const sameQueryOtherLimit = await list({ limit: 7, category: 'inverter', cursor });
    assert.equal(sameQueryOtherLimit.status, 200, 'the page size may change between pages');
  });
});
