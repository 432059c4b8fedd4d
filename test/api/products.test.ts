// The read API on the complete real data set, through the contract.
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server';
import { fullCatalog } from '../helpers/full-catalog';
import { newDeveloper } from '../helpers/accounts';
import { call, callUnchecked } from '../helpers/contract';
import { rawGet } from '../helpers/http';
import { gunzipSync } from 'node:zlib';
import type { Catalog } from '../helpers/catalog';
import type { ProductDoc } from '../../src/catalog/product.types';
import type { CompanyDoc } from '../../src/catalog/company-records';
import SwaggerParser from '@apidevtools/swagger-parser';
import { OPENAPI } from '../../src/contract/openapi';
import { qualityOf } from '../../src/catalog/quality';
import { SPECS } from '../../src/catalog/spec-catalog';
import { compactModel } from '../../src/catalog/search-document';
import {
  buildQuerySet,
  KINDS,
  oneTypo,
  editDistance,
  rankOf,
  seeded,
  summarize,
  TARGETS,
  type Hit,
} from '../../bench/relevance/query-set';
import {
  buildPeopleSet,
  JUDGED_FIELDS,
  judgePeople,
  overall,
  PEOPLE_TARGETS,
  PEOPLE_TEMPLATES,
  productOf,
  type Product,
} from '../../bench/relevance/people';
import { createEsClient } from '../../src/adapters/elasticsearch/client';
import { IndexAdmin } from '../../src/adapters/elasticsearch/index-admin';
import type { SearchDocument } from '../../src/catalog/search-document';
import { ELASTICSEARCH_URL } from '../helpers/engines';

