// Accounts, keys, the key gate, rate limits and credits, through the contract on real engines.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { MongoClient } from 'mongodb';
import type { TestServer } from '../helpers/server';
import { ClockedInstances } from '../helpers/clocked-instances';
import { newDeveloper, type Developer } from '../helpers/accounts';
import { call, callUnchecked } from '../helpers/contract';
import { ROOT, ELASTICSEARCH_URL } from '../helpers/engines';

describe('accounts, keys, rate limits and credits', function () {
  this.timeout(120000);
  const instances = new ClockedInstances();
  let server: TestServer;
  const startOn = (overrides: Record<string, string> = {}) => instances.start(overrides);

  before(async () => {
    await instances.open();
    server = await startOn();
  });
  after(() => instances.close());

  it('when a new user goes register -> login -> key -> list -> search -> new key -> search -> revoke, then each step answers as documented', async () => {
    const email = `journey-${Date.now()}@Example.COM`;
    const registered = await call(server.url, 'register', { body: { email, password: 'grid-tied-inverter-2026' } });
    assert.equal(registered.status, 201);
    assert.equal(registered.body.email, email.toLowerCase());
    assert.equal(registered.body.credits, server.config.SIGNUP_CREDITS);
    const login = await call(server.url, 'login', {
      body: { email: email.toLowerCase(), password: 'grid-tied-inverter-2026' },
    });
    assert.equal(login.body.token_type, 'Bearer');
    const token = login.body.access_token;
    const readKey = await call(server.url, 'createApiKey', {
      token,
      body: { name: 'reader', scopes: ['products:read'] },
    });
    assert.match(readKey.body.secret, /^pds_[a-z0-9]{16}_[A-Za-z0-9_-]{43}$/);

    const listed = await call(server.url, 'listProducts', { token: readKey.body.secret, query: { limit: 2 } });
    assert.equal(listed.status, 200);
    for (const h of [
      'x-request-id',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'ratelimit',
      'ratelimit-policy',
      'x-quota-balance',
      'x-quota-cost',
      'server-timing',
    ]) {
      assert.ok(listed.headers.get(h), `header ${h}`);
    }
    assert.equal(listed.headers.get('x-quota-cost'), '1');
    assert.equal(Number(listed.headers.get('x-quota-balance')), server.config.SIGNUP_CREDITS - 1);
    assert.match(listed.headers.get('server-timing')!, /es;dur=[\d.]+.*total;dur=/);

    const forbidden = await call(server.url, 'searchProducts', { token: readKey.body.secret, query: { q: 'trina' } });
    assert.equal(forbidden.status, 403);
    assert.match(forbidden.body.detail, /search:read/);

    const searchKey = await call(server.url, 'createApiKey', {
      token,
      body: { name: 'searcher', scopes: ['search:read'] },
    });
    const found = await call(server.url, 'searchProducts', { token: searchKey.body.secret, query: { q: 'trina' } });
    assert.equal(found.status, 200);
    assert.ok(found.body.data.length > 0);

    const revoked = await call(server.url, 'revokeApiKey', { token, params: { id: searchKey.body.id } });
    assert.equal(revoked.status, 204);
    const after = await call(server.url, 'searchProducts', { token: searchKey.body.secret, query: { q: 'trina' } });
    assert.equal(after.status, 401);
    assert.match(after.body.detail, /revoked/);
    const keys = await call(server.url, 'listApiKeys', { token });
    assert.deepEqual(
      keys.body.data.map((k: any) => [k.name, k.revoked_at !== null]),
      [
        ['searcher', true],
        ['reader', false],
      ],
    );
  });

  const badRegistrations: [string, object | string, string][] = [
    ['an invalid email', { email: 'not-an-email', password: 'long-enough-password-1' }, 'email'],
    ['a short password', { email: 'short@example.com', password: 'Sh0rt!' }, 'password'],
    ['a common password', { email: 'common@example.com', password: 'password1234' }, 'password'],
    [
      'an extra field (credits)',
      { email: 'rich@example.com', password: 'long-enough-password-1', credits: 1e9 },
      'credits',
    ],
    ['a missing field', { email: 'half@example.com' }, 'password'],
    ['malformed JSON', '{"email": "x@example.com", ', '(body)'],
  ];
  for (const [what, body, name] of badRegistrations) {
    it(`when registering with ${what}, then 400 problem naming ${name}, and no account exists`, async () => {
      const res =
        typeof body === 'string'
          ? await callUnchecked(server.url, 'register', { rawBody: body })
          : await callUnchecked(server.url, 'register', { body });
      assert.equal(res.status, 400, res.text);
      if (name !== '(body)')
        assert.ok(
          res.body.errors.some((e: any) => e.name === name),
          JSON.stringify(res.body.errors),
        );
      else assert.equal(res.body.type, '/problems/malformed-json');
      if (typeof body === 'object' && 'email' in body) {
        const login = await call(server.url, 'login', {
          body: {
            email: (body as { email: string }).email.includes('@')
              ? (body as { email: string }).email
              : 'x@example.com',
            password: 'long-enough-password-1',
          },
        });
        assert.equal(login.status, 401);
      }
    });
  }

  it('when the body is too large or not JSON, then 413 or 415 problem', async () => {
    const big = await call(server.url, 'register', { body: { email: 'big@example.com', password: 'x'.repeat(20000) } });
    assert.equal(big.status, 413);
    const text = await callUnchecked(server.url, 'register', {
      rawBody: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    assert.equal(text.status, 415);
  });

  it('when an email registers twice (in any case), then 409 problem', async () => {
    await call(server.url, 'register', { body: { email: 'twice@example.com', password: 'long-enough-password-1' } });
    const again = await call(server.url, 'register', {
      body: { email: 'TWICE@Example.com', password: 'another-long-password-2' },
    });
    assert.equal(again.status, 409);
  });

  it('when login fails, then the answer is the same whether the email exists or not, and takes similar time', async () => {
    const dev = await newDeveloper(server.url);
    const time = async (email: string) => {
      const t0 = process.hrtime.bigint();
      const res = await call(server.url, 'login', { body: { email, password: 'wrong-password-entirely' } });
      return { res, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
    };
    const known = [await time(dev.email), await time(dev.email), await time(dev.email)];
    const unknown = [
      await time('nobody@example.com'),
      await time('nobody@example.com'),
      await time('nobody@example.com'),
    ];
    for (const { res } of [...known, ...unknown]) assert.equal(res.status, 401);
    const strip = (b: any) => ({ type: b.type, title: b.title, detail: b.detail });
    assert.deepEqual(strip(known[0].res.body), strip(unknown[0].res.body));
    const median = (xs: { ms: number }[]) => xs.map((x) => x.ms).sort((a, b) => a - b)[1];
    // Both paths run scrypt; without the dummy hash the unknown email would answer in ~1 ms.
    assert.ok(median(unknown) > median(known) / 3, `unknown ${median(unknown)} ms vs known ${median(known)} ms`);
  });

  it('when login is tried too often for one email, then 429 with Retry-After', async () => {
    const strict = await startOn({ LOGIN_RATE_LIMIT_MAX: '3' });
    const codes = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        (await call(strict.url, 'login', { body: { email: 'victim@example.com', password: `guess-number-${i}-xx` } }))
          .status,
      );
    assert.deepEqual(codes, [401, 401, 401, 429, 429]);
    const res = await call(strict.url, 'login', {
      body: { email: 'victim@example.com', password: 'guess-again-xxxx' },
    });
    assert.ok(Number(res.headers.get('retry-after')) >= 1);
  });

  it('when key management is called without a valid login token, then 401 problem', async () => {
    const dev = await newDeveloper(server.url);
    const forged = jwt.sign({ typ: 'login' }, 'some-other-secret-that-is-long-enough', {
      subject: dev.accountId,
      issuer: 'product-data-service',
      audience: 'developer-keys',
    });
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ sub: dev.accountId, typ: 'login', iss: 'product-data-service', aud: 'developer-keys' })).toString('base64url')}.`;
    const expired = jwt.sign({ typ: 'login', exp: Math.floor(Date.now() / 1000) - 10 }, server.config.JWT_SECRET, {
      subject: dev.accountId,
      issuer: 'product-data-service',
      audience: 'developer-keys',
    });
    for (const token of [undefined, 'garbage', forged, none, expired, (await dev.key(['products:read'])).secret]) {
      const res = await call(server.url, 'listApiKeys', { token });
      assert.equal(res.status, 401, String(token));
      assert.ok(res.headers.get('www-authenticate'));
    }
  });

  it('when a key revokes itself, then it answers 401 from then on, whatever its scopes, and a login token cannot use that path', async () => {
    const dev = await newDeveloper(server.url);
    const key = await dev.key(['revisions:read']);
    const other = await dev.key(['products:read']);
    const byToken = await callUnchecked(server.url, 'revokeCurrentApiKey', { token: dev.token });
    assert.equal(byToken.status, 401, byToken.text);
    const revoked = await call(server.url, 'revokeCurrentApiKey', { token: key.secret });
    assert.equal(revoked.status, 204, revoked.text);
    const again = await call(server.url, 'revokeCurrentApiKey', { token: key.secret });
    assert.equal(again.status, 401);
    assert.match(again.body.detail, /revoked/);
    const listed = await call(server.url, 'listApiKeys', { token: dev.token });
    const state = new Map(listed.body.data.map((k: any) => [k.id, k.revoked_at !== null]));
    assert.equal(state.get(key.id), true, 'the key that asked is revoked');
    assert.equal(state.get(other.id), false, "the account's other key is not");
    const read = await call(server.url, 'listProducts', { token: other.secret, query: { limit: 1 } });
    assert.equal(read.status, 200);
  });

  it('when a key is created with an unknown scope or a past expiry, then 400 names the field', async () => {
    const dev = await newDeveloper(server.url);
    const scope = await callUnchecked(server.url, 'createApiKey', {
      token: dev.token,
      body: { name: 'x', scopes: ['admin:write'] },
    });
    assert.equal(scope.status, 400);
    assert.equal(scope.body.errors[0].name, 'scopes');
    const past = await call(server.url, 'createApiKey', {
      token: dev.token,
      body: { name: 'x', scopes: ['products:read'], expires_at: '2020-01-01T00:00:00Z' },
    });
    assert.equal(past.status, 400);
    assert.equal(past.body.errors[0].name, 'expires_at');
  });

  it("when an account names another account's key, then 404, and each sees only its own keys", async () => {
    const [ann, bob] = [await newDeveloper(server.url), await newDeveloper(server.url)];
    const annKey = await ann.key(['products:read']);
    await bob.key(['search:read']);
    const steal = await call(server.url, 'revokeApiKey', { token: bob.token, params: { id: annKey.id } });
    assert.equal(steal.status, 404);
    const bobs = await call(server.url, 'listApiKeys', { token: bob.token });
    assert.deepEqual(
      bobs.body.data.map((k: any) => k.scopes),
      [['search:read']],
    );
    const stillWorks = await call(server.url, 'listProducts', { token: annKey.secret });
    assert.equal(stillWorks.status, 200);
  });

  it('when a product read has no key, a malformed, unknown or expired key, then 401 problem saying which', async () => {
    const dev = await newDeveloper(server.url);
    const soon = await dev.key(['products:read'], { expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    const real = await dev.key(['products:read']);
    const cases: [Record<string, string> | undefined, RegExp][] = [
      [undefined, /Authorization: Bearer/],
      [{ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }, /Authorization: Bearer/],
      [{ authorization: 'Bearer pds_0000000000000000_' + 'A'.repeat(43) }, /not valid/],
      [{ authorization: `Bearer ${real.secret.slice(0, -1)}${real.secret.endsWith('A') ? 'B' : 'A'}` }, /not valid/],
      [{ authorization: `Bearer ${dev.token}` }, /API key is required/],
    ];
    for (const [headers, detail] of cases) {
      const res = await call(server.url, 'listProducts', { headers });
      assert.equal(res.status, 401);
      assert.match(res.body.detail, detail);
    }
    assert.equal(
      (await call(server.url, 'listProducts', { token: soon.secret })).status,
      200,
      'valid until its hour is up',
    );
    instances.aheadMs = 3_600_000;
    try {
      const expired = await call(server.url, 'listProducts', { token: soon.secret });
      assert.equal(expired.status, 401);
      assert.match(expired.body.detail, /expired/);
    } finally {
      instances.aheadMs = 0;
    }
  });

  it('when a second instance runs with RATE_LIMIT_MAX=5 and SIGNUP_CREDITS=3, then credits run out (402), a grant restores them, and the limit answers 429', async () => {
    const small = await startOn({ RATE_LIMIT_MAX: '5', SIGNUP_CREDITS: '3', RATE_LIMIT_WINDOW_MS: '60000' });
    const dev = await newDeveloper(small.url);
    const key = (await dev.key(['products:read'])).secret;
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await call(small.url, 'listProducts', { token: key, query: { limit: 1 } })).status);
    assert.deepEqual(
      statuses,
      [200, 200, 200, 402, 402],
      'three credits buy three reads; the rate limit still allows five',
    );

    // Run without blocking this process, which serves the instance: a synchronous spawn held its event
    // loop ~4 s, past the server's keep-alive timeout, and the next request met a closed socket.
    const grant = await promisify(execFile)(
      process.execPath,
      [path.join(ROOT, 'dist/src/cli/credits.js'), 'grant', dev.email, '10'],
      { env: { ...process.env, MONGODB_URI: instances.catalog.mongoUri, ELASTICSEARCH_URL }, encoding: 'utf8' },
    );
    assert.match(grant.stdout, /balance 10/);
    const limited = await call(small.url, 'listProducts', { token: key });
    assert.equal(limited.status, 429, 'the sixth request of the window is over the limit, credits or not');
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    assert.equal(limited.headers.get('x-ratelimit-remaining'), '0');
    assert.match(limited.headers.get('ratelimit-policy') ?? '', /q=5;w=60/);
  });

  it('when 50 requests race against a balance of 10, then exactly 10 succeed and the balance ends at 0', async () => {
    const racy = await startOn({ SIGNUP_CREDITS: '10', RATE_LIMIT_MAX: '1000' });
    const dev = await newDeveloper(racy.url);
    const key = (await dev.key(['products:read'])).secret;
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(racy.url, 'listProducts', { token: key, query: { limit: 1, fields: ['id'] } }),
      ),
    );
    const count = (s: number) => replies.filter((r) => r.status === s).length;
    // Every status with its problem, so a refusal other than 402 says what it was.
    const tally = new Map<string, number>();
    for (const r of replies) {
      const said = `${r.status}${r.status === 200 ? '' : ` ${r.body?.type ?? r.text.slice(0, 80)}`}`;
      tally.set(said, (tally.get(said) ?? 0) + 1);
    }
    assert.deepEqual([count(200), count(402)], [10, 40], [...tally].map(([k, n]) => `${n} × ${k}`).join('; '));
    const mongo = new MongoClient(instances.catalog.mongoUri);
    try {
      const account = await mongo.db().collection('accounts').findOne({ email: dev.email });
      assert.equal(account?.credits, 0);
    } finally {
      await mongo.close();
    }
  });

  it('then no password or key secret appears in logs, key listings or the database', async () => {
    const dev: Developer = await newDeveloper(server.url);
    const key = await dev.key(['products:read', 'search:read']);
    // The random part follows `pds_<id>_` (it is base64url, so it may itself contain '_').
    const random = key.secret.slice(`pds_${key.id}_`.length);
    assert.equal(random.length, 43);
    await call(server.url, 'listProducts', { token: key.secret });
    await call(server.url, 'login', { body: { email: dev.email, password: dev.password } });
    const listing = await call(server.url, 'listApiKeys', { token: dev.token });
    assert.ok(!listing.text.includes(random), 'the listing shows no secret');
    const logs = server.logs.join('\n');
    for (const secret of [dev.password, key.secret, random, dev.token])
      assert.ok(!logs.includes(secret), 'a secret reached the logs');
    const mongo = new MongoClient(instances.catalog.mongoUri);
    try {
      const dump = JSON.stringify(
        await Promise.all(
          ['accounts', 'account_emails', 'api_keys'].map((c) => mongo.db().collection(c).find({}).toArray()),
        ),
      );
      assert.ok(
        !dump.includes(dev.password) && !dump.includes(key.secret) && !dump.includes(random),
        'a secret is stored in clear',
      );
      assert.match(dump, /scrypt\$32768\$8\$1\$/);
    } finally {
      await mongo.close();
    }
  });
});
