// The real entry point as an operator runs it with WEB_CONCURRENCY=2: a primary and two workers
// sharing one port. Every request here goes on a connection of its own, so the primary hands them
// to the workers in turn; the access log's `pid` field shows that both served.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { ROOT, ELASTICSEARCH_URL, REDIS_URL, uniqueName } from '../helpers/engines';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';
import { logLines } from '../helpers/log-lines';
import { until } from '../helpers/load';
import { childrenOf } from '../helpers/service-process';

const CREDITS = 150;
const LIMIT = 40;

/** One request on a new connection (no keep-alive): status, headers and parsed body. */
function fresh(url: string, options: { token?: string; method?: string; body?: unknown } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any; text: string }>(
    (resolve, reject) => {
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      const req = http.request(
        url,
        {
          method: options.method ?? 'GET',
          agent: false,
          headers: {
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => {
            let body: unknown;
            try {
              body = JSON.parse(text);
            } catch {
              body = undefined;
            }
            resolve({ status: res.statusCode!, headers: res.headers, body, text });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    },
  );
}

/** The value of one series in Prometheus text, 0 when it is absent. */
function series(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

/** A webhook receiver that verifies every delivery by the secret of the watch its path names. */
function receiver() {
  const secrets = new Map<string, string>();
  const received: string[] = [];
  const refused: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      try {
        new Webhook(secrets.get(req.url!)!).verify(body, req.headers as Record<string, string>);
        received.push(req.url!);
        res.writeHead(204).end();
      } catch (err) {
        refused.push(`${req.url}: ${(err as Error).message}`);
        res.writeHead(400).end('bad signature');
      }
    });
  });
  return { server, secrets, received, refused };
}

