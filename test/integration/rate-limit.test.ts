// The rate-limit gate on the real Redis, through a proxy that records what the service writes to
// it: both limits (the key's and the account's) are taken in one write, a busy key costs one round
// trip per block rather than per request, the account's limit holds across keys, and several
// instances together never serve more than the limit.
import assert from 'node:assert/strict';
import net, { type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { rateLimit, type RateLimit } from '../../src/limits/rate-limit';
import { redisAllowanceStore } from '../../src/adapters/redis/allowance-store';
import { createRedis, redisReady, type RedisClient } from '../../src/adapters/redis/client';
import { createLogger } from '../../src/shared/logger';
import { problemErrors } from '../../src/http/errors';
import { REDIS_URL, uniqueName } from '../helpers/engines';
import { until } from '../helpers/load';
import type { RequestState } from '../../src/http/request-state';

/** A TCP proxy to Redis that keeps each chunk the client sends. */
async function recordingProxy(target: URL): Promise<{ url: string; chunks: string[]; close(): Promise<void> }> {
  const chunks: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (c) => (chunks.push(c.toString('latin1')), upstream.write(c)));
    upstream.on('data', (c) => client.write(c));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    chunks,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** An instance of the gate alone, over HTTP: the key and account come from the `x-key` header ("key/account"). */
async function gateServer(limits: RateLimit): Promise<{ get(key: string): Promise<Response>; close(): Promise<void> }> {
  const app = new Koa<RequestState>();
  app.silent = true;
  app.use(problemErrors(createLogger('silent')));
  app.use(async (ctx, next) => {
    const [id, accountId] = ctx.get('x-key').split('/');
    ctx.state.apiKey = { id, accountId, scopes: ['products:read'] };
    await next();
  });
  app.use(limits.gate);
  app.use((ctx) => (ctx.body = { ok: true }));
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: (key) => fetch(base, { headers: { 'x-key': key } }),
    close: async () => {
      await limits.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

const scriptsIn = (chunks: readonly string[]) => chunks.map((c) => c.match(/EVALSHA|EVAL /gi)?.length ?? 0);
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('rate-limit gate on Redis', function () {
  this.timeout(30000);
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  let redis: RedisClient;
  const gates: Awaited<ReturnType<typeof gateServer>>[] = [];
  const logger = createLogger('silent');
  const gate = async (options: { max: number; accountMax: number; prefix: string; idleMs?: number }) => {
    const g = await gateServer(
      rateLimit({ ...options, windowMs: 60000, store: redisAllowanceStore(redis, options.prefix), logger }),
    );
    gates.push(g);
    return g;
  };

  before(async () => {
    proxy = await recordingProxy(new URL(REDIS_URL));
    redis = createRedis(proxy.url, true);
    await redisReady(redis, 5000);
  });
  after(async () => {
    await Promise.all(gates.map((g) => g.close()));
    redis?.disconnect();
    await proxy?.close();
  });

  describe('with limits of a few requests', () => {
    let small: Awaited<ReturnType<typeof gateServer>>;
    before(async () => (small = await gate({ max: 3, accountMax: 4, prefix: `${uniqueName('rl')}:` })));

    it('when a key makes its first request, then both limits are taken in one write to Redis', async () => {
      await small.get('warm/up'); // loads the scripts into Redis
      proxy.chunks.length = 0;
      const res = await small.get('k1/a1');
      assert.equal(res.status, 200);
      assert.deepEqual(scriptsIn(proxy.chunks), [2], `writes: ${JSON.stringify(proxy.chunks)}`);
      assert.match(proxy.chunks[0], /allowance:key:k1/);
      assert.match(proxy.chunks[0], /allowance:account:a1/);
    });

    it('when an account spreads requests over two keys, then its limit holds across them and is the one reported', async () => {
      // k1 has made one request (above); the account allows 4 in all.
      const second = await small.get('k1/a1');
      assert.equal(second.status, 200);
      assert.equal(
        second.headers.get('x-ratelimit-remaining'),
        '1',
        'the tighter limit: the key (3) has 1 left, the account (4) 2',
      );
      assert.equal((await small.get('k2/a1')).status, 200);
      const fourth = await small.get('k2/a1');
      assert.equal(fourth.status, 200);
      assert.equal(fourth.headers.get('x-ratelimit-remaining'), '0');
      const refused = await small.get('k3/a1');
      assert.equal(refused.status, 429);
      assert.match(((await refused.json()) as { detail: string }).detail, /account/);
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      assert.equal((await small.get('k9/a9')).status, 200, 'another account is not limited');
    });
  });

  it('when a key keeps calling, then Redis is asked once per block, not once per request, and the count stays exact', async () => {
    // A limit of 3,200 takes blocks of up to 100.
    const busy = await gate({ max: 3200, accountMax: 6400, prefix: `${uniqueName('rl')}:` });
    await busy.get('warm/up');
    proxy.chunks.length = 0;
    const remaining: number[] = [];
    for (let i = 0; i < 300; i++) {
      const res = await busy.get('busy/acct');
      assert.equal(res.status, 200);
      remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
    }
    const scripts = sum(scriptsIn(proxy.chunks));
    assert.ok(scripts <= 30, `${scripts} scripts for 300 requests (600 if counted per request)`);
    assert.deepEqual(
      remaining.slice(-3),
      [3200 - 298, 3200 - 299, 3200 - 300],
      'what is left is the limit less every request, however many are held',
    );
  });

  it('when one key is served by two instances at once, then together they never serve more than the limit, and what one holds unused goes back', async () => {
    const LIMIT = 320; // blocks of up to 10
    const prefix = `${uniqueName('rl')}:`;
    const [a, b] = [
      await gate({ max: LIMIT, accountMax: 10 * LIMIT, prefix }),
      await gate({ max: LIMIT, accountMax: 10 * LIMIT, prefix }),
    ];
    const burst = async (n: number) => {
      const statuses: number[] = [];
      // 8 clients at a time, alternating instances.
      await Promise.all(
        Array.from({ length: 8 }, async (_, w) => {
          for (let i = w; i < n; i += 8) statuses.push((await (i % 2 ? a : b).get('shared/acct')).status);
        }),
      );
      return statuses;
    };
    const first = await burst(LIMIT + 80);
    const served = first.filter((s) => s === 200).length;
    assert.deepEqual(
      [...new Set(first)].sort((x, y) => x - y),
      [200, 429],
    );
    assert.ok(served <= LIMIT, `served ${served} of ${LIMIT}`);
    assert.ok(served >= LIMIT - 10, `served ${served}: at most one block (10) early`);
    // What the instances hold unused goes back once idle (here: on shutdown); a third instance then
    // serves exactly the rest of the limit.
    await Promise.all([a.close(), b.close()]);
    gates.splice(gates.indexOf(a), 1);
    gates.splice(gates.indexOf(b), 1);
    const c = await gate({ max: LIMIT, accountMax: 10 * LIMIT, prefix });
    let more = 0;
    while ((await c.get('shared/acct')).status === 200) more += 1;
    assert.equal(served + more, LIMIT);
  });

  it('when an instance stops using what it took, then it gives it back after the idle time', async () => {
    const prefix = `${uniqueName('rl')}:`;
    const idle = await gate({ max: 3200, accountMax: 6400, prefix, idleMs: 100 });
    for (let i = 0; i < 40; i++) assert.equal((await idle.get('idle/acct')).status, 200);
    const taken = async () => Number(await redis.hget(`${prefix}allowance:key:idle`, 'taken'));
    assert.ok((await taken()) > 40, 'a block beyond the 40 requests is held');
    await until(async () => (await taken()) === 40, 5000, 'the unused part is given back');
  });
});
