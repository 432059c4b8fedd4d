// The batch lookup (getProducts) through the typed client on the real engines: a bill of materials
// by ids and model numbers as typed, answered in order, entry by entry, priced by what it found.
import assert from 'node:assert/strict';
import { serverOn, startServer, type TestServer } from '../helpers/server';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { fullCatalog, fullCatalogProducts } from '../helpers/full-catalog';
import { writeSources, TRINA_KEY, trinaStc } from '../helpers/seed-fixture';
import { newDeveloper, type Developer } from '../helpers/accounts';
import { call, callUnchecked } from '../helpers/contract';
import { compactModel } from '../../src/catalog/search-document';
import type { ProductDoc } from '../../src/catalog/product.types';
import { BATCH_MAX } from '../../src/contract/batch-vocabulary';

const quota = (headers: Headers) => ({
  cost: Number(headers.get('x-quota-cost')),
  balance: Number(headers.get('x-quota-balance')),
});

describe('batch lookup: a bill of materials in one call (fixture with two editions)', function () {
  this.timeout(120000);
  let catalog: Catalog;
  let server: TestServer;
  let dev: Developer;
  let key: string;
  let products: ProductDoc[];
  let trinaId: string;
  const between = '2026-09-15T00:00:00Z';
  const SIGNUP_CREDITS = 50;

  before(async () => {
    catalog = await openCatalog();
    await catalog.seed(writeSources(), new Date('2026-09-01T00:00:00Z'));
    await catalog.seed(writeSources(undefined, [trinaStc('251.5')]), new Date('2026-10-01T00:00:00Z'));
    products = [];
    for await (const p of catalog.products.stream()) products.push(p);
    products.sort((a, b) => (a._id < b._id ? -1 : 1));
    trinaId = products.find((p) => p.key === TRINA_KEY)!._id;
    server = await startServer({
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: catalog.alias,
      SIGNUP_CREDITS: String(SIGNUP_CREDITS),
    });
    dev = await newDeveloper(server.url);
    key = (await dev.key(['products:read'])).secret;
  });
  after(async () => {
    await server?.stop();
    await catalog?.drop();
  });

  const batch = (body: { ids: string[]; fields?: string[]; as_of?: string }, token = key) =>
    call(server.url, 'getProducts', { token, body: body as never });
  const getOne = async (id: string, as_of?: string) => {
    const res = await call(server.url, 'getProduct', { token: key, params: { id }, query: as_of ? { as_of } : {} });
    assert.equal(res.status, 200, res.text);
    return res.body;
  };
  const byModel = (model: string) => products.filter((p) => p.model.toLowerCase() === model.toLowerCase());

  it('when ids, model numbers as typed and unknown entries are mixed, then each is answered in the order asked, found ones exactly as getProduct answers them, and only they are charged', async () => {
    const unique = products.find((p) => byModel(p.model).length === 1 && /[^a-z0-9]/i.test(p.model))!;
    const loose = products.find(
      (p) =>
        p !== unique && byModel(p.model).length === 1 && /[-./ ]/.test(p.model) && compactModel(p.model).length >= 5,
    )!;
    const looseTyped = compactModel(loose.model).toUpperCase();
    assert.equal(
      products.filter((p) => compactModel(p.model) === compactModel(looseTyped)).length,
      1,
      'a model named once without punctuation',
    );
    const ids = [products[3]._id, 'no-such-product-anywhere', unique.model.toUpperCase(), products[0]._id, looseTyped];
    const res = await batch({ ids });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.data.map((e: any) => [e.requested, e.found, e.found ? e.product.id : e.reason]),
      [
        [ids[0], true, products[3]._id],
        [ids[1], false, 'unknown'],
        [ids[2], true, unique._id],
        [ids[3], true, products[0]._id],
        [ids[4], true, loose._id],
      ],
    );
    assert.deepEqual(
      res.body.data.map((e: any) => e.by),
      ['id', undefined, 'model', 'id', 'model'],
    );
    assert.equal(res.body.meta.found, 4);
    const before = quota(res.headers);
    assert.equal(before.cost, 5, 'one credit per entry, found or not');
    // The balance the next call reports is the one this call left, less that call's price.
    const after = await batch({ ids: ['nothing-by-this-name'] });
    assert.equal(after.body.meta.found, 0);
    assert.deepEqual(quota(after.headers), { cost: 1, balance: before.balance - 1 }, 'a lookup that finds nothing');
    for (const entry of res.body.data.filter((e: any) => e.found))
      assert.deepEqual(entry.product, await getOne(entry.product.id), entry.requested);
  });

  it('when every entry is unknown, then each lookup is still charged, and a batch the account cannot pay is refused before any read', async () => {
    const fresh = (await (await newDeveloper(server.url)).key(['products:read'])).secret;
    const unknown = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `nothing-${tag}-${i}`);
    const paid = await batch({ ids: unknown(40, 'a') }, fresh);
    assert.equal(paid.status, 200, paid.text);
    assert.equal(paid.body.meta.found, 0);
    assert.deepEqual(quota(paid.headers), { cost: 40, balance: SIGNUP_CREDITS - 40 });
    const refused = await batch({ ids: unknown(SIGNUP_CREDITS - 40 + 1, 'b') }, fresh);
    assert.equal(refused.status, 402, refused.text);
    const last = await batch({ ids: unknown(SIGNUP_CREDITS - 40, 'c') }, fresh);
    assert.deepEqual(quota(last.headers), { cost: SIGNUP_CREDITS - 40, balance: 0 }, 'the 402 took nothing');
  });

  it('when a model number names several products, then that entry is ambiguous and lists them, and the others are still answered', async () => {
    const shared = products.find((p) => byModel(p.model).length > 1);
    assert.ok(shared, 'the fixture holds a model number two products share');
    const res = await batch({ ids: [shared.model, trinaId] });
    assert.equal(res.status, 200, res.text);
    const [ambiguous, found] = res.body.data as any[];
    assert.equal(ambiguous.found, false);
    assert.equal(ambiguous.reason, 'ambiguous');
    assert.deepEqual(
      ambiguous.candidates.map((c: any) => c.id).sort(),
      byModel(shared.model)
        .map((p) => p._id)
        .slice(0, 10)
        .sort(),
    );
    assert.equal(found.product.id, trinaId);
    assert.equal(quota(res.headers).cost, 2);
  });

  it('when as_of is a time or a revision number, then every product is as it stood then, as getProduct as_of shows it, and one not yet made says so', async () => {
    const other = products.find((p) => p._id !== trinaId && p.current_revision === 1)!;
    for (const as_of of [between, '1']) {
      const res = await batch({ ids: [trinaId, other._id], as_of });
      assert.equal(res.status, 200, res.text);
      const [trina, second] = res.body.data as any[];
      assert.deepEqual(trina.product, await getOne(trinaId, as_of), as_of);
      assert.equal(trina.product.revision, 1);
      assert.notEqual(trina.product.specs.stc_power_w, 251.5);
      assert.deepEqual(second.product, await getOne(other._id, as_of), as_of);
    }
    const two = await batch({ ids: [trinaId, other._id], as_of: '2' });
    assert.equal(two.body.data[0].product.revision, 2);
    assert.equal(two.body.data[0].product.specs.stc_power_w, 251.5);
    assert.equal(two.body.data[1].reason, 'not-at-as-of');
    const early = await batch({ ids: [trinaId], as_of: '2001-01-01T00:00:00Z' });
    assert.equal(early.body.data[0].found, false);
    assert.equal(early.body.data[0].reason, 'not-at-as-of');
    assert.equal(quota(early.headers).cost, 1, 'the lookup was made');
  });

  it('when fields are asked for, then each product carries id and those fields, and single specs narrow specs, units and provenance', async () => {
    const res = await batch({ ids: [trinaId], fields: ['model', 'units', 'provenance', 'specs.stc_power_w'] });
    assert.equal(res.status, 200, res.text);
    const product = res.body.data[0].product;
    assert.deepEqual(Object.keys(product).sort(), ['id', 'model', 'provenance', 'specs', 'units']);
    assert.deepEqual(Object.keys(product.specs), ['stc_power_w']);
    assert.deepEqual(Object.keys(product.units), ['stc_power_w']);
    assert.deepEqual(Object.keys(product.provenance).sort(), ['model', 'stc_power_w']);
    const full = await getOne(trinaId);
    assert.equal(product.specs.stc_power_w, full.specs.stc_power_w);
    assert.deepEqual(product.provenance.stc_power_w, full.provenance.stc_power_w);
  });

  it('when the batch is empty, too long, repeats an entry, holds a 10 kB entry or an unknown field, then it is a 400 problem naming it, and nothing is charged', async () => {
    const many = Array.from({ length: BATCH_MAX + 1 }, (_, i) => `product-${i}`);
    const cases: [unknown, string, RegExp?][] = [
      [{ ids: [] }, 'ids'],
      [{ ids: many }, 'ids', /more than 100/],
      [{ ids: [trinaId, 'x', trinaId] }, 'ids', /twice \(items 0 and 2/],
      [{ ids: [trinaId, 'x'.repeat(10_000)] }, 'ids', /^item 1 .*more than 120 characters/],
      [{ ids: [trinaId, 'a\u0000b'] }, 'ids', /^item 1 /],
      [{ ids: [trinaId], limit: 5 }, 'limit'],
      [{ ids: [trinaId], as_of: 'yesterday' }, 'as_of'],
      [{ ids: [trinaId], fields: ['price'] }, 'fields'],
      [{}, 'ids'],
    ];
    const start = quota((await batch({ ids: ['nothing-by-this-name'] })).headers).balance;
    for (const [body, name, message] of cases) {
      const res = await callUnchecked(server.url, 'getProducts', { token: key, body });
      assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 80)}: ${res.text}`);
      assert.equal(res.body.type, '/problems/validation-failed');
      assert.deepEqual(
        res.body.errors.map((e: any) => e.name),
        [name],
        res.text.slice(0, 300),
      );
      if (message) assert.match(res.body.errors[0].message, message);
      assert.ok(res.text.length < 2000, 'the problem does not echo a long entry back');
    }
    const malformed = await callUnchecked(server.url, 'getProducts', { token: key, rawBody: '{"ids": [' });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.type, '/problems/malformed-json');
    assert.equal(quota((await batch({ ids: ['nothing-by-this-name'] })).headers).balance, start - 1);
  });

  it('when as_of names a time that does not exist (month 13, 30 February, hour 24), then the batch and getProduct answer a 400 naming as_of, and nothing is charged', async () => {
    // A real time still reads: 29 February of a leap year.
    assert.equal((await batch({ ids: [trinaId], as_of: '2028-02-29T00:00:00Z' })).status, 200);
    const start = quota((await batch({ ids: ['nothing-by-this-name'] })).headers).balance;
    for (const as_of of [
      '2026-13-45T00:00:00Z',
      '2026-02-30T00:00:00Z',
      '2026-09-15T24:00:00Z',
      '2026-09-15T00:00:00+25:00',
    ]) {
      const many = await callUnchecked(server.url, 'getProducts', { token: key, body: { ids: [trinaId], as_of } });
      const one = await callUnchecked(server.url, 'getProduct', {
        token: key,
        params: { id: trinaId },
        query: { as_of },
      });
      for (const res of [many, one]) {
        assert.equal(res.status, 400, `${as_of}: ${res.text}`);
        assert.equal(res.body.type, '/problems/validation-failed');
        assert.deepEqual(
          res.body.errors.map((e: any) => e.name),
          ['as_of'],
          res.text,
        );
        assert.match(res.body.errors[0].message, /no such time/, res.text);
      }
    }
    const after = quota((await batch({ ids: ['nothing-by-this-name'] })).headers);
    assert.equal(after.balance, start - after.cost, 'the refused reads were not charged');
  });

  it('when the key lacks products:read or the account lacks credits, then the call is refused with its problem before anything is read', async () => {
    const searchOnly = (await dev.key(['search:read'])).secret;
    const refused = await batch({ ids: [trinaId] }, searchOnly);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.type, '/problems/insufficient-scope');
    const none = await batch({ ids: [trinaId] }, 'pds_not-a-key');
    assert.equal(none.status, 401);
    const poor = await (await newDeveloper(server.url)).key(['products:read']);
    assert.ok(products.length > SIGNUP_CREDITS);
    const tooMany = products.slice(0, SIGNUP_CREDITS + 1).map((p) => p._id);
    const refusedCredits = await batch({ ids: tooMany }, poor.secret);
    assert.equal(refusedCredits.status, 402, refusedCredits.text);
    assert.equal(refusedCredits.body.type, '/problems/insufficient-credits');
    const exact = await batch({ ids: tooMany.slice(1) }, poor.secret);
    assert.equal(exact.status, 200, 'the whole balance was still there after the refusal');
    assert.deepEqual(quota(exact.headers), { cost: SIGNUP_CREDITS, balance: 0 });
  });
});

describe('batch lookup on the complete data', function () {
  this.timeout(300000);
  let server: TestServer;
  let key: string;
  const products: ProductDoc[] = [];

  before(async () => {
    const catalog = await fullCatalog();
    server = await serverOn(catalog, { SIGNUP_CREDITS: '1000' });
    key = (await (await newDeveloper(server.url)).key(['products:read'])).secret;
    for (const p of await fullCatalogProducts()) products.push(p);
    products.sort((a, b) => (a._id < b._id ? -1 : 1));
  });
  after(() => server?.stop());

  it(`when ${BATCH_MAX} entries are asked for at once, then each equals getProduct's answer, in order, for ${BATCH_MAX} credits`, async () => {
    const step = Math.floor(products.length / BATCH_MAX);
    const picked = Array.from({ length: BATCH_MAX }, (_, i) => products[i * step]);
    const res = await call(server.url, 'getProducts', { token: key, body: { ids: picked.map((p) => p._id) } });
    assert.equal(res.status, 200, res.text.slice(0, 300));
    assert.deepEqual(
      res.body.data.map((e: any) => e.found && e.product.id),
      picked.map((p) => p._id),
    );
    assert.equal(quota(res.headers).cost, BATCH_MAX);
    for (const i of [0, 37, BATCH_MAX - 1]) {
      const one = await call(server.url, 'getProduct', { token: key, params: { id: picked[i]._id } });
      assert.deepEqual(res.body.data[i].product, one.body);
    }
  });
});
