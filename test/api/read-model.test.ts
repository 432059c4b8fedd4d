// Current products come from the index, cached per index generation: repeated reads skip
// Elasticsearch, answers carry an ETag and 304 saves the transfer (not the cost), and a reindex is
// served within about ALIAS_CHECK_MS, never mixed with the answers cached before it.
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources, TRINA_KEY, trinaStc } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';
import { callUnchecked } from '../helpers/contract';
import { waitFor } from '../helpers/wait';

const ALIAS_CHECK_MS = 200;

/** The steps Server-Timing reports (es, db, total). */
const steps = (headers: Headers) => (headers.get('server-timing') ?? '').split(',').map((s) => s.trim().split(';')[0]);

describe('read model: index reads, cache per index generation, ETag and 304', function () {
  this.timeout(120000);
  let catalog: Catalog;
  let server: TestServer;
  let key: string;
  let productId: string;

  before(async () => {
    catalog = await openCatalog();
    await catalog.seed(writeSources());
    productId = (await catalog.products.identities()).find((p) => p.key === TRINA_KEY)!._id;
    server = await startServer({ MONGODB_URI: catalog.mongoUri, ELASTICSEARCH_INDEX: catalog.alias, ALIAS_CHECK_MS: String(ALIAS_CHECK_MS) });
    key = (await (await newDeveloper(server.url)).key(['products:read', 'search:read'])).secret;
  });
  after(async () => {
    await server?.stop();
    await catalog?.drop();
  });

  const get = (headers: Record<string, string> = {}) => callUnchecked(server.url, 'getProduct', { token: key, params: { id: productId }, headers });

  it('when the same product is read twice, then the second answer is the same bytes and ETag, without asking Elasticsearch', async () => {
    const first = await get();
    assert.equal(first.status, 200);
    const second = await get();
    assert.equal(second.status, 200);
    assert.equal(second.text, first.text);
    assert.equal(second.headers.get('etag'), first.headers.get('etag'));
    assert.match(first.headers.get('etag') ?? '', /^"[^"]+"$/);
    assert.ok(!steps(second.headers).includes('es'), `cached: ${second.headers.get('server-timing')}`);
    const search = { token: key, query: { q: 'Trina TSM-205', limit: 5 } };
    const asked = await callUnchecked(server.url, 'searchProducts', search);
    const again = await callUnchecked(server.url, 'searchProducts', search);
    assert.ok(asked.body.data.length > 0);
    assert.ok(!steps(again.headers).includes('es'), 'a repeated search is answered from the cache');
    assert.equal(again.text, asked.text);
  });

  it('when If-None-Match holds the current ETag, then 304 with no body, charged and rate-limited as the 200 is', async () => {
    const full = await get();
    const balance = Number(full.headers.get('x-quota-balance'));
    const tag = full.headers.get('etag')!;
    const cond = await get({ 'if-none-match': tag });
    assert.equal(cond.status, 304);
    assert.equal(cond.text, '');
    assert.equal(cond.headers.get('etag'), tag);
    assert.equal(cond.headers.get('x-quota-cost'), '1');
    assert.equal(Number(cond.headers.get('x-quota-balance')), balance - 1);
    assert.ok(cond.headers.get('ratelimit'), 'the rate limit counted it');
    const other = await get({ 'if-none-match': '"not-this-one"' });
    assert.equal(other.status, 200);
    const list = await callUnchecked(server.url, 'listProducts', { token: key, query: { limit: 3 } });
    assert.notEqual(list.headers.get('etag'), tag, 'another answer, another tag');
  });

  it('when a reindex brings a new value, then reads serve it within about ALIAS_CHECK_MS and the old ETag no longer matches', async () => {
    const before = await get();
    assert.notEqual(before.body.specs.stc_power_w, 251.5);
    assert.equal(before.body.revision, 1);
    await catalog.seed(writeSources(undefined, [trinaStc('251.5')]));
    const after = await waitFor(async () => {
      const reply = await get({ 'if-none-match': before.headers.get('etag')! });
      return reply.status === 200 && reply.body.specs.stc_power_w === 251.5 ? reply : undefined;
    }, 50 * ALIAS_CHECK_MS);
    assert.equal(after.body.revision, 2);
    assert.equal(after.body.provenance.stc_power_w.revision, 2);
    assert.notEqual(after.headers.get('etag'), before.headers.get('etag'));
    const other = (await callUnchecked(server.url, 'listProducts', { token: key, query: { limit: 2 } })).body.data.find((p: { id: string }) => p.id !== productId).id;
    const compared = await callUnchecked(server.url, 'compareProducts', { token: key, query: { ids: `${productId},${other}` } });
    assert.equal(compared.status, 200);
    assert.equal(compared.body.data[0].specs.stc_power_w, 251.5, 'compare reads the same generation');
  });
});
