// /metrics: the series an operator scrapes, and who may read them.
import assert from 'node:assert/strict';
import http from 'node:http';
import os from 'node:os';
import { startServer, type TestServer } from '../helpers/server';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';
import { request } from '../helpers/http';

/** The value of one series (exact label set) in a Prometheus text exposition; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function scrape(server: TestServer): Promise<string> {
  const res = await request(`${server.url}/metrics`);
  assert.equal(res.status, 200, res.text);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  return res.text;
}

describe('metrics', function () {
  this.timeout(60000);
  let catalog: Catalog;
  let server: TestServer;

  before(async () => {
    catalog = await openCatalog();
    await catalog.seed(writeSources());
    server = await startServer({
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: catalog.alias,
      RATE_LIMIT_MAX: '3',
    });
  });
  after(async () => {
    await server?.stop();
    await catalog?.drop();
  });

  it('when a few requests were answered, then /metrics shows them by route and status, with latencies, dependency calls, credits and rate-limit rejections', async () => {
    const before = await scrape(server);
    const key = (await (await newDeveloper(server.url)).key(['search:read'])).secret;
    const statuses: number[] = [];
    let charged = 0;
    // Four different searches: a repeated one would be answered from the read cache, without Elasticsearch.
    for (const q of ['trina', 'trina tsm', 'huawei', 'abb micro']) {
      const res = await request(`${server.url}/api/v1/search?q=${encodeURIComponent(q)}`, { token: key });
      statuses.push(res.status);
      if (res.status === 200) charged += Number(res.headers.get('x-quota-cost'));
    }
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    assert.equal((await request(`${server.url}/api/v1/search?q=trina`, { token: 'pds_nope' })).status, 401);
    const after = await scrape(server);

    const delta = (series: string) => sample(after, series) - sample(before, series);
    assert.equal(delta('pds_http_requests_total{route="/api/v1/search",method="GET",status="200"}'), 3);
    assert.equal(delta('pds_http_requests_total{route="/api/v1/search",method="GET",status="429"}'), 1);
    assert.equal(delta('pds_http_requests_total{route="/api/v1/search",method="GET",status="401"}'), 1);
    assert.equal(delta('pds_http_request_duration_seconds_count{route="/api/v1/search",method="GET",status="200"}'), 3);
    assert.equal(
      delta('pds_http_request_duration_seconds_bucket{le="+Inf",route="/api/v1/search",method="GET",status="200"}'),
      3,
    );
    assert.ok(delta('pds_dependency_call_duration_seconds_count{dependency="es"}') >= 3, 'Elasticsearch calls timed');
    assert.ok(delta('pds_dependency_call_duration_seconds_count{dependency="db"}') >= 3, 'database calls timed');
    assert.ok(
      delta('pds_read_cache_lookups_total{result="miss"}') >= 3,
      'the three answered searches (all different) missed the read cache',
    );
    assert.equal(delta('pds_credits_spent_total'), charged);
    assert.equal(delta('pds_rate_limit_rejections_total{limiter="api_key"}'), 1);
    assert.match(after, /^pds_process_resident_memory_bytes \d+/m, 'process metrics too');
  });

  it('when /metrics is asked from another address than loopback, then 403 problem', async function () {
    const local = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (!local) this.skip();
    // From this machine's own non-loopback address to the server's loopback one: the kernel routes it
    // locally, and the server sees a peer that is not 127.0.0.1.
    const port = new URL(server.url).port;
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(
          { host: '127.0.0.1', port, path: '/metrics', localAddress: local.address },
          (res) => (res.resume(), resolve(res.statusCode!)),
        )
        .on('error', reject);
    });
    assert.equal(status, 403);
  });

  it('when METRICS_ACCESS=token, then /metrics needs that bearer token; when off, then there is no /metrics', async () => {
    const token = 'metrics-token-0123456789abcdef0123456789';
    const guarded = await startServer({ METRICS_ACCESS: 'token', METRICS_TOKEN: token });
    const off = await startServer({ METRICS_ACCESS: 'off' });
    try {
      assert.equal((await request(`${guarded.url}/metrics`)).status, 401);
      assert.equal((await request(`${guarded.url}/metrics`, { token: `${token}x` })).status, 401);
      assert.equal((await request(`${guarded.url}/metrics`, { token })).status, 200);
      const none = await request(`${off.url}/metrics`);
      assert.equal(none.status, 404);
      assert.equal(none.headers.get('content-type'), 'application/problem+json');
    } finally {
      await Promise.all([guarded.stop(), off.stop()]);
    }
  });
});
