// Alternatives (GET /api/v1/products/{id}/similar) on the seed fixture: substitutes of the same
// category, scored as the document's x-substitution says, listed ones first, each difference the
// true one; an unknown id is a 404, bad input a 400 that costs nothing, a key without the scope a 403.
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';
import { call, callUnchecked } from '../helpers/contract';
import { PRIMARY_BAND, SUBSTITUTION } from '../../src/catalog/substitution';
import type { Category } from '../../src/catalog/spec-catalog';

type Specs = Record<string, number | string | boolean | undefined>;

/** The score the document promises: each near spec 0.5^((d/(within·|value|))²)·weight, each shared text its weight. */
function expectedScore(category: Category, product: Specs, substitute: Specs): number {
  const rules = SUBSTITUTION[category];
  let score = 0;
  for (const n of rules.near) {
    const a = product[n.spec];
    const b = substitute[n.spec];
    if (typeof a !== 'number' || typeof b !== 'number') continue;
    score += n.weight * 0.5 ** (((b - a) / (Math.abs(a) * n.within)) ** 2);
  }
  for (const s of rules.same) {
    const a = product[s.spec];
    const b = substitute[s.spec];
    if (typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase()) score += s.weight;
  }
  return score;
}

describe('alternatives: GET /api/v1/products/{id}/similar', function () {
  this.timeout(180000);
  let catalog: Catalog;
  let server: TestServer;
  let key: string;
  let searchOnly: string;

  before(async () => {
    catalog = await openCatalog();
    await catalog.seed(writeSources());
    server = await startServer({ MONGODB_URI: catalog.mongoUri, ELASTICSEARCH_INDEX: catalog.alias });
    const dev = await newDeveloper(server.url);
    key = (await dev.key(['products:read'])).secret;
    searchOnly = (await dev.key(['search:read'])).secret;
  });
  after(async () => {
    await server?.stop();
    await catalog?.drop();
  });

  const productsOf = async (category: Category) => {
    const res = await call(server.url, 'listProducts', { token: key, query: { category: [category], limit: 100 } });
    assert.equal(res.status, 200, res.text);
    return res.body.data as { id: string; specs: Specs; listing: { in_latest_edition: boolean } }[];
  };

  for (const category of ['pv-module', 'inverter', 'heat-pump', 'home-battery', 'ev-charger'] as const) {
    it(`when a ${category}'s alternatives are asked, then each is another ${category}, listed ones first, scored and explained as documented`, async () => {
      const all = await productsOf(category);
      // One the newest lists no longer carry: its nearest are mostly unlisted too, so listed-first shows.
      // (Heat pumps come from one edition, all listed.)
      const candidates = all.filter((p) => typeof p.specs[SUBSTITUTION[category].near[0].spec] === 'number');
      const product = candidates.find((p) => !p.listing.in_latest_edition) ?? candidates[0];
      assert.ok(product, `the fixture has a ${category} with its primary spec`);
      const res = await call(server.url, 'listSimilarProducts', {
        token: key,
        params: { id: product.id },
        query: { limit: 10 },
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.headers.get('x-quota-cost'), '1', 'charged like getProduct');
      const data = res.body.data as {
        id: string;
        category: string;
        specs: Specs;
        listing: { in_latest_edition: boolean };
        score: number;
        differences: {
          spec: string;
          product: number | string | null;
          substitute: number | string | null;
          delta?: number;
        }[];
        same: string[];
        explanation: string;
      }[];
      assert.ok(data.length > 0 && data.length <= 10, `between 1 and 10 substitutes, got ${data.length}`);
      assert.equal(res.body.meta.product.id, product.id);
      const listed = data.map((s) => s.listing.in_latest_edition);
      assert.deepEqual(
        listed,
        [...listed].sort((a, b) => Number(b) - Number(a)),
        'current listings first',
      );
      // The fixture's unlisted module's nearest are its unlisted siblings, yet listed ones (Ablytek, Jinko,
      // Qcells) lie within its power window: they come first.
      if (category === 'pv-module') assert.equal(listed[0], true, 'a listed substitute first');
      for (const [i, s] of data.entries()) {
        assert.equal(s.category, category);
        assert.notEqual(s.id, product.id, 'never the product itself');
        const primary = SUBSTITUTION[category].near[0].spec;
        const [mine, theirs] = [product.specs[primary] as number, s.specs[primary] as number];
        assert.ok(
          Math.abs(theirs - mine) <= PRIMARY_BAND * mine + 1e-9,
          `${s.id}: ${primary} ${theirs} lies within ±${PRIMARY_BAND * 100}% of ${mine}`,
        );
        const specs = s.specs;
        assert.ok(
          Math.abs(s.score - expectedScore(category, product.specs, specs)) < 1e-3,
          `${s.id}: score ${s.score}, documented rule gives ${expectedScore(category, product.specs, specs)}`,
        );
        if (i > 0 && listed[i] === listed[i - 1]) assert.ok(s.score <= data[i - 1].score, 'nearest first');
        for (const d of s.differences) {
          assert.equal(d.product ?? null, product.specs[d.spec] ?? null, `${s.id} ${d.spec}: the product's value`);
          assert.equal(d.substitute ?? null, specs[d.spec] ?? null, `${s.id} ${d.spec}: the substitute's value`);
          if (typeof d.product === 'number' && typeof d.substitute === 'number') {
            assert.ok(Math.abs(d.delta! - (d.substitute - d.product)) < 1e-6, `${s.id} ${d.spec} delta`);
            assert.match(s.explanation, new RegExp(`${d.spec}: `), `${s.id}: the explanation names ${d.spec}`);
          }
        }
        for (const spec of s.same) assert.ok(!s.differences.some((d) => d.spec === spec), `${spec} is not both`);
      }
    });
  }

  it('when no limit is given, then at most the default 5 come', async () => {
    const [product] = await productsOf('pv-module');
    const res = await call(server.url, 'listSimilarProducts', { token: key, params: { id: product.id } });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.length, 5);
  });

  it('when the id names no product, then 404 not-found as problem+json', async () => {
    const res = await call(server.url, 'listSimilarProducts', { token: key, params: { id: 'no-such-product-42' } });
    assert.equal(res.status, 404);
    assert.match(res.body.type, /\/problems\/not-found$/);
    assert.match(res.body.detail, /no-such-product-42/);
  });

  it('when the limit is out of range or not a number, then 400 naming limit, and nothing is charged', async () => {
    const [product] = await productsOf('pv-module');
    const before = await call(server.url, 'listSimilarProducts', { token: key, params: { id: product.id } });
    const balance = Number(before.headers.get('x-quota-balance'));
    for (const limit of ['0', '21', 'five']) {
      const res = await callUnchecked(server.url, 'listSimilarProducts', {
        token: key,
        params: { id: product.id },
        query: { limit },
      });
      assert.equal(res.status, 400, `limit=${limit}: ${res.text}`);
      assert.ok(
        res.body.errors.some((e: { name: string }) => e.name === 'limit'),
        `limit=${limit} is named: ${res.text}`,
      );
    }
    const after = await call(server.url, 'listSimilarProducts', { token: key, params: { id: product.id } });
    assert.equal(Number(after.headers.get('x-quota-balance')), balance - 1, 'only the last read was charged');
  });

  it('when the key lacks products:read, then 403', async () => {
    const [product] = await productsOf('pv-module');
    const res = await call(server.url, 'listSimilarProducts', { token: searchOnly, params: { id: product.id } });
    assert.equal(res.status, 403);
  });
});