describe('two workers (WEB_CONCURRENCY=2) behind one port', function () {
  this.timeout(120000);
  let catalog: Catalog;
  let child: ChildProcess;
  let out = '';
  let url: string;
  const lines = () => logLines(out);
  /** Resolves with the first log line `match` accepts, as soon as it is written. */
  const line = (match: (l: Record<string, unknown>) => boolean, timeoutMs = 30000) =>
    logged(() => lines().find(match), timeoutMs);
  /** Resolves with what `read` finds in the log once it finds something, as soon as that is written. */
  const logged = <T>(read: () => T | undefined, timeoutMs = 30000) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = read();
        if (found === undefined) return;
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        child.stdout!.off('data', check);
        reject(new Error(`no such log line within ${timeoutMs} ms:\n${out}`));
      }, timeoutMs);
      child.stdout!.on('data', check);
      check();
    });
  const servedBy = (pathPrefix: string) =>
    new Set(
      lines()
        .filter((l) => l.msg === 'request' && String(l.path).startsWith(pathPrefix))
        .map((l) => l.pid),
    );

  // Generated secrets (none is set here) are kept in this file: the restart test starts the service again on it.
  const secretsFile = path.join(mkdtempSync(path.join(tmpdir(), 'pds-workers-')), 'secrets.json');
  const hooks = receiver();
  let hooksUrl: string;

  const startService = async () => {
    out = '';
    child = spawn(process.execPath, [path.join(ROOT, 'dist/src/main.js')], {
      env: {
        ...process.env,
        WEB_CONCURRENCY: '2',
        PORT: '0',
        NODE_ENV: 'test',
        ELASTICSEARCH_URL,
        ELASTICSEARCH_INDEX: catalog.alias,
        MONGODB_URI: catalog.mongoUri,
        REDIS_URL,
        REDIS_KEY_PREFIX: `${uniqueName('workers')}:`,
        SIGNUP_CREDITS: String(CREDITS),
        RATE_LIMIT_MAX: String(LIMIT),
        CREDIT_LEASE_IDLE_MS: '300',
        SECRETS_FILE: secretsFile,
        WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
        WEBHOOK_POLL_MS: '50',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    const ready = await line((l) => l.msg === 'workers listening', 60000);
    assert.equal(ready.workers, 2);
    // The workers' own lines may come a moment after the primary's (each process writes its own).
    await logged(
      () =>
        new Set(
          lines()
            .filter((l) => l.msg === 'listening')
            .map((l) => l.pid),
        ).size === 2 || undefined,
    );
    url = `http://${String(ready.address)}`;
  };

  before(async () => {
    catalog = await openCatalog();
    await catalog.seed(writeSources());
    await new Promise<void>((resolve) => hooks.server.listen(0, '127.0.0.1', resolve));
    hooksUrl = `http://127.0.0.1:${(hooks.server.address() as { port: number }).port}`;
    await startService();
  });
  afterEach(function () {
    // What the service said that went wrong, beside the failure it may explain.
    if (this.currentTest?.state === 'failed')
      console.log(
        lines()
          .filter((l) => l.level === 'error' || l.level === 'warn' || l.msg === 'stopped')
          .map((l) => JSON.stringify(l))
          .join('\n'),
        out
          .split('\n')
          .filter((l) => l && !l.startsWith('{'))
          .join('\n'),
      );
  });
  after(async () => {
    if (child?.exitCode === null) {
      const workers = childrenOf(child.pid!);
      child.kill('SIGKILL');
      for (const pid of workers) process.kill(pid, 'SIGKILL');
    }
    hooks.server.close();
    await catalog?.drop();
  });

  it('when started, then two workers listen on one port and the primary serves nothing itself', async () => {
    const listening = lines().filter((l) => l.msg === 'listening');
    assert.deepEqual(new Set(listening.map((l) => l.address)).size, 1, out);
    assert.deepEqual(
      new Set(listening.map((l) => l.pid)),
      new Set(childrenOf(child.pid!)),
      'each listening line is a worker of the primary',
    );
    const health = await Promise.all(Array.from({ length: 6 }, () => fresh(`${url}/healthz`)));
    assert.deepEqual(
      health.map((r) => r.status),
      [200, 200, 200, 200, 200, 200],
    );
    await until(async () => servedBy('/healthz').size === 2, 5000, 'both workers answered /healthz');
  });

  it('when one worker signs a login token or a cursor, then the other accepts it (the secrets are the primary’s)', async () => {
    const dev = await newDeveloper(url);
    const keys = await Promise.all(
      Array.from({ length: 4 }, () =>
        fresh(`${url}/api/v1/developer/keys`, {
          method: 'POST',
          token: dev.token,
          body: { name: 'both', scopes: ['products:read'] },
        }),
      ),
    );
    assert.deepEqual(
      keys.map((k) => k.status),
      [201, 201, 201, 201],
      keys.map((k) => k.text).join('\n'),
    );
    const key = keys[0].body.secret as string;
    for (let i = 0; i < 4; i++) {
      const first = await fresh(`${url}/api/v1/products?limit=2&fields=id`, { token: key });
      assert.equal(first.status, 200, first.text);
      const next = await fresh(
        `${url}/api/v1/products?limit=2&fields=id&cursor=${encodeURIComponent(first.body.meta.next_cursor)}`,
        { token: key },
      );
      assert.equal(next.status, 200, next.text);
    }
    // Each worker's access log is flushed every 200 ms, so the lines are awaited, not read at once.
    await until(async () => servedBy('/api/v1/products').size === 2, 5000, 'both workers read cursors');
  });

  /** Watches made through both workers, each sent `tests` test events through both; every delivery verified. */
  const watchesDeliverThroughBoth = async (token: string, watches: { id: string; path: string }[], tests: number) => {
    const before = hooks.received.length;
    const sent = await Promise.all(
      watches.flatMap((w) =>
        Array.from({ length: tests }, () => fresh(`${url}/api/v1/watches/${w.id}/test`, { method: 'POST', token })),
      ),
    );
    assert.deepEqual(new Set(sent.map((r) => r.status)), new Set([202]), sent.map((r) => r.text).join('\n'));
    const expected = before + watches.length * tests;
    await until(async () => hooks.received.length >= expected, 30000, `${expected} deliveries verified`);
    assert.deepEqual(hooks.refused, []);
    for (const w of watches) {
      const log = await fresh(`${url}/api/v1/watches/${w.id}/deliveries?limit=100`, { token });
      const attempts = log.body.data.flatMap(
        (d: { attempts: { status: number | null; response: string }[] }) => d.attempts,
      );
      assert.deepEqual(
        attempts.filter((a: { status: number | null }) => a.status !== 204),
        [],
        'no attempt failed: every worker opens every watch’s secret',
      );
    }
  };
  let kept: { token: string; watches: { id: string; path: string }[] };

  it('when watches are made and tested through both workers, then every delivery is signed with its watch’s secret on the first attempt, and the sealing key is kept in SECRETS_FILE (0600)', async () => {
    const dev = await newDeveloper(url);
    const products = (await catalog.products.identities()).map((p) => p._id).sort();
    const watches = [];
    for (let i = 0; i < 4; i++) {
      const route = `/w${i}-${Date.now()}`;
      const made = await fresh(`${url}/api/v1/watches`, {
        method: 'POST',
        token: dev.token,
        body: { name: `w${i}`, products: [products[i]], events: ['product.revised'], url: `${hooksUrl}${route}` },
      });
      assert.equal(made.status, 201, made.text);
      hooks.secrets.set(route, made.body.secret);
      watches.push({ id: made.body.id as string, path: route });
    }
    await watchesDeliverThroughBoth(dev.token, watches, 3);
    assert.equal(statSync(secretsFile).mode & 0o777, 0o600);
    kept = { token: dev.token, watches };
  });

  it('when a key is revoked, then every following request on every worker is refused, from the moment the revocation answers', async () => {
    const dev = await newDeveloper(url);
    const key = await dev.key(['products:read']);
    // Both workers have the key in their caches.
    const warm = await Promise.all(
      Array.from({ length: 6 }, () => fresh(`${url}/api/v1/products?limit=1&fields=id`, { token: key.secret })),
    );
    assert.deepEqual(
      warm.map((r) => r.status),
      [200, 200, 200, 200, 200, 200],
    );
    await until(async () => servedBy('/api/v1/products').size === 2, 5000, 'both workers served the key');
    const revoked = await fresh(`${url}/api/v1/developer/keys/${key.id}`, { method: 'DELETE', token: dev.token });
    assert.equal(revoked.status, 204, revoked.text);
    const after = [];
    for (let i = 0; i < 10; i++)
      after.push((await fresh(`${url}/api/v1/products?limit=1&fields=id`, { token: key.secret })).status);
    assert.deepEqual(after, Array(10).fill(401));
  });

  it('when one account’s requests alternate between the workers, then X-Quota-Balance drops by each cost and never rises, and ends at the stored balance', async () => {
    const dev = await newDeveloper(url);
    const key = await dev.key(['products:read', 'search:read']);
    const paths = ['/api/v1/products?limit=2&fields=id', '/api/v1/search?q=trina&limit=2'];
    const replies = [];
    for (let i = 0; i < 40; i++) replies.push(await fresh(`${url}${paths[i % 2]}`, { token: key.secret }));
    assert.deepEqual(new Set(replies.map((r) => r.status)), new Set([200]));
    const shown = replies.map((r) => Number(r.headers['x-quota-balance']));
    const costs = replies.map((r) => Number(r.headers['x-quota-cost']));
    for (let i = 1; i < shown.length; i++)
      assert.equal(shown[i], shown[i - 1] - costs[i], `request ${i}: ${shown.slice(0, i + 1).join(', ')}`);
    assert.equal(shown[0], CREDITS - costs[0]);
    const balance = async () =>
      (await catalog.mongo.db.collection('accounts').findOne({ email: dev.email }))!.credits as number;
    await until(async () => (await balance()) === shown.at(-1), 10000, `the stored balance settles at ${shown.at(-1)}`);
  });

  it('when one key sends more than its limit through both workers at once, then exactly the limit is served and the rest is 429', async () => {
    const key = (await (await newDeveloper(url)).key(['products:read'])).secret;
    const replies = await Promise.all(
      Array.from({ length: LIMIT + 30 }, () => fresh(`${url}/api/v1/products?limit=1&fields=id`, { token: key })),
    );
    const count = (s: number) => replies.filter((r) => r.status === s).length;
    assert.deepEqual([count(200), count(429)], [LIMIT, 30]);
  });

  it('when one account spends through both workers until it runs out, then every answered credit is gone from the balance and no other', async () => {
    const dev = await newDeveloper(url);
    const keys = await Promise.all(Array.from({ length: 8 }, () => dev.key(['products:read', 'search:read'])));
    const paths = ['/api/v1/search?q=trina&limit=5', '/api/v1/products?limit=5', '/api/v1/products?category=inverter'];
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fresh(`${url}${paths[i % paths.length]}`, { token: keys[i % keys.length].secret }),
      ),
    );
    // A balance busy past the request timeout (a loaded machine) answers 503 and charges nothing.
    const odd = replies.filter((r) => ![200, 402, 503].includes(r.status));
    assert.deepEqual(
      odd.map((r) => r.text),
      [],
      'only 200, 402 and 503',
    );
    assert.ok(
      replies.some((r) => r.status === 402),
      `the balance ran out: ${replies.map((r) => `${r.status} ${String(r.headers['x-quota-balance'])}`).join(', ')}`,
    );
    // (A 402 names the cost it could not pay; a 503 was given its credits back.)
    for (const r of replies.filter((x) => x.status === 503))
      assert.ok(['0', undefined].includes(r.headers['x-quota-cost'] as string | undefined), 'a 503 costs nothing');
    const charged = replies
      .filter((r) => r.status === 200)
      .reduce((sum, r) => sum + Number(r.headers['x-quota-cost']), 0);
    const balance = async () =>
      (await catalog.mongo.db.collection('accounts').findOne({ email: dev.email }))!.credits as number;
    // Each worker gives its unspent leased credits back once idle.
    await until(
      async () => (await balance()) === CREDITS - charged,
      10000,
      `the balance settles at ${CREDITS} - ${charged}`,
    );
    assert.ok(CREDITS - charged < 2, `at most one credit was left unusable (search costs 2): ${CREDITS - charged}`);
  });

  it('when /metrics is read, then it counts the requests both workers answered', async () => {
    const before = (await fresh(`${url}/metrics`)).text;
    const replies = await Promise.all(Array.from({ length: 20 }, () => fresh(`${url}/healthz`)));
    assert.ok(replies.every((r) => r.status === 200));
    const after = await fresh(`${url}/metrics`);
    assert.equal(after.status, 200, after.text);
    const healthz = 'route="/healthz",method="GET",status="200"';
    assert.equal(
      series(after.text, 'pds_http_requests_total', healthz) - series(before, 'pds_http_requests_total', healthz),
      20,
    );
  });

  it('when a worker is killed, then the primary logs it and a new worker takes its place', async () => {
    const before = new Set(childrenOf(child.pid!));
    const [victim] = before;
    process.kill(victim, 'SIGKILL');
    const died = await line((l) => l.msg === 'worker died; replacing it' && l.pid === victim);
    assert.equal(died.level, 'error');
    assert.equal(died.signal, 'SIGKILL');
    const replacement = await line((l) => l.msg === 'listening' && !before.has(l.pid as number));
    const now = childrenOf(child.pid!);
    assert.deepEqual(
      now.sort((a, b) => a - b),
      [...before]
        .filter((p) => p !== victim)
        .concat(replacement.pid as number)
        .sort((a, b) => a - b),
    );
    const health = await Promise.all(Array.from({ length: 4 }, () => fresh(`${url}/healthz`)));
    assert.ok(health.every((r) => r.status === 200));
  });

  it('when the primary is sent SIGHUP, then each worker is replaced by a new one, one at a time, and every request meanwhile is answered', async function () {
    this.timeout(120000);
    const before = childrenOf(child.pid!);
    child.kill('SIGHUP');
    // Two workers started one after the other: up to half a minute each on a loaded machine.
    const restarted = line((l) => l.msg === 'workers restarted', 100000);
    let done = false;
    void restarted.finally(() => (done = true));
    const statuses: number[] = [];
    // Two clients asking without pause until the restart is over.
    await Promise.all(
      [1, 2].map(async () => {
        while (!done) statuses.push((await fresh(`${url}/healthz`)).status);
      }),
    );
    assert.equal((await restarted).workers, 2);
    assert.ok(statuses.length > 0 && statuses.every((s) => s === 200), `answers: ${statuses.join(' ')}`);
    const now = childrenOf(child.pid!);
    assert.equal(now.length, 2);
    assert.deepEqual(
      now.filter((pid) => before.includes(pid)),
      [],
      'every worker is new',
    );
    for (const pid of before)
      assert.ok(
        lines().some((l) => l.msg === 'stopped' && l.pid === pid),
        `old worker ${pid} drained and logged "stopped"`,
      );
  });

  it('when the primary is sent SIGTERM, then every worker drains and stops, and the primary exits 0', async () => {
    const workers = childrenOf(child.pid!);
    assert.equal(workers.length, 2);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    for (const pid of workers) {
      assert.ok(
        lines().some((l) => l.msg === 'stopped' && l.pid === pid),
        `worker ${pid} logged "stopped"`,
      );
      assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' }, `worker ${pid} is gone`);
    }
    const last = lines().at(-1)!;
    assert.deepEqual([last.msg, last.workers, last.clean], ['stopped', 2, 2]);
  });

  it('when the service starts again on the same SECRETS_FILE, then a login token and the watches made before still work, every delivery signed', async () => {
    assert.notEqual(child.exitCode, null, 'the service stopped in the test before');
    await startService();
    const watches = await fresh(`${url}/api/v1/watches`, { token: kept.token });
    assert.equal(watches.status, 200, watches.text);
    await watchesDeliverThroughBoth(kept.token, kept.watches, 2);
  });
});
