// Two instances of the service sharing one MongoDB, one Elasticsearch alias and one Redis, as
// behind a load balancer: credits stay exact and a key's rate limit holds across both under
// parallel load.
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';
import { request } from '../helpers/http';
import { call } from '../helpers/contract';
import { uniqueName } from '../helpers/engines';
import { until } from '../helpers/load';
import { CuttableProxy } from '../helpers/private-engines';
import { REDIS_URL } from '../helpers/engines';

const CREDITS = 150;
const LIMIT = 40;

describe('two instances sharing MongoDB and Redis', function () {
  this.timeout(120000);
  let catalog: Catalog;
  let a: TestServer;
  let b: TestServer;

  before(async () => {
    catalog = await openCatalog();
    await catalog.seed(writeSources());
    const shared = {
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: catalog.alias,
      REDIS_KEY_PREFIX: `${uniqueName('two')}:`,
      SIGNUP_CREDITS: String(CREDITS),
      RATE_LIMIT_MAX: String(LIMIT),
      CREDIT_LEASE_IDLE_MS: '300',
    };
    [a, b] = await Promise.all([startServer(shared), startServer(shared)]);
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await catalog?.drop();
  });

  const balanceInDatabase = async (email: string) =>
    (await catalog.mongo.db.collection('accounts').findOne({ email }))!.credits as number;

  it('when one account spends from both instances in parallel until it runs out, then every answered credit is gone from the balance and no other', async () => {
    const dev = await newDeveloper(a.url);
    // Several keys, so the per-key rate limit stays out of the way of this test.
    const keys = await Promise.all(Array.from({ length: 8 }, () => dev.key(['products:read', 'search:read'])));
    const paths = [
      '/api/v1/search?q=trina&limit=5',
      '/api/v1/products?limit=5',
      '/api/v1/products?category=inverter&limit=5',
    ];
    const replies = await Promise.all(
      Array.from({ length: 240 }, (_, i) =>
        request(`${(i % 2 ? a : b).url}${paths[i % paths.length]}`, { token: keys[i % keys.length].secret }),
      ),
    );
    const by = (s: number) => replies.filter((r) => r.status === s);
    assert.deepEqual(
      [...new Set(replies.map((r) => r.status))].filter((s) => s !== 200 && s !== 402),
      [],
      'only 200 and 402',
    );
    assert.ok(by(402).length > 0, 'the balance ran out');
    const charged = by(200).reduce((sum, r) => sum + Number(r.headers.get('x-quota-cost')), 0);
    assert.ok(charged <= CREDITS);
    // Unspent leased credits go back to the account once the instances are idle.
    await until(
      async () => (await balanceInDatabase(dev.email)) === CREDITS - charged,
      10000,
      `the balance settles at ${CREDITS} - ${charged}`,
    );
    assert.ok(CREDITS - charged < 2, `at most one credit was left unusable (search costs 2): ${CREDITS - charged}`);
  });

  it('when one key sends more than its limit through both instances at once, then exactly the limit is served and the rest is 429', async () => {
    const key = (await (await newDeveloper(b.url)).key(['products:read'])).secret;
    const replies = await Promise.all(
      Array.from({ length: LIMIT + 30 }, (_, i) =>
        request(`${(i % 2 ? a : b).url}/api/v1/products?limit=1&fields=id`, { token: key }),
      ),
    );
    const count = (s: number) => replies.filter((r) => r.status === s).length;
    assert.deepEqual([count(200), count(429)], [LIMIT, 30]);
    assert.ok(replies.filter((r) => r.status === 429).every((r) => Number(r.headers.get('retry-after')) > 0));
  });

  it('when a key is revoked on one instance, then every following request on either instance is refused, from the moment the revocation answers', async () => {
    const dev = await newDeveloper(a.url);
    const key = await dev.key(['products:read']);
    const read = (server: TestServer) =>
      request(`${server.url}/api/v1/products?limit=1&fields=id`, { token: key.secret });
    // Both instances have the key in their caches.
    assert.deepEqual([(await read(a)).status, (await read(b)).status, (await read(b)).status], [200, 200, 200]);
    const revoked = await call(a.url, 'revokeApiKey', { token: dev.token, params: { id: key.id } });
    assert.equal(revoked.status, 204);
    const after = [];
    for (let i = 0; i < 6; i++) after.push((await read(i % 2 ? a : b)).status);
    assert.deepEqual(after, [401, 401, 401, 401, 401, 401]);
  });

  it('when one account’s requests alternate between the instances, then X-Quota-Balance drops by each cost and never rises, and ends at the stored balance', async () => {
    const dev = await newDeveloper(a.url);
    const key = await dev.key(['products:read', 'search:read']);
    const paths = ['/api/v1/products?limit=2&fields=id', '/api/v1/search?q=trina&limit=2'];
    const replies = [];
    for (let i = 0; i < 30; i++)
      replies.push(await request(`${(i % 3 ? a : b).url}${paths[i % 2]}`, { token: key.secret }));
    assert.deepEqual(new Set(replies.map((r) => r.status)), new Set([200]));
    const shown = replies.map((r) => Number(r.headers.get('x-quota-balance')));
    const costs = replies.map((r) => Number(r.headers.get('x-quota-cost')));
    assert.equal(shown[0], CREDITS - costs[0]);
    for (let i = 1; i < shown.length; i++)
      assert.equal(shown[i], shown[i - 1] - costs[i], `request ${i}: ${shown.slice(0, i + 1).join(', ')}`);
    await until(
      async () => (await balanceInDatabase(dev.email)) === shown.at(-1),
      10000,
      `the stored balance settles at ${shown.at(-1)}`,
    );
  });
});

