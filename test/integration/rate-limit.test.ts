// The rate-limit gate on the real Redis, through a proxy that records what the service writes to
// it: both limits (the key's and the account's) are counted in one write, so a request waits for
// one round trip, and the account's limit still holds across keys.
import assert from 'node:assert/strict';
import net, { type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { rateLimitGate } from '../../src/http/rate-limit';
import { createRedis, redisReady, type RedisClient } from '../../src/adapters/redis/client';
import { createLogger } from '../../src/shared/logger';
import { problemErrors } from '../../src/http/errors';
import { REDIS_URL, uniqueName } from '../helpers/engines';
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

describe('rate-limit gate on Redis', function () {
  this.timeout(20000);
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  let redis: RedisClient;
  let server: Server;
  let base: string;

  before(async () => {
    proxy = await recordingProxy(new URL(REDIS_URL));
    redis = createRedis(proxy.url, true);
    await redisReady(redis, 5000);
    const app = new Koa<RequestState>();
    app.silent = true;
    const logger = createLogger('silent');
    app.use(problemErrors(logger));
    // The key gate's part, from a header: which key and account the request is made with.
    app.use(async (ctx, next) => {
      const [id, accountId] = ctx.get('x-key').split('/');
      ctx.state.apiKey = { id, accountId, scopes: ['products:read'] };
      await next();
    });
    app.use(
      rateLimitGate({ max: 3, accountMax: 4, windowMs: 60000, redis, keyPrefix: `${uniqueName('rl')}:`, logger }),
    );
    app.use((ctx) => (ctx.body = { ok: true }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server?.close();
    redis?.disconnect();
    await proxy?.close();
  });

  const get = (key: string) => fetch(base, { headers: { 'x-key': key } });

  it('when a key makes a request, then both limits are counted in one write to Redis', async () => {
    await get('warm/up'); // loads the script into Redis
    proxy.chunks.length = 0;
    const res = await get('k1/a1');
    assert.equal(res.status, 200);
    const scripts = proxy.chunks.map((c) => c.match(/EVALSHA/gi)?.length ?? 0);
    assert.deepEqual(scripts, [2], `writes: ${JSON.stringify(proxy.chunks)}`);
    assert.match(proxy.chunks[0], /ratelimit:k1/);
    assert.match(proxy.chunks[0], /ratelimit:account:a1/);
  });

  it('when an account spreads requests over two keys, then its limit holds across them and is the one reported', async () => {
    // k1 has made one request (above); the account allows 4 in all.
    const second = await get('k1/a1');
    assert.equal(second.status, 200);
    assert.equal(
      second.headers.get('x-ratelimit-remaining'),
      '1',
      'the tighter limit: the key (3) has 1 left, the account (4) 2',
    );
    assert.equal((await get('k2/a1')).status, 200);
    const fourth = await get('k2/a1');
    assert.equal(fourth.status, 200);
    assert.equal(fourth.headers.get('x-ratelimit-remaining'), '0');
    const refused = await get('k3/a1');
    assert.equal(refused.status, 429);
    assert.match(((await refused.json()) as { detail: string }).detail, /account/);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    assert.equal((await get('k9/a9')).status, 200, 'another account is not limited');
  });
});
