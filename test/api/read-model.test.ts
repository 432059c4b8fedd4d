// Current products come from the index, cached per index generation: repeated reads skip
// Elasticsearch, answers carry an ETag and 304 saves the transfer (not the cost), and a reindex is
// served within about ALIAS_CHECK_MS, never mixed with the answers cached before it.
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources, TRINA_KEY, trinaStc } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';
import { call, callUnchecked } from '../helpers/contract';
import { MongoWatch } from '../helpers/mongo-watch';
import { COLLECTIONS } from '../../src/adapters/mongo/collections';
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
    server = await startServer({
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: catalog.alias,
      ALIAS_CHECK_MS: String(ALIAS_CHECK_MS),
    });
    key = (await (await newDeveloper(server.url)).key(['products:read', 'search:read'])).secret;
  });
  after(async () => {
    await server?.stop();
    await catalog?.drop();
  });

  /** Hits of the response cache so far, as /metrics counts them (clients are not told). */
  const hits = async () =>
    Number(
      /pds_response_cache_lookups_total\{result="hit"\} (\d+)/.exec(
        await (await fetch(`${server.url}/metrics`)).text(),
      )?.[1] ?? 0,
    );

  const get = (headers: Record<string, string> = {}) =>
    callUnchecked(server.url, 'getProduct', { token: key, params: { id: productId }, headers });

  it('when the same product is read twice, then the second answer is the same bytes and ETag, without asking Elasticsearch', async () => {
    const first = await get();
    assert.equal(first.status, 200);
    const before = await hits();
    const second = await get();
    assert.equal(second.status, 200);
    assert.equal(await hits(), before + 1, 'the response cache answered');
    assert.equal(second.text, first.text);
    assert.equal(second.headers.get('etag'), first.headers.get('etag'));
    assert.match(first.headers.get('etag') ?? '', /^"[^"]+"$/);
    assert.ok(!steps(second.headers).includes('es'), `cached: ${second.headers.get('server-timing')}`);
    assert.ok(
      !steps(second.headers).includes('cache'),
      `no step tells a client the answer was kept: ${second.headers.get('server-timing')}`,
    );
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

  it('when an answer comes from the response cache, then the key, its scope, validation, the rate limit and the credits apply as to a fresh one', async () => {
    const dev = await newDeveloper(server.url);
    const own = await dev.key(['products:read']);
    const read = (token: string, query: Record<string, string> = {}) =>
      callUnchecked(server.url, 'getProduct', { token, params: { id: productId }, query, headers: {} });
    const replies = [await read(own.secret)];
    const before = await hits();
    replies.push(await read(own.secret), await read(own.secret));
    assert.deepEqual(
      replies.map((r) => r.status),
      [200, 200, 200],
    );
    assert.equal(await hits(), before + 2, 'answered from the response cache');
    const balances = replies.map((r) => Number(r.headers.get('x-quota-balance')));
    assert.deepEqual(balances, [balances[0], balances[0] - 1, balances[0] - 2], 'each cached answer is charged');
    const remaining = replies.map((r) => Number(r.headers.get('x-ratelimit-remaining')));
    assert.deepEqual(
      remaining,
      [remaining[0], remaining[0] - 1, remaining[0] - 2],
      'each cached answer is counted by the rate limit',
    );
    const searchOnly = await dev.key(['search:read']);
    assert.equal((await read(searchOnly.secret)).status, 403, 'a key without products:read gets no cached answer');
    assert.equal((await read(own.secret, { as_of: 'yesterday' })).status, 400, 'bad input is refused before the cache');
    const revoked = await callUnchecked(server.url, 'revokeApiKey', { token: dev.token, params: { id: own.id } });
    assert.equal(revoked.status, 204);
    const after = await read(own.secret);
    assert.equal(after.status, 401, 'a revoked key gets no cached answer');
    assert.equal(after.headers.get('etag'), null);
  });

  it('when a product is read as of a revision, then it comes from MongoDB each time, not from the response cache', async () => {
    const asOf = () =>
      callUnchecked(server.url, 'getProduct', {
        token: key,
        params: { id: productId },
        query: { as_of: '1' },
        headers: {},
      });
    const before = await hits();
    const [first, second] = [await asOf(), await asOf()];
    assert.equal(second.status, 200);
    assert.equal(second.text, first.text);
    assert.equal(await hits(), before, 'no response cache hit');
    for (const reply of [first, second])
      assert.ok(steps(reply.headers).includes('db'), `${reply.headers.get('server-timing')}`);
  });

  it('when products are read, compared and exported, then MongoDB is asked nothing about products or revisions; as_of and the revision list are', async () => {
    // Every MongoDB command passes a proxy that reads it; the caches are off, so each request takes
    // the read path. The controls at the end show the proxy does see catalog reads when there are some.
    const watch = await MongoWatch.create(catalog.mongoUri);
    const watched = await startServer({
      MONGODB_URI: watch.via(catalog.mongoUri),
      ELASTICSEARCH_INDEX: catalog.alias,
      READ_CACHE_BYTES: '0',
      RESPONSE_CACHE_BYTES: '0',
    });
    try {
      const token = (await (await newDeveloper(watched.url)).key(['products:read', 'revisions:read'])).secret;
      const ids = (await catalog.products.identities()).map((p) => p._id);
      const catalogCollections = [COLLECTIONS.products, COLLECTIONS.revisions];
      const from = watch.commands.length;
      for (const id of ids)
        assert.equal((await callUnchecked(watched.url, 'getProduct', { token, params: { id } })).status, 200);
      const compared = await callUnchecked(watched.url, 'compareProducts', {
        token,
        query: { ids: ids.slice(0, 5).join(',') },
      });
      assert.equal(compared.status, 200);
      const exported = await call(watched.url, 'exportProducts', { token, headers: { 'accept-encoding': 'identity' } });
      assert.equal(exported.text.trim().split('\n').length, ids.length, 'the export streamed every product');
      assert.ok(watch.commands.length > from, 'the proxy saw the credit debits of those requests');
      assert.deepEqual(watch.readsOf(catalogCollections, from), [], 'no read of the products or revisions collections');

      const asOf = await callUnchecked(watched.url, 'getProduct', {
        token,
        params: { id: productId },
        query: { as_of: '1' },
      });
      assert.equal(asOf.status, 200);
      assert.ok(
        watch.readsOf([COLLECTIONS.revisions], from).length > 0,
        'as_of reads its revision from MongoDB, and the proxy sees it',
      );
      assert.equal(
        (await callUnchecked(watched.url, 'listRevisions', { token, params: { id: productId } })).status,
        200,
      );
      assert.ok(
        watch.readsOf([COLLECTIONS.products], from).length > 0,
        'the revision list reads the product from MongoDB, and the proxy sees it',
      );
    } finally {
      await watched.stop();
      await watch.close();
    }
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
    const other = (await callUnchecked(server.url, 'listProducts', { token: key, query: { limit: 2 } })).body.data.find(
      (p: { id: string }) => p.id !== productId,
    ).id;
    const compared = await callUnchecked(server.url, 'compareProducts', {
      token: key,
      query: { ids: `${productId},${other}` },
    });
    assert.equal(compared.status, 200);
    assert.equal(compared.body.data[0].specs.stc_power_w, 251.5, 'compare reads the same generation');
  });
});
