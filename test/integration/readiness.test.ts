import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server';
import { PrivateEngine, CuttableProxy } from '../helpers/private-engines';
import { ELASTICSEARCH_URL } from '../helpers/engines';
import { request } from '../helpers/http';

async function readyzUntil(server: TestServer, status: number, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await request(`${server.url}/readyz`);
    if (res.status === status || Date.now() > deadline) return res;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('readiness', function () {
  this.timeout(60000);
  let redis: PrivateEngine;
  let ferret: PrivateEngine;
  let esProxy: CuttableProxy;
  let server: TestServer;

  before(async () => {
    [redis, ferret, esProxy] = await Promise.all([
      PrivateEngine.create('redis'),
      PrivateEngine.create('ferretdb'),
      CuttableProxy.create(ELASTICSEARCH_URL),
    ]);
    server = await startServer({
      REDIS_URL: redis.url,
      MONGODB_URI: ferret.url,
      ELASTICSEARCH_URL: esProxy.url,
      REQUEST_TIMEOUT_MS: '1500',
    });
  });
  after(async () => {
    await server?.stop().catch(() => undefined);
    await Promise.all([redis?.destroy(), ferret?.destroy(), esProxy?.cut()]);
  });

  it('when every engine answers, then /readyz is 200 and names all three', async () => {
    const res = await request(`${server.url}/readyz`);
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body.checks).sort(), ['elasticsearch', 'mongodb', 'redis']);
    assert.ok(Object.values(res.body.checks).every((c: any) => c.status === 'up'));
  });

  for (const which of ['redis', 'mongodb', 'elasticsearch'] as const) {
    it(`when ${which} stops, then /readyz is a 503 problem naming it; when it is back, then 200 without a restart`, async () => {
      const engine = { redis: () => redis, mongodb: () => ferret, elasticsearch: () => esProxy }[which]();
      if (engine instanceof CuttableProxy) await engine.cut();
      else await engine.stop();

      const down = await readyzUntil(server, 503);
      assert.equal(down.status, 503);
      assert.equal(down.headers.get('content-type'), 'application/problem+json');
      assert.equal(down.body.type, '/problems/dependency-unavailable');
      assert.match(down.body.detail, new RegExp(which));
      assert.equal(down.body.checks[which].status, 'down');
      assert.ok(down.headers.get('retry-after'));

      if (engine instanceof CuttableProxy) await engine.resume();
      else await engine.start();
      const back = await readyzUntil(server, 200);
      assert.equal(back.status, 200, JSON.stringify(back.body));
    });
  }

  it('then /healthz says the process is alive whatever the engines do', async () => {
    const res = await request(`${server.url}/healthz`);
    assert.deepEqual([res.status, res.body], [200, { status: 'ok' }]);
  });
});