describe('product read API (complete CEC, Sandia and hplib data)', function () {
  this.timeout(300000);
  let catalog: Catalog;
  let server: TestServer;
  let key: string;
  let searchKey: string;
  const products: ProductDoc[] = [];

  before(async () => {
    catalog = await fullCatalog();
    server = await startServer({
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: catalog.alias,
      RATE_LIMIT_MAX: '100000',
      ACCOUNT_RATE_LIMIT_MAX: '100000',
      SIGNUP_CREDITS: '1000000',
    });
    const dev = await newDeveloper(server.url);
    key = (await dev.key(['products:read'])).secret;
    searchKey = (await dev.key(['search:read'])).secret;
    for await (const p of catalog.products.stream()) products.push(p);
    // In id order: the seed writes batches at once, so the stored order (and any sample drawn by
    // position) would change from one seed to the next.
    products.sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  });
  after(() => server?.stop());

  // Queries here include deliberately invalid ones (the raw query string form), hence unchecked.
  const list = (query: Record<string, any> | string) =>
    callUnchecked(server.url, 'listProducts', { token: key, query });

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
      assert.equal(res.body.meta.total, products.length);
      cursor = res.body.meta.next_cursor;
      pages += 1;
      if (cursor) assert.equal(res.body.data.length, 100, 'a page before the last is full');
    } while (cursor);
    assert.equal(seen.size, products.length);
    assert.ok(seen.size > 10000, 'the walk went past 10,000 results');
    assert.equal(pages, Math.ceil(products.length / 100));
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
    const expected = products.filter(
      (p) => p.category === 'pv-module' && (p.specs.stc_power_w as number) >= 400,
    ).length;
    assert.equal(first.body.meta.total, expected);
    const second = await list({ ...query, cursor: first.body.meta.next_cursor });
    const values = [...first.body.data, ...second.body.data].map((d: any) => d.specs.stc_power_w);
    assert.ok(
      values.every((v, i) => v >= 400 && (i === 0 || values[i - 1] >= v)),
      `not descending: ${values.slice(0, 10).join(', ')}`,
    );
    assert.deepEqual(Object.keys(first.body.data[0]).sort(), ['id', 'specs']);
    const inWatts = await list({ ...query, 'specs.stc_power_w[gte]': '400' });
    assert.deepEqual(inWatts.body.data, first.body.data, '0.4kW and 400 are the same bound');
  });

  it("when filtered by several manufacturers, case-insensitively, then exactly their companies' products come back, however each is spelled", async () => {
    // The companies as the seed recorded them: every spelling of each, and the brands a company made products for.
    const companies = await catalog.mongo.db.collection<CompanyDoc>('companies').find({}).toArray();
    const named = (name: string) => companies.find((c) => c.spellings.some((s) => s.spelling.toLowerCase() === name))!;
    const ids = new Set(['trina solar', 'sunpower'].map((n) => named(n)._id));
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
    assert.equal(res.body.meta.total, products.filter((p) => spellings.has(p.manufacturer)).length);
  });

  it('when filtered by quality=fail, then exactly the products whose values fail a consistency check come back, each saying which', async () => {
    const failing = products.filter((p) => qualityOf(p.category, p.specs).status === 'fail');
    assert.ok(failing.length > 0);
    const res = await list({ quality: 'fail', limit: 100, fields: 'id,quality' });
    assert.equal(res.body.meta.total, failing.length);
    for (const item of res.body.data)
      assert.deepEqual(
        item.quality.failed,
        qualityOf(products.find((p) => p._id === item.id)!.category, products.find((p) => p._id === item.id)!.specs)
          .failed,
      );
  });

  it('when one product is fetched, then every value comes with its source, revision and locator', async () => {
    const product = products.find((p) => p.category === 'inverter' && Object.keys(p.specs).length > 10)!;
    const res = await call(server.url, 'getProduct', { token: key, params: { id: product._id } });
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

  it('when models only the 2024 lists carry are searched exactly, then they lead', async () => {
    for (const q of ['MSE455HT2B', 'VSUN390-72M-BW', 'X1-P6K-US']) {
      const res = await call(server.url, 'searchProducts', { token: searchKey, query: { q, limit: 3 } });
      assert.equal(res.status, 200);
      assert.ok(res.body.data.length > 0, q);
      assert.ok(
        compactModel(res.body.data[0].model).includes(compactModel(q)),
        `${q}: ${JSON.stringify(res.body.data.map((d: any) => d.model))}`,
      );
      assert.deepEqual(res.body.data[0].listing, { in_latest_edition: true, last_edition: '2024-11-14' });
    }
    const onlyNew = products
      .filter((p) => p.listing.editions.every((e) => e.edition === '2024-11-14'))
      .filter((_, i) => i % 1000 === 3);
    assert.ok(onlyNew.length >= 10);
    for (const p of onlyNew) {
      const res = await call(server.url, 'searchProducts', {
        token: searchKey,
        query: { q: p.model, limit: 3, fields: ['id'] },
      });
      assert.ok(
        res.body.data.some((d: any) => d.id === p._id),
        `${p.model} (${p._id}) not in ${JSON.stringify(res.body.data)}`,
      );
    }
  });

  it('when the data is counted, then it holds 2019 and 2024 CEC products and the heat pumps, and in_latest_edition splits them as their listings say', async () => {
    assert.ok(products.length >= 40000, `${products.length} products`);
    const count = async (query: Record<string, unknown>) => (await list({ ...query, limit: 1 })).body.meta.total;
    assert.equal(await count({ category: 'heat-pump' }), products.filter((p) => p.category === 'heat-pump').length);
    assert.equal(await count({ category: 'heat-pump' }), 3225);
    assert.equal(
      await count({ in_latest_edition: 'true' }),
      products.filter((p) => p.listing.in_latest_edition).length,
    );
    assert.equal(
      await count({ in_latest_edition: 'false' }),
      products.filter((p) => !p.listing.in_latest_edition).length,
    );
    const renamed = products.filter((p) =>
      p.listing.editions.some((e) => e.match?.method === 'same-model-and-ratings'),
    );
    assert.ok(renamed.length > 0 && renamed.every((p) => p.current_revision === 2 && p.aliases.length >= 2));
  });

  it('when heat pumps are filtered by heating power and faceted, then bounds hold and the facets cover their own specs', async () => {
    const res = await list({
      category: 'heat-pump',
      'specs.heating_power_ref_w[gte]': '10kW',
      'specs.cop_ref[gte]': '2',
      limit: 100,
    });
    assert.equal(res.status, 200);
    const expected = products.filter(
      (p) =>
        p.category === 'heat-pump' &&
        (p.specs.heating_power_ref_w as number) >= 10000 &&
        (p.specs.cop_ref as number) >= 2,
    );
    assert.equal(res.body.meta.total, expected.length);
    const facets = (
      await call(server.url, 'searchProducts', {
        token: searchKey,
        query: { q: 'R290', category: ['heat-pump'], limit: 1 },
      })
    ).body.meta.facets;
    assert.ok(facets.specs.heating_power_ref_w.min > 0 && facets.specs.cop_ref.max > facets.specs.cop_ref.min);
  });

  it('when Ablytek 6MN6A280 is read, then it is at revision 2 from the 2024 edition, and as of revision 1 it shows the 2019 value', async () => {
    const id = products.find((p) => p.key === 'pv-module|ablytek 6mn6a280')!._id;
    const now = await call(server.url, 'getProduct', { token: key, params: { id } });
    assert.deepEqual(
      [now.body.revision, now.body.specs.rsh_ref_ohm, now.body.provenance.rsh_ref_ohm.source_id],
      [2, 945.874, 'cec-modules-2024'],
    );
    const then = await call(server.url, 'getProduct', { token: key, params: { id }, query: { as_of: '1' } });
    assert.deepEqual([then.body.revision, then.body.specs.rsh_ref_ohm], [1, 945.868958]);
  });

  it('when an unknown product is fetched, then 404 problem naming it', async () => {
    const res = await call(server.url, 'getProduct', { token: key, params: { id: 'no-such-product' } });
    assert.equal(res.status, 404);
    assert.match(res.body.detail, /no-such-product/);
  });

  it('when two real modules are compared, then each differing spec is listed with both values', async () => {
    const a = products.find((p) => p.model === 'TSM-320PD14')!;
    const b = products.find((p) => p.model === 'TSM-325PD14')!;
    const res = await call(server.url, 'compareProducts', { token: key, query: { ids: [a._id, b._id] } });
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
      const res = await callUnchecked(server.url, 'compareProducts', { token: key, query: { ids } });
      assert.equal(res.status, 400);
      assert.match(res.body.detail, message);
    });
  }

  it('when compare gets no ids, then 400 naming the parameter; when some ids name no product, then 400 (as the contract declares) listing them, and neither is charged', async () => {
    const balance = async () => Number((await list({ limit: 1 })).headers.get('x-quota-balance'));
    const before = await balance();
    const missing = await call(server.url, 'compareProducts', { token: key });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.errors[0].name, 'ids');
    const unknown = await call(server.url, 'compareProducts', {
      token: key,
      query: { ids: [products[0]._id, 'nope-1', 'nope-2'] },
    });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.type, '/problems/unknown-products');
    assert.deepEqual(unknown.body.unknown_ids, ['nope-1', 'nope-2']);
    assert.deepEqual(unknown.body.errors, [{ in: 'query', name: 'ids', message: 'names no product: nope-1, nope-2' }]);
    assert.equal(await balance(), before - 1, 'only the balance read itself was charged');
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
      const res = await call(server.url, 'listProducts', {
        token: key,
        query: { sort: [sort as any], limit: 3, fields: ['id'] },
      });
      assert.equal(res.status, 200, `sort=${sort}: ${res.text.slice(0, 200)}`);
    }
    for (const field of vocabulary('fields')) {
      const res = await call(server.url, 'listProducts', { token: key, query: { fields: [field as any], limit: 2 } });
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
    const withSpec = products.filter((p) => p.specs.cells_in_series !== undefined).length;
    assert.deepEqual([none.status, none.body.meta.total, all.status, all.body.meta.total], [200, 0, 200, withSpec]);
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

  it('when a real model string is searched, then that product is in the top 3, or among the products of exactly that model when more share it', async () => {
    const sample = products.filter((_, i) => i % 2000 === 7);
    for (const product of sample) {
      // Four inverters are model SWR2500U (two makers, two voltages): all are equally exact matches.
      const same = products.filter((p) => compactModel(p.model) === compactModel(product.model)).length;
      const res = await call(server.url, 'searchProducts', {
        token: searchKey,
        query: { q: product.model, limit: Math.max(3, same), fields: ['id'] },
      });
      assert.equal(res.status, 200);
      assert.ok(
        res.body.data.some((d: any) => d.id === product._id),
        `${product.model} (${product._id}) not in ${JSON.stringify(res.body.data)}`,
      );
    }
  });

  it('when searching part numbers the way people type them, then the right products lead', async () => {
    for (const [q, expected] of [
      ['SUN2000-5KTL', /^SUN2000-5KTL/],
      ['Q.PEAK DUO', /^Q\.PEAK DUO/],
      ['qpeak duo g5', /^Q\.PEAK DUO-G5/],
      ['TSM-320PD14', /^TSM-320PD14/],
    ] as const) {
      const res = await call(server.url, 'searchProducts', {
        token: searchKey,
        query: { q, limit: 3, fields: ['model'] },
      });
      assert.ok(res.body.data.length > 0, q);
      for (const d of res.body.data) assert.match(d.model, expected, q);
    }
  });

  it('when a model is typed with one character wrong, then it is found in the top 3, and a typo that names another real model finds that one first', async () => {
    const rnd = seeded(7);
    const sample = products.filter((p, i) => i % 1500 === 11 && compactModel(p.model).length >= 5);
    const models = new Set(products.map((p) => p.model));
    let found = 0;
    for (const product of sample) {
      const q = oneTypo(product.model, rnd);
      const res = await call(server.url, 'searchProducts', {
        token: searchKey,
        query: { q, limit: 3, fields: ['id', 'model'] },
      });
      const hits = res.body.data as { id: string; model: string }[];
      // A typo as near to other real models as to this one (`CNPV-20M`: one edit from CNPV-200M,
      // -205M and -250M alike) names none of them in particular: an answer of such models, each one
      // edit or less from the query, is as right as the target would be.
      const nearest = (m: string) => editDistance(compactModel(m), compactModel(q)) <= 1;
      if (hits.some((d) => d.id === product._id || d.model === product.model)) found += 1;
      else if (hits.length > 0 && hits.every((d) => nearest(d.model))) found += 1;
      if (models.has(q)) assert.equal(res.body.data[0].model, q, 'an exact model always ranks first');
    }
    assert.ok(sample.length >= 10 && found / sample.length >= 0.9, `${found} of ${sample.length} found`);
    const exactOther = await call(server.url, 'searchProducts', {
      token: searchKey,
      query: { q: 'TSM-295PA14', limit: 3, fields: ['model'] },
    });
    assert.equal(exactOther.body.data[0].model, 'TSM-295PA14');
  });

  it('when nothing matches, then 200 with an empty page and suggestions spelled as in the data, each of which finds products', async () => {
    const res = await call(server.url, 'searchProducts', {
      token: searchKey,
      query: { q: 'Q.PEAK DUX-G5', limit: 3, fields: ['model'] },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, []);
    assert.equal(res.body.meta.total, 0);
    assert.ok(res.body.meta.suggestions.length > 0, 'suggestions for a near miss');
    for (const q of res.body.meta.suggestions) {
      const retry = await call(server.url, 'searchProducts', {
        token: searchKey,
        query: { q, limit: 1, fields: ['model'] },
      });
      assert.ok(retry.body.meta.total > 0, `suggestion '${q}' finds products`);
    }
    const nonsense = await call(server.url, 'searchProducts', { token: searchKey, query: { q: 'zzqxv', limit: 3 } });
    assert.deepEqual(nonsense.body.meta.suggestions, []);
    const found = await call(server.url, 'searchProducts', {
      token: searchKey,
      query: { q: 'Q.PEAK DUO-G5', limit: 3 },
    });
    assert.equal(found.body.meta.suggestions, undefined, 'a search that finds something carries no suggestions');
  });

  it('when the relevance query set (40 real products per way of typing) is searched, then every stated target holds', async () => {
    const targets = products.map((p) => ({
      id: p._id,
      model: p.model,
      manufacturer: p.manufacturer,
      category: p.category,
      stc_power_w: p.specs.stc_power_w as number | undefined,
    }));
    const cases = buildQuerySet(targets, 40);
    const ranks: number[] = [];
    for (const c of cases) {
      const res = await call(server.url, 'searchProducts', {
        token: searchKey,
        query: { q: c.q, limit: 10, fields: ['id', 'model', 'manufacturer', 'category', 'specs.stc_power_w'] },
      });
      ranks.push(rankOf(c, res.body.data as Hit[]));
    }
    const report = summarize(cases, ranks);
    assert.equal(report.length, KINDS.length, 'every kind was measured');
    for (const r of report) {
      const t = TARGETS[r.kind];
      if (!t) continue;
      const reached = { 1: r.at1, 3: r.at3, 10: r.at10 }[t.at];
      assert.ok(
        reached >= t.min,
        `${r.kind}: ${(reached * 100).toFixed(1)}% @${t.at}, target ${t.min * 100}%; missed ${r.misses.join('; ')}`,
      );
    }
  });

  describe("people's queries: words and quantities", () => {
    const catalogProducts: Product[] = [];
    before(async () => {
      const es = createEsClient(ELASTICSEARCH_URL, 120000);
      try {
        for await (const d of new IndexAdmin(es, catalog.alias).documents<SearchDocument>())
          catalogProducts.push(productOf(d));
      } finally {
        await es.close();
      }
    });
    const search = (query: Record<string, string | number | string[]>) =>
      call(server.url, 'searchProducts', { token: searchKey, query });

    it('when 8 queries per template are searched, then a wanted product is in the top 3 for 95%, precision@10 is 90% and none is empty', async () => {
      const cases = buildPeopleSet(catalogProducts, 8);
      const answers = [];
      for (const c of cases) {
        const res = await search({ q: c.q, limit: 10, fields: [...JUDGED_FIELDS] });
        answers.push({ hits: res.body.data as Product[], total: res.body.meta.total as number });
      }
      const reports = judgePeople(cases, answers, catalogProducts);
      assert.deepEqual(
        reports.map((r) => r.template),
        PEOPLE_TEMPLATES,
        'every template was drawn',
      );
      const all = overall(reports);
      const detail = reports.map(
        (r) => `${r.template}: @3 ${r.at3}, p@10 ${r.precision10.toFixed(2)}, empty ${r.empty}; ${r.misses.join('; ')}`,
      );
      assert.ok(all.at3 >= PEOPLE_TARGETS.at3, `@3 ${all.at3}\n${detail.join('\n')}`);
      assert.ok(all.precision10 >= PEOPLE_TARGETS.precision10, `p@10 ${all.precision10}\n${detail.join('\n')}`);
      assert.equal(all.empty, PEOPLE_TARGETS.empty, detail.join('\n'));
    });

    it('when the parts of an interpretation are sent back as ordinary parameters, then they select the same products', async () => {
      const read = await search({ q: 'Trina bifacial 550W module', limit: 100, fields: ['id'] });
      const interpretation = read.body.meta.interpretation;
      assert.deepEqual(
        interpretation.parts.map((p: any) => p.kind),
        ['manufacturer', 'attribute', 'quantity', 'category'],
      );
      assert.equal(interpretation.text, '');
      assert.deepEqual(interpretation.relaxed, []);
      assert.match(interpretation.summary, /^bifacial PV modules by .*Trina Solar.*, 550 W ± 2%$/);
      const parameters = Object.assign({}, ...interpretation.parts.map((p: any) => p.parameters));
      const listed = await call(server.url, 'listProducts', {
        token: key,
        query: { ...parameters, limit: 100, fields: ['id'] },
      });
      assert.ok(read.body.meta.total > 0);
      assert.equal(listed.body.meta.total, read.body.meta.total);
      assert.deepEqual(new Set(listed.body.data.map((d: any) => d.id)), new Set(read.body.data.map((d: any) => d.id)));
      // Without one part (the power), the rest select more products, every one of them still bifacial.
      const { 'specs.stc_power_w[gte]': _lo, 'specs.stc_power_w[lte]': _hi, ...withoutPower } = parameters;
      const wider = await call(server.url, 'listProducts', {
        token: key,
        query: { ...withoutPower, limit: 100, fields: ['specs.bifacial'] },
      });
      assert.ok(wider.body.meta.total > listed.body.meta.total);
      assert.ok(wider.body.data.every((d: any) => d.specs.bifacial === true));
    });

    it('when a comparison or a range is typed, then every product meets its bounds as typed, the same the parameters select', async () => {
      for (const [q, spec, meets] of [
        ['modules over 400W', 'stc_power_w', (w: number) => w > 400],
        ['inverter between 5 and 8 kW', 'ac_power_w', (w: number) => w >= 5000 && w <= 8000],
        ['inverter under 3kW', 'ac_power_w', (w: number) => w < 3000],
        ['inverter 3kW or less', 'ac_power_w', (w: number) => w <= 3000],
      ] as const) {
        const read = await search({ q, limit: 100, fields: ['id', `specs.${spec}`] });
        assert.equal(read.status, 200, q);
        const interpretation = read.body.meta.interpretation;
        assert.equal(interpretation.text, '', q);
        assert.deepEqual(interpretation.relaxed, [], q);
        const range = interpretation.parts.find((p: any) => p.kind === 'range');
        assert.equal(range.spec, spec, q);
        assert.ok(read.body.meta.total > 0, q);
        assert.ok(
          read.body.data.every((d: any) => meets(d.specs[spec])),
          `${q}: ${read.body.data.map((d: any) => d.specs[spec]).join(', ')}`,
        );
        const parameters = Object.assign({}, ...interpretation.parts.map((p: any) => p.parameters));
        const listed = await call(server.url, 'listProducts', { token: key, query: { ...parameters, limit: 1 } });
        assert.equal(listed.body.meta.total, read.body.meta.total, q);
      }
    });

    it('when a derived efficiency is compared or ranked by, then answers meet it, most efficient first, and cheapest says there are no prices', async () => {
      const above = await search({
        q: 'module efficiency above 22%',
        limit: 50,
        fields: ['specs.module_efficiency_pct'],
      });
      assert.ok(above.body.meta.total > 0);
      assert.ok(above.body.data.every((d: any) => d.specs.module_efficiency_pct > 22));
      const best = await search({
        q: 'most efficient 400W module',
        limit: 20,
        fields: ['category', 'specs.stc_power_w', 'specs.module_efficiency_pct'],
      });
      const ranking = best.body.meta.interpretation.parts.find((p: any) => p.kind === 'ranking');
      assert.deepEqual(ranking.parameters, { sort: ['-specs.module_efficiency_pct'] });
      const effs = best.body.data.map((d: any) => d.specs.module_efficiency_pct as number);
      assert.ok(effs.length > 1);
      assert.ok(
        best.body.data.every((d: any) => d.category === 'pv-module' && Math.abs(d.specs.stc_power_w - 400) <= 8),
        'only 400 W modules',
      );
      assert.deepEqual(
        effs,
        [...effs].sort((a, b) => b - a),
        'most efficient first',
      );
      const strongest = await search({ q: 'highest power inverter', limit: 5, fields: ['specs.ac_power_w'] });
      const powers = strongest.body.data.map((d: any) => d.specs.ac_power_w as number);
      assert.deepEqual(
        powers,
        [...powers].sort((a, b) => b - a),
      );
      const cheapest = await search({ q: 'cheapest inverter', limit: 1 });
      assert.match(cheapest.body.meta.interpretation.parts.find((p: any) => p.kind === 'ranking').label, /no prices/);
      const impossible = await search({ q: 'module efficiency above 400%' });
      assert.equal(impossible.status, 400);
    });

    it('when a product line is named, then its models come first: Sunny Boy 7.7 is the SB7.7, IQ8+ the IQ8PLUS', async () => {
      const boy = await search({ q: 'SMA Sunny Boy 7.7', limit: 3, fields: ['model'] });
      assert.ok(
        boy.body.data.some((d: any) => d.model === 'SB7.7-1SP-US-40'),
        boy.body.data.map((d: any) => d.model).join(', '),
      );
      assert.ok(boy.body.data.every((d: any) => d.model.startsWith('SB')));
      // The IQ8+ first; the words as typed may add other IQ8 models below them.
      const plus = await search({ q: 'Enphase IQ8+', limit: 10, fields: ['model'] });
      const models: string[] = plus.body.data.map((d: any) => d.model);
      const lines = models.filter((m) => m.startsWith('IQ8PLUS'));
      assert.ok(lines.length > 0);
      assert.deepEqual(models.slice(0, lines.length), lines, models.join(', '));
    });

    it('when an attribute or a company is excluded, then no answer has it, whichever reading matched', async () => {
      const mono = await search({ q: 'non-bifacial 400W module', limit: 50, fields: ['specs.bifacial'] });
      assert.ok(mono.body.meta.total > 0);
      assert.ok(mono.body.data.every((d: any) => d.specs.bifacial !== true));
      const others = await search({ q: 'hybrid inverter without SMA', limit: 50, fields: ['company', 'specs.hybrid'] });
      assert.ok(others.body.meta.total > 0);
      assert.ok(others.body.data.every((d: any) => !d.company.id.startsWith('sma-') && d.specs.hybrid === true));
    });

    it('when a comparison no product can meet is typed, then 400 says why, and an odd word is only text', async () => {
      const refused = await search({ q: 'inverter under -5 W' });
      assert.equal(refused.status, 400);
      assert.equal(refused.body.type, '/problems/validation-failed');
      assert.match(refused.body.detail, /under -5 W.*no product has/);
      for (const q of ['5 constructor', '7 __proto__', 'constructor', 'between 9 and 3 kW', 'over -5 W']) {
        const res = await search({ q, limit: 1 });
        assert.equal(res.status, 200, q);
        for (const part of res.body.meta.interpretation.parts) assert.ok(part.label, q);
      }
    });

    it('when a quantity is typed, then products within its tolerance come first, the nearest before the others', async () => {
      const res = await search({
        q: '5kW inverter 208V',
        limit: 20,
        fields: ['specs.ac_power_w', 'specs.nominal_ac_voltage_v'],
      });
      const powers = res.body.data.map((d: any) => d.specs.ac_power_w as number);
      assert.ok(powers.length > 0);
      assert.ok(
        powers.every((w: number) => Math.abs(w - 5000) <= 100),
        powers.join(', '),
      );
      assert.ok(res.body.data.every((d: any) => d.specs.nominal_ac_voltage_v === 208));
      const distances = powers.map((w: number) => Math.abs(w - 5000));
      assert.deepEqual(
        distances,
        [...distances].sort((a, b) => a - b),
        'nearest first',
      );
    });

    it('when no product satisfies every part, then the answer is loosened, not empty, and says so', async () => {
      // The lists hold Jinko modules up to about 400 W, none of 900 W.
      const res = await search({ q: 'Jinko 900', limit: 5, fields: ['company', 'specs.stc_power_w'] });
      assert.ok(res.body.meta.total > 0);
      assert.deepEqual(res.body.meta.interpretation.relaxed, ['quantities']);
      const powers = res.body.data.map((d: any) => d.specs.stc_power_w as number);
      assert.ok(res.body.data.every((d: any) => d.company.id === 'jinko-solar'));
      assert.deepEqual(
        powers,
        [...powers].sort((a, b) => b - a),
        'nearest to 900 W first',
      );
    });

    it('when a model number or an unknown word is searched, then nothing is read into it', async () => {
      for (const q of ['SUN2000-5KTL-USL0', 'zzqxv']) {
        const res = await search({ q, limit: 3 });
        assert.deepEqual(res.body.meta.interpretation.parts, [], q);
        assert.equal(res.body.meta.interpretation.text, q);
      }
      const bad = await callUnchecked(server.url, 'searchProducts', {
        token: searchKey,
        query: 'q=module&specs.bifacial=maybe',
      });
      assert.equal(bad.status, 400);
      assert.match(bad.body.detail, /specs\.bifacial/);
    });
  });

  it('when a search result is narrowed by a facet, then the total is what the facet counted', async () => {
    const first = await call(server.url, 'searchProducts', { token: searchKey, query: { q: 'solar', limit: 1 } });
    const { manufacturer, category } = first.body.meta.facets;
    for (const facet of [manufacturer[0], manufacturer[3]]) {
      const narrowed = await call(server.url, 'searchProducts', {
        token: searchKey,
        query: { q: 'solar', manufacturer: facet.value, limit: 1 },
      });
      assert.equal(narrowed.body.meta.total, facet.count, facet.value);
    }
    const byCategory = await call(server.url, 'searchProducts', {
      token: searchKey,
      query: { q: 'solar', category: category[0].value, limit: 1 },
    });
    assert.equal(byCategory.body.meta.total, category[0].count);
    const stats = byCategory.body.meta.facets.specs ?? {};
    assert.ok(
      Object.keys(stats).length >= 5,
      `one category selected: min/max per numeric spec (${Object.keys(stats).join(', ')})`,
    );
    for (const [spec, s] of Object.entries<{ min: number; max: number; count: number }>(stats)) {
      assert.ok(s.count > 0 && s.min <= s.max, `${spec}: ${JSON.stringify(s)}`);
    }
  });

  it('when one category is selected, then the spec ranges are those of the whole category, whatever the words narrow', async () => {
    const search = (q: string) =>
      call(server.url, 'searchProducts', { token: searchKey, query: { q, category: ['pv-module'], limit: 1 } });
    const [mono, bifacial] = [await search('mono'), await search('bifacial')];
    assert.notEqual(mono.body.meta.total, bifacial.body.meta.total, 'the words select different products');
    const ranges = mono.body.meta.facets.specs;
    assert.deepEqual(bifacial.body.meta.facets.specs, ranges);
    // The ends and counts are the category's own, read from its products.
    const modules = products.filter((p) => p.category === 'pv-module');
    const powers = modules.map((p) => p.specs.stc_power_w).filter((w): w is number => typeof w === 'number');
    assert.deepEqual(ranges.stc_power_w, {
      min: Math.min(...powers),
      max: Math.max(...powers),
      count: powers.length,
    });
  });

  it('when a later page of a search is asked, then it carries no facets and does not repeat the first', async () => {
    const first = await call(server.url, 'searchProducts', {
      token: searchKey,
      query: { q: 'trina', limit: 20, fields: ['id'] },
    });
    const second = await call(server.url, 'searchProducts', {
      token: searchKey,
      query: { q: 'trina', limit: 20, fields: ['id'], cursor: first.body.meta.next_cursor },
    });
    assert.equal(second.body.meta.facets, undefined);
    const ids = new Set(first.body.data.map((d: any) => d.id));
    assert.ok(second.body.data.every((d: any) => !ids.has(d.id)));
  });
});

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
      ['cec-modules:gamma_r', 'cec-modules-2024:gamma_pmp'],
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
});
