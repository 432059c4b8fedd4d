// Watches through the contract on real engines: made with the login token or a `watches:write`
// key, capped per account, their endpoints refused unless https to public addresses.
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources } from '../helpers/seed-fixture';
import { newDeveloper, type Developer } from '../helpers/accounts';
import { call } from '../helpers/contract';
import { startCapture } from '../../bench/capture';
import { ELASTICSEARCH_NODE } from '../helpers/engines';

describe('watches', function () {
  this.timeout(120000);
  let catalog: Catalog;
  let server: TestServer;
  let dev: Developer;
  let productIds: string[];
  // A public address written as an IP: nothing is sent at creation, and no DNS is needed.
  const PUBLIC = 'https://1.1.1.1/hooks/pds';

  before(async () => {
    catalog = await openCatalog();
    await catalog.seed(writeSources());
    productIds = (await catalog.products.identities()).map((p) => p._id).sort();
    server = await startServer({
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: catalog.alias,
      MAX_WATCHES_PER_ACCOUNT: '3',
    });
    dev = await newDeveloper(server.url);
  });
  after(async () => {
    await server?.stop();
    await catalog?.drop();
  });

  it('when a watch names many products, then they are looked up in one multi-get of the index, not one database read each', async () => {
    const asked = await startCapture(ELASTICSEARCH_NODE);
    const watched = await startServer({
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: catalog.alias,
      ELASTICSEARCH_URL: asked.url,
    });
    try {
      const owner = await newDeveloper(watched.url);
      const body = {
        name: 'many',
        products: [...productIds, 'no-such-product'],
        events: ['product.revised' as const],
        url: PUBLIC,
      };
      asked.taken.length = 0;
      const refused = await call(watched.url, 'createWatch', { token: owner.token, body });
      assert.equal(refused.status, 400, refused.text);
      assert.match(refused.body.detail, /'no-such-product'/);
      const mgets = () => asked.taken.filter((r) => r.path.split('?')[0].endsWith('/_mget'));
      assert.equal(mgets().length, 1, asked.taken.map((r) => r.path).join(', '));
      assert.equal(JSON.parse(mgets()[0].body).ids.length, productIds.length + 1);
      asked.taken.length = 0;
      const created = await call(watched.url, 'createWatch', {
        token: owner.token,
        body: { ...body, products: productIds },
      });
      assert.equal(created.status, 201, created.text);
      assert.equal(mgets().length, 1);
    } finally {
      await watched.stop();
      await asked.close();
    }
  });

  it('when a developer watches products, then the secret is shown once and the watch can be read, changed, paused, rotated and deleted', async () => {
    const created = await call(server.url, 'createWatch', {
      token: dev.token,
      body: {
        name: 'bom',
        products: productIds.slice(0, 3),
        events: ['product.revised', 'product.delisted'],
        url: PUBLIC,
      },
    });
    assert.equal(created.status, 201, created.text);
    assert.match(created.body.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.deepEqual(created.body.products, productIds.slice(0, 3));
    assert.equal(created.body.status, 'active');
    const id = created.body.id as string;

    const listed = await call(server.url, 'listWatches', { token: dev.token });
    assert.deepEqual(
      listed.body.data.map((w: { id: string }) => w.id),
      [id],
    );
    assert.ok(!('secret' in listed.body.data[0]), 'a list never shows the secret');

    const paused = await call(server.url, 'changeWatch', { token: dev.token, params: { id }, body: { paused: true } });
    assert.equal(paused.body.status, 'paused');
    const renamed = await call(server.url, 'changeWatch', {
      token: dev.token,
      params: { id },
      body: { name: 'bill of materials', paused: false },
    });
    assert.equal(renamed.body.name, 'bill of materials');
    assert.equal(renamed.body.status, 'active');

    const rotated = await call(server.url, 'rotateWatchSecret', { token: dev.token, params: { id } });
    assert.equal(rotated.status, 200);
    assert.notEqual(rotated.body.secret, created.body.secret);
    const overlapEnds = Date.parse(rotated.body.previous_secret_expires_at);
    assert.ok(Math.abs(overlapEnds - (Date.now() + server.config.WEBHOOK_SECRET_OVERLAP_MS)) < 60000);

    const other = await newDeveloper(server.url);
    const foreign = await call(server.url, 'getWatch', { token: other.token, params: { id } });
    assert.equal(foreign.status, 404, "another account's watch is answered like a missing one");

    assert.equal((await call(server.url, 'deleteWatch', { token: dev.token, params: { id } })).status, 204);
    assert.equal((await call(server.url, 'getWatch', { token: dev.token, params: { id } })).status, 404);
  });

  it('when a watch names a search, then the search is read once with its interpretation, and product events are refused for it', async () => {
    const search = { q: 'trina 205 W', category: 'pv-module' };
    const created = await call(server.url, 'createWatch', {
      token: dev.token,
      body: { search, events: ['watch.matched'], url: PUBLIC },
    });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.body.search.params, search);
    // Understood as the search understands it: a maker and a quantity, nothing left over as text.
    const kinds = created.body.search.interpretation.parts.map((p: { kind: string }) => p.kind).sort();
    assert.deepEqual(kinds, ['manufacturer', 'quantity'], created.text);

    const wrongEvents = await call(server.url, 'createWatch', {
      token: dev.token,
      body: { search, events: ['product.revised'], url: PUBLIC },
    });
    assert.equal(wrongEvents.status, 400);
    assert.match(wrongEvents.body.detail, /events/);

    const badRange = await call(server.url, 'createWatch', {
      token: dev.token,
      body: { search: { 'specs.stc_power_w[gte]': 'lots' }, events: ['watch.matched'], url: PUBLIC },
    });
    assert.equal(badRange.status, 400);
    assert.equal(badRange.body.errors[0].name, 'search.specs.stc_power_w[gte]');

    const paging = await call(server.url, 'createWatch', {
      token: dev.token,
      body: { search: { q: 'trina', limit: 5 }, events: ['watch.matched'], url: PUBLIC },
    });
    assert.equal(paging.status, 400);
    await call(server.url, 'deleteWatch', { token: dev.token, params: { id: created.body.id } });
  });

  it('when an endpoint is not https to a public address, then the watch is refused and nothing is stored', async () => {
    const before = (await call(server.url, 'listWatches', { token: dev.token })).body.data.length;
    for (const url of [
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]:8443/hook',
      'https://[::ffff:192.168.0.1]/hook',
      'https://localhost/hook',
      'http://1.1.1.1/hook',
      'http://127.0.0.1:9/hook',
      'https://user:pw@1.1.1.1/hook',
    ]) {
      const refused = await call(server.url, 'createWatch', {
        token: dev.token,
        body: { products: productIds.slice(0, 1), events: ['product.revised'], url },
      });
      assert.equal(refused.status, 400, `${url}: ${refused.text}`);
      assert.equal(refused.body.errors[0].name, 'url', url);
    }
    const after = (await call(server.url, 'listWatches', { token: dev.token })).body.data.length;
    assert.equal(after, before);
  });

  it('when a watch names an unknown product, then it is refused naming it', async () => {
    const refused = await call(server.url, 'createWatch', {
      token: dev.token,
      body: { products: [productIds[0], 'no-such-product'], events: ['product.revised'], url: PUBLIC },
    });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body.unknown_ids, ['no-such-product']);
  });

  it('when an account holds its most watches, then one more is refused with 409 and the cap is in the document', async () => {
    const owner = await newDeveloper(server.url);
    const body = { products: productIds.slice(0, 1), events: ['product.revised' as const], url: PUBLIC };
    for (let i = 0; i < 3; i++)
      assert.equal((await call(server.url, 'createWatch', { token: owner.token, body })).status, 201);
    const fourth = await call(server.url, 'createWatch', { token: owner.token, body });
    assert.equal(fourth.status, 409);
    assert.equal(fourth.body.type, '/problems/watch-limit-reached');
    assert.equal((await call(server.url, 'listWatches', { token: owner.token })).body.data.length, 3);
  });

  it('when an API key manages watches, then it needs the scope watches:write', async () => {
    const writer = await dev.key(['watches:write']);
    const reader = await dev.key(['products:read']);
    const listed = await call(server.url, 'listWatches', { token: writer.secret });
    assert.equal(listed.status, 200);
    const refused = await call(server.url, 'listWatches', { token: reader.secret });
    assert.equal(refused.status, 403);
    assert.match(refused.body.detail, /watches:write/);
  });
});
