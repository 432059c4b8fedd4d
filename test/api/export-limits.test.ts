// The export under hostile use: priced from a count before anything is read (an account that cannot
// pay makes the engine do nothing), a bounded number running per account, and a client that stops
// reading closed after the idle bound. The export reads a synthetic alias of a few thousand
// documents, so a stalled client cannot take the whole answer into its socket buffers.
import assert from 'node:assert/strict';
import net from 'node:net';
import { startServer, type TestServer } from '../helpers/server';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';
import { call } from '../helpers/contract';
import { waitFor } from '../helpers/wait';
import { ELASTICSEARCH_NODE, ELASTICSEARCH_URL, INDEX_LAYOUT } from '../helpers/engines';
import { startCapture } from '../../bench/capture';
import { createEsClient } from '../../src/adapters/elasticsearch/client';
import { IndexAdmin } from '../../src/adapters/elasticsearch/index-admin';
import { buildSynthetic } from '../../src/ingest/synthetic.service';
import type { SearchDocument } from '../../src/catalog/search-document';

const DOCUMENTS = 5000;
// Long enough that two exports start before the first is cut, on a loaded machine too.
const IDLE_MS = 3000;

interface Stalled {
  readonly head: string;
  /** Reads on to the end of the connection; resolves with every byte received, once the server closed it. */
  drain(): Promise<Buffer>;
}

/** A client that sends the request, takes the first bytes and then reads nothing more until told to. */
function stalledExport(url: string, token: string): Promise<Stalled> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(`GET /api/v1/export HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n\r\n`),
    );
    const chunks: Buffer[] = [];
    // A paused socket does not notice the server closing it: drain() reads what is queued, then sees the end.
    const ended = new Promise<Buffer>((done) => socket.on('close', () => done(Buffer.concat(chunks))));
    socket.once('data', (chunk) => {
      socket.pause();
      chunks.push(chunk);
      socket.on('data', (more) => chunks.push(more));
      resolve({ head: chunk.toString('latin1').split('\r\n')[0], drain: () => (socket.resume(), ended) });
    });
    socket.on('error', reject);
  });
}

