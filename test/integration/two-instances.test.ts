// Two instances of the service sharing one MongoDB, one Elasticsearch alias and one Redis, as
// behind a load balancer: credits stay exact and a key's rate limit holds across both under
// parallel load.
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';
import { request } from '../helpers/http';
import { uniqueName } from '../helpers/engines';
import { until } from '../helpers/load';

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
    const shared = { MONGODB_URI: catalog.mongoUri, ELASTICSEARCH_INDEX: catalog.alias, REDIS_KEY_PREFIX: `${uniqueName('two')}:`, SIGNUP_CREDITS: String(CREDITS), RATE_LIMIT_MAX: String(LIMIT), CREDIT_LEASE_IDLE_MS: '300' };
    [a, b] = await Promise.all([startServer(shared), startServer(shared)]);
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await catalog?.drop();
  });

  const balanceInDatabase = async (email: string) => (await catalog.mongo.db.collection('accounts').findOne({ email }))!.credits as number;

  it('when one account spends from both instances in parallel until it runs out, then every answered credit is gone from the balance and no other', async () => {
    const dev = await newDeveloper(a.url);
    // Several keys, so the per-key rate limit stays out of the way of this test.
    const keys = await Promise.all(Array.from({ length: 8 }, () => dev.key(['products:read', 'search:read'])));
    const paths = ['/api/v1/search?q=trina&limit=5', '/api/v1/products?limit=5', '/api/v1/products?category=inverter&limit=5'];
    const replies = await Promise.all(
      Array.from({ length: 240 }, (_, i) => request(`${(i % 2 ? a : b).url}${paths[i % paths.length]}`, { token: keys[i % keys.length].secret })),
    );
    const by = (s: number) => replies.filter((r) => r.status === s);
    assert.deepEqual([...new Set(replies.map((r) => r.status))].filter((s) => s !== 200 && s !== 402), [], 'only 200 and 402');
    assert.ok(by(402).length > 0, 'the balance ran out');
    const charged = by(200).reduce((sum, r) => sum + Number(r.headers.get('x-quota-cost')), 0);
    assert.ok(charged <= CREDITS);
    // Unspent leased credits go back to the account once the instances are idle.
    await until(async () => (await balanceInDatabase(dev.email)) === CREDITS - charged, 10000, `the balance settles at ${CREDITS} - ${charged}`);
    assert.ok(CREDITS - charged < 2, `at most one credit was left unusable (search costs 2): ${CREDITS - charged}`);
  });

  it('when one key sends more than its limit through both instances at once, then exactly the limit is served and the rest is 429', async () => {
    const key = (await (await newDeveloper(b.url)).key(['products:read'])).secret;
    const replies = await Promise.all(Array.from({ length: LIMIT + 30 }, (_, i) => request(`${(i % 2 ? a : b).url}/api/v1/products?limit=1&fields=id`, { token: key })));
    const count = (s: number) => replies.filter((r) => r.status === s).length;
    assert.deepEqual([count(200), count(429)], [LIMIT, 30]);
    assert.ok(replies.filter((r) => r.status === 429).every((r) => Number(r.headers.get('retry-after')) > 0));
  });
});
