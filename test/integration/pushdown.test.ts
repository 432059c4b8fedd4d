// Every lookup the request path makes is one FerretDB answers from its index. FerretDB 1.24 pushes
// down exactly one filter, `{ _id: <string> }`, and scans the table for anything else (a numeric
// _id, `$in`, `$or`, ranges, _id beside another field): a scan of the changes feed made page 40 of
// limit=100 take 22 s. The service runs behind a proxy that records every command; the test walks
// the request paths a client uses (register, keys, products, revisions, the changes feed, sources,
// watches, their test events, deliveries and redeliveries), then asks FerretDB to explain each
// recorded filter as a find and fails on any it does not push down. A lookup added later is
// recorded like these, so it cannot be forgotten.
//
// FerretDB's explain reads only a find's `filter` (an explained update or findAndModify reports the
// plan of an empty filter), so each filter is explained as a find: its updates and deletes choose
// their documents the same way (measured: updateOne by string _id 3 ms, by _id and status 3.5 s
// over 40,000 documents).
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MongoClient, type Document } from 'mongodb';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { startServer, type TestServer } from '../helpers/server';
import { writeSources } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';
import { call } from '../helpers/contract';
import { MongoWatch, type SeenCommand } from '../helpers/mongo-watch';
import { MONGODB_URI } from '../helpers/engines';
import { waitFor } from '../helpers/wait';

const WITH_FILTERS = new Set(['find', 'count', 'distinct', 'findAndModify', 'update', 'delete', 'aggregate']);
/** Reads whose answer is the whole collection, so a scan is the work itself, with why. */
const WHOLE_COLLECTION = new Map([
  ['sources find {}', 'listSources answers every source (one per source file of the manifest)'],
]);

describe('FerretDB pushdown: every lookup on the request path uses the _id index', function () {
  this.timeout(240000);
  let catalog: Catalog;
  let watch: MongoWatch;
  let server: TestServer;
  let direct: MongoClient;
  let ferretdb = false;
  const receiver = http.createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));

  before(async function () {
    direct = await MongoClient.connect(MONGODB_URI);
    ferretdb = 'ferretdbVersion' in (await direct.db('admin').command({ buildInfo: 1 }));
    if (!ferretdb) this.skip();
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    catalog = await openCatalog();
    await catalog.seed(writeSources());
    watch = await MongoWatch.create(catalog.mongoUri);
    server = await startServer({
      MONGODB_URI: watch.via(catalog.mongoUri),
      ELASTICSEARCH_INDEX: catalog.alias,
      WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
      WEBHOOK_POLL_MS: '100',
    });
  });
  after(async () => {
    await server?.stop();
    await watch?.close();
    receiver.close();
    await catalog?.drop();
    await direct?.close();
  });

  /** The filters FerretDB scans for, among those the commands from `from` on selected documents by. */
  async function scanned(commands: readonly SeenCommand[]): Promise<string[]> {
    const seen = new Map<string, { collection: string; db: string; filter: Document }>();
    for (const c of commands)
      if (WITH_FILTERS.has(c.name) && c.collection && c.db)
        for (const filter of c.filters)
          seen.set(`${c.collection} ${c.name} ${JSON.stringify(filter)}`, {
            collection: c.collection,
            db: c.db,
            filter,
          });
    const refused: string[] = [];
    for (const [shape, { collection, db, filter }] of seen) {
      if (WHOLE_COLLECTION.has(shape)) continue;
      const plan = await direct.db(db).command({ explain: { find: collection, filter }, verbosity: 'queryPlanner' });
      if (plan.filterPushdown !== true) refused.push(`${shape} (${JSON.stringify(plan.queryPlanner?.Plan ?? plan)})`);
    }
    return refused;
  }

  it('when a client registers, reads products, revisions and the changes feed, and runs watches with test events and redeliveries, then FerretDB pushes every filter down', async () => {
    // Start-up lists keys that predate the per-account lists and checks the changes layout, once per
    // store (scans of empty tables here, never again): from when it has, only requests.
    const db = direct.db(new URL(catalog.mongoUri).pathname.slice(1));
    const marked = async (collection: string, _id: string) =>
      (await db.collection(collection).findOne({ _id: _id as never })) ?? undefined;
    await waitFor(
      async () => (await marked('api_key_index', '#complete')) && marked('counters', 'changes_layout'),
      20000,
    );
    const from = watch.commands.length;
    const dev = await newDeveloper(server.url);
    const key = (await dev.key(['products:read', 'revisions:read', 'watches:write'])).secret;

    await call(server.url, 'listApiKeys', { token: dev.token });
    await dev.key(['products:read']);
    const ids = (await catalog.products.identities()).map((p) => p._id).sort();
    await call(server.url, 'getProduct', { token: key, params: { id: ids[0] } });
    await call(server.url, 'getProduct', { token: key, params: { id: ids[0] }, query: { as_of: '1' } });
    await call(server.url, 'listRevisions', { token: key, params: { id: ids[0] } });
    await call(server.url, 'getRevision', { token: key, params: { id: ids[0], number: 1 } });
    let cursor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const changes = await call(server.url, 'listChanges', {
        token: key,
        query: { limit: 20, ...(cursor ? { cursor } : {}) },
      });
      assert.equal(changes.status, 200, changes.text);
      cursor = changes.body.meta.next_cursor ?? changes.body.meta.cursor;
    }
    await call(server.url, 'listSources', { token: key });
    await call(server.url, 'getSource', { token: key, params: { id: 'cec-modules' } });

    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const created = await call(server.url, 'createWatch', {
      token: key,
      body: { name: 'pushdown', products: ids.slice(0, 2), events: ['product.revised'], url },
    });
    assert.equal(created.status, 201, created.text);
    const id = created.body.id as string;
    await call(server.url, 'listWatches', { token: key });
    await call(server.url, 'getWatch', { token: key, params: { id } });
    await call(server.url, 'changeWatch', { token: key, params: { id }, body: { name: 'renamed' } });
    const test = await call(server.url, 'sendWatchTestEvent', { token: key, params: { id } });
    const delivered = async () => {
      const log = await call(server.url, 'listWatchDeliveries', { token: key, params: { id } });
      return log.body.data.every((d: { status: string }) => d.status === 'delivered') ? true : undefined;
    };
    await waitFor(delivered, 20000);
    await call(server.url, 'redeliverWatchDelivery', { token: key, params: { id, delivery_id: test.body.id } });
    await waitFor(delivered, 20000);
    await call(server.url, 'rotateWatchSecret', { token: key, params: { id } });
    await call(server.url, 'deleteWatch', { token: key, params: { id } });

    const commands = watch.commands.slice(from);
    assert.ok(
      commands.some((c) => c.collection === 'change_feed') && commands.some((c) => c.collection === 'deliveries'),
      'the proxy saw the feed and the deliveries being read',
    );
    assert.deepEqual(await scanned(commands), [], 'every filter is pushed down');
  });
});