describe('two instances on FerretDB with a slow Redis (the credit lock and owed refunds live there)', function () {
  this.timeout(180000);
  const CREDITS_HERE = 400;
  let catalog: Catalog;
  let redis: CuttableProxy;
  let a: TestServer;
  let b: TestServer;

  before(async () => {
    catalog = await openCatalog();
    await catalog.seed(writeSources());
    redis = await CuttableProxy.create(REDIS_URL);
    // The request timeout bounds how long a lock is waited for: short, so some requests find the
    // balance busy (503) while others hold it.
    const shared = {
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: catalog.alias,
      REDIS_URL: redis.via(REDIS_URL),
      REDIS_KEY_PREFIX: `${uniqueName('slow')}:`,
      SIGNUP_CREDITS: String(CREDITS_HERE),
      RATE_LIMIT_MAX: '100000',
      CREDIT_LEASE_IDLE_MS: '300',
      CREDIT_LEASE_MAX: '4',
      REQUEST_TIMEOUT_MS: '1500',
    };
    [a, b] = await Promise.all([startServer(shared), startServer(shared)]);
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.cut();
    await catalog?.drop();
  });

  const balanceInDatabase = async (email: string) =>
    (await catalog.mongo.db.collection('accounts').findOne({ email }))!.credits as number;

  it('when one account spends and is refunded from both instances at once, then every credit kept is one a 2xx answer cost, and none is lost or spent twice', async () => {
    const dev = await newDeveloper(a.url);
    const keys = await Promise.all(Array.from({ length: 4 }, () => dev.key(['products:read'])));
    const [one, two] = (
      await catalog.mongo.db
        .collection('products')
        .find({}, { projection: { _id: 1 } })
        .limit(2)
        .toArray()
    ).map((p) => String(p._id));
    // Reads that answer 200 and keep their credit, and compares naming a missing product that answer
    // 400 (unknown-products) after being charged, so their credits are refunded while other requests spend.
    const paths = [
      '/api/v1/products?limit=1&fields=id',
      `/api/v1/compare?ids=${one},no-such-product`,
      `/api/v1/compare?ids=${one},${two}`,
    ];
    redis.slow(15);
    // Rounds of 300 at once until both spending and refunds happened more than 10 times: on a loaded
    // machine most of a round finds the balance busy (503), and how many depends on the load.
    const replies: Awaited<ReturnType<typeof request>>[] = [];
    const seen = (s: number) => replies.filter((r) => r.status === s).length;
    for (let round = 0; round < 4 && (seen(400) <= 10 || seen(200) <= 10); round++)
      replies.push(
        ...(await Promise.all(
          Array.from({ length: 300 }, (_, i) =>
            request(`${(i % 2 ? a : b).url}${paths[i % paths.length]}`, { token: keys[i % keys.length].secret }),
          ),
        )),
      );
    redis.slow(0);
    const statuses = new Set(replies.map((r) => r.status));
    assert.deepEqual(
      [...statuses].filter((s) => ![200, 400, 402, 503].includes(s)),
      [],
      `only 200, 400, 402 and 503: ${[...statuses].join(', ')}`,
    );
    const count = (s: number) => replies.filter((r) => r.status === s).length;
    console.log(`      ${[200, 400, 402, 503].map((s) => `${s}: ${count(s)}`).join(', ')}`);
    assert.ok(count(400) > 10, 'refunds happened');
    assert.ok(count(200) > 10, 'spending happened');
    for (const r of replies.filter((x) => x.status === 503))
      assert.ok(Number(r.headers.get('retry-after')) > 0, 'a busy balance says when to retry');
    const kept = replies
      .filter((r) => r.status === 200)
      .reduce((sum, r) => sum + Number(r.headers.get('x-quota-cost')), 0);
    for (const r of replies.filter((x) => x.status !== 200))
      assert.ok(['0', null].includes(r.headers.get('x-quota-cost')), `a ${r.status} costs nothing`);
    // Leases go back once idle, refunds owed settle: the balance ends exactly at what 2xx answers cost.
    await until(
      async () => (await balanceInDatabase(dev.email)) === CREDITS_HERE - kept,
      30000,
      `the balance settles at ${CREDITS_HERE} - ${kept}`,
    );
    assert.equal(await a.wired.refunds.owedCredits(), 0, 'no refund still owed');
  });
});