describe('export limits: priced before work, bounded per account, idle clients closed', function () {
  this.timeout(120000);
  let catalog: Catalog;
  let server: TestServer;
  let poor: TestServer;
  let asked: Awaited<ReturnType<typeof startCapture>>;

  before(async () => {
    catalog = await openCatalog();
    await catalog.seed(writeSources());
    const es = createEsClient(ELASTICSEARCH_URL, 120000);
    const synthetic = new IndexAdmin(es, `${catalog.alias}-synthetic`, INDEX_LAYOUT);
    await buildSynthetic({ real: () => catalog.index.documents<SearchDocument>(), index: synthetic }, DOCUMENTS);
    await es.close();
    const shared = {
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: synthetic.alias,
      EXPORT_CONCURRENCY_PER_ACCOUNT: '2',
      EXPORT_IDLE_TIMEOUT_MS: String(IDLE_MS),
    };
    server = await startServer(shared);
    // The account that cannot pay talks to Elasticsearch through a recorder: what it asked is known.
    asked = await startCapture(ELASTICSEARCH_NODE);
    poor = await startServer({ ...shared, SIGNUP_CREDITS: '3', ELASTICSEARCH_URL: asked.url });
  });
  after(async () => {
    await Promise.all([server?.stop(), poor?.stop()]);
    await asked?.close();
    await catalog?.drop();
  });

  it('when an account cannot pay for an export, then 402 before any document is read, and nothing is charged', async () => {
    const key = (await (await newDeveloper(poor.url)).key(['products:read'])).secret;
    asked.taken.length = 0;
    const refused = await call(poor.url, 'exportProducts', { token: key });
    assert.equal(refused.status, 402);
    assert.match(refused.body.detail, /credit/i);
    const paths = asked.taken.map((r) => `${r.method} ${r.path.split('?')[0]}`);
    assert.ok(
      paths.some((p) => p.endsWith('/_count')),
      `the price came from a count: ${paths.join(', ')}`,
    );
    assert.deepEqual(
      paths.filter((p) => /_pit|_search/.test(p)),
      [],
      'no point in time was opened and no document read',
    );
    const after = await call(poor.url, 'listProducts', { token: key, query: { limit: 1 } });
    assert.equal(after.headers.get('x-quota-balance'), '2', 'the 402 cost nothing; the list cost 1');
  });

  it('when an export is asked with HEAD, then it answers the headers and charges nothing', async () => {
    const key = (await (await newDeveloper(server.url)).key(['products:read'])).secret;
    const balance = async () =>
      Number(
        (await call(server.url, 'listProducts', { token: key, query: { limit: 1 } })).headers.get('x-quota-balance'),
      );
    const before = await balance();
    const head = await fetch(`${server.url}/api/v1/export`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(head.status, 200);
    assert.match(head.headers.get('content-type') ?? '', /application\/x-ndjson/);
    assert.equal(head.headers.get('x-quota-cost'), '0');
    assert.equal(await balance(), before - 1, 'only the second list read was charged');
  });

  it('when an account runs its most exports at once, then one more is 429; when their clients stop reading, they are closed after the idle bound and the account may export again', async () => {
    const dev = await newDeveloper(server.url);
    const [a, b] = await Promise.all([dev.key(['products:read']), dev.key(['products:read'])]);
    const stalled = [await stalledExport(server.url, a.secret), await stalledExport(server.url, b.secret)];
    assert.deepEqual(
      stalled.map((s) => s.head),
      ['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK'],
    );
    const third = await call(server.url, 'exportProducts', { token: a.secret });
    assert.equal(
      third.status,
      429,
      `a third export of the same account, whatever its key ${server.logs.slice(-8).join('\n')}`,
    );
    assert.match(third.body.detail, /running 2 exports/);
    assert.ok(Number(third.headers.get('retry-after')) > 0);
    const other = await (await newDeveloper(server.url)).key(['products:read']);
    const elsewhere = await call(server.url, 'exportProducts', {
      token: other.secret,
      query: { category: 'inverter' },
    });
    assert.equal(elsewhere.status, 200, 'another account is not affected');
    // The server gives up on both stalled exports once they have read nothing for the idle bound, and says so.
    await waitFor(
      async () =>
        server.logs.filter((line) => line.includes(`read nothing for ${IDLE_MS} ms`)).length === 2 ? true : undefined,
      20 * IDLE_MS,
    );
    const again = await call(server.url, 'exportProducts', { token: a.secret });
    assert.equal(again.status, 200, 'both slots were given back');
    const whole = again.text.split('\n').filter(Boolean);
    assert.equal(whole.length, DOCUMENTS, 'a client that reads gets every product');
    for (const client of stalled) {
      const received = (await client.drain()).toString('latin1');
      assert.ok(received.length < again.text.length, 'the stalled export was cut short');
      assert.ok(!received.endsWith('\r\n0\r\n\r\n'), 'no final chunk: the client can tell the export is incomplete');
    }
  });

  it('when an export is cut short, then the credits of the products it did not send come back, and `after` resumes it after the last id received', async () => {
    const dev = await newDeveloper(server.url);
    const key = (await dev.key(['products:read'])).secret;
    const balance = async () =>
      Number(
        (await call(server.url, 'listProducts', { token: key, query: { limit: 1 } })).headers.get('x-quota-balance'),
      );
    const before = await balance();
    const stalled = await stalledExport(server.url, key);
    await waitFor(
      async () =>
        server.logs.filter((line) => line.includes(`read nothing for ${IDLE_MS} ms`)).length >= 3 ? true : undefined,
      20 * IDLE_MS,
    );
    const received = (await stalled.drain()).toString('latin1');
    const price = DOCUMENTS / 100;
    const after = await balance();
    // The list read cost 1; the export cost `price`, less what it gave back for the unsent products.
    assert.ok(after > before - 1 - price, `balance ${before} -> ${after}: something came back`);
    assert.ok(after <= before - 1, 'what was sent stays paid');
    assert.ok(received.length > 0);

    const whole = (await call(server.url, 'exportProducts', { token: key })).text.split('\n').filter(Boolean);
    const ids = whole.map((line) => JSON.parse(line).id as string);
    assert.deepEqual([...ids].sort(), ids, 'lines come in id order');
    const resumed = await call(server.url, 'exportProducts', { token: key, query: { after: ids[99] } });
    assert.equal(resumed.status, 200);
    const rest = resumed.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line).id as string);
    assert.deepEqual(rest, ids.slice(100), 'resumed after the 100th line: exactly the rest, in order');
    assert.equal(
      resumed.headers.get('x-quota-cost'),
      String(Math.ceil((DOCUMENTS - 100) / 100)),
      'priced by what is left',
    );
  });
});
