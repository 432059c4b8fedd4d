// Key management over time, through the contract on real engines: ended keys leave the listing and
// the database after 30 days, key changes are throttled per account, and a registration that failed
// halfway does not block its email for good.
import assert from 'node:assert/strict';
import { MongoClient } from 'mongodb';
import { ClockedInstances } from '../helpers/clocked-instances';
import { newDeveloper } from '../helpers/accounts';
import { call } from '../helpers/contract';

const DAY_MS = 24 * 3600 * 1000;

describe('key management over time', function () {
  this.timeout(120000);
  const instances = new ClockedInstances();
  let mongo: MongoClient;
  const startOn = (overrides: Record<string, string> = {}) => instances.start(overrides);

  before(async () => {
    await instances.open();
    mongo = await MongoClient.connect(instances.catalog.mongoUri);
  });
  afterEach(() => (instances.aheadMs = 0));
  after(async () => {
    await mongo?.close();
    await instances.close();
  });

  it('when a key was revoked or expired more than 30 days ago, then it leaves the listing and the database; one within 30 days stays listed', async () => {
    const server = await startOn();
    const dev = await newDeveloper(server.url);
    const live = await dev.key(['products:read']);
    const revoked = await dev.key(['products:read']);
    const expiring = await dev.key(['products:read'], { expires_at: new Date(Date.now() + DAY_MS).toISOString() });
    assert.equal(
      (await call(server.url, 'revokeApiKey', { token: dev.token, params: { id: revoked.id } })).status,
      204,
    );
    const listed = async () =>
      (await call(server.url, 'listApiKeys', { token: dev.token })).body.data.map((k: { id: string }) => k.id).sort();

    instances.aheadMs = 29 * DAY_MS;
    assert.deepEqual(await listed(), [live.id, revoked.id, expiring.id].sort(), 'ended keys are listed for 30 days');
    instances.aheadMs = 30 * DAY_MS + 60000;
    assert.deepEqual(await listed(), [live.id, expiring.id].sort(), 'the revoked key is gone after 30 days');
    instances.aheadMs = 31 * DAY_MS + 60000;
    assert.deepEqual(await listed(), [live.id], 'the expired key is gone 30 days after its expiry');
    const keys = mongo.db().collection('api_keys');
    assert.equal(await keys.countDocuments({ _id: { $in: [revoked.id, expiring.id] } as never }), 0, 'deleted');
    assert.equal(await keys.countDocuments({ _id: live.id as never }), 1);
  });

  it('when an account changes keys past KEY_CHANGES_MAX, then 429 with Retry-After, and nothing is created or revoked', async () => {
    const server = await startOn({ KEY_CHANGES_MAX: '3' });
    const dev = await newDeveloper(server.url);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await dev.key(['products:read']));
    const create = await call(server.url, 'createApiKey', {
      token: dev.token,
      body: { name: 'one more', scopes: ['products:read'] },
    });
    assert.equal(create.status, 429);
    assert.equal(create.body.type, '/problems/rate-limited');
    assert.ok(Number(create.headers.get('retry-after')) > 0);
    const revoke = await call(server.url, 'revokeApiKey', { token: dev.token, params: { id: made[0].id } });
    assert.equal(revoke.status, 429);
    const self = await call(server.url, 'revokeCurrentApiKey', { token: made[1].secret });
    assert.equal(self.status, 429);
    const keys = (await call(server.url, 'listApiKeys', { token: dev.token })).body.data;
    assert.equal(keys.length, 3, 'nothing created');
    assert.ok(
      keys.every((k: { revoked_at: string | null }) => k.revoked_at === null),
      'nothing revoked',
    );
    const other = await newDeveloper(server.url);
    assert.ok((await other.key(['products:read'])).secret, 'another account is not held back');
  });

  it('when a registration left its email linked to no account, then registering that email again succeeds and logs in', async () => {
    const server = await startOn();
    const email = `orphan-${Date.now()}@example.com`;
    // What a registration leaves when its link landed but its answer did not, and the account was taken back.
    await mongo
      .db()
      .collection('account_emails')
      .insertOne({ _id: email as never, account_id: 'an-account-that-is-not-there' });
    const password = 'a-long-enough-password-9';
    const registered = await call(server.url, 'register', { body: { email, password } });
    assert.equal(registered.status, 201, registered.text);
    const login = await call(server.url, 'login', { body: { email, password } });
    assert.equal(login.status, 200);
    const again = await call(server.url, 'register', { body: { email, password: 'another-long-password-8' } });
    assert.equal(again.status, 409, 'the email is taken now');
  });

  it('when a key creation is sent again with its Idempotency-Key, then the same key comes back (secret included), once, even at once; another request with that key answers 422', async () => {
    const server = await startOn();
    const dev = await newDeveloper(server.url);
    const body: { name: string; scopes: 'products:read'[] } = { name: 'ci deploy', scopes: ['products:read'] };
    const create = (b: typeof body, key: string) =>
      call(server.url, 'createApiKey', { token: dev.token, body: b, headers: { 'idempotency-key': key } });
    const first = await create(body, 'deploy-2026-11-25');
    assert.equal(first.status, 201);
    assert.equal(first.headers.get('idempotent-replayed'), null);
    const retries = await Promise.all(Array.from({ length: 4 }, () => create(body, 'deploy-2026-11-25')));
    for (const retry of retries) {
      assert.equal(retry.status, 201);
      assert.equal(retry.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(retry.body, first.body, 'the same key, secret and created_at');
    }
    const listed = (await call(server.url, 'listApiKeys', { token: dev.token })).body.data;
    assert.deepEqual(
      listed.map((k: { id: string }) => k.id),
      [first.body.id],
      'one key made',
    );
    assert.equal(
      (await call(server.url, 'listProducts', { token: first.body.secret })).status,
      200,
      'its secret works',
    );

    const other = await create({ ...body, name: 'another' }, 'deploy-2026-11-25');
    assert.equal(other.status, 422);
    assert.equal(other.body.type, '/problems/idempotency-key-reused');
    const fresh = await create(body, 'deploy-2026-11-26');
    assert.equal(fresh.status, 201);
    assert.notEqual(fresh.body.id, first.body.id, 'a new Idempotency-Key makes a new key');
    const elsewhere = await newDeveloper(server.url);
    const theirs = await call(server.url, 'createApiKey', {
      token: elsewhere.token,
      body,
      headers: { 'idempotency-key': 'deploy-2026-11-25' },
    });
    assert.equal(theirs.status, 201);
    assert.notEqual(theirs.body.id, first.body.id, "another account's same Idempotency-Key is its own");

    instances.aheadMs = 25 * 3600 * 1000;
    const late = await create(body, 'deploy-2026-11-25');
    assert.equal(late.status, 422, 'a day later the key is spent');
    assert.match(late.body.detail, /24 hours/);
  });

  it('when the Idempotency-Key is malformed (too long, or with a space), then 400 names the header and nothing is created', async () => {
    const server = await startOn();
    const dev = await newDeveloper(server.url);
    for (const bad of ['x'.repeat(256), 'two words']) {
      const res = await call(server.url, 'createApiKey', {
        token: dev.token,
        body: { name: 'k', scopes: ['products:read'] },
        headers: { 'idempotency-key': bad },
      });
      assert.equal(res.status, 400);
      assert.deepEqual(
        res.body.errors.map((e: { in: string; name: string }) => [e.in, e.name]),
        [['header', 'idempotency-key']],
      );
    }
    assert.equal((await call(server.url, 'listApiKeys', { token: dev.token })).body.data.length, 0);
  });
});
