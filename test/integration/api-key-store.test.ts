// API keys on the local engine (FerretDB): an account's keys are listed from its own list document
// and read by _id (FerretDB scans every key for any other filter, a cost that would grow with all
// accounts' keys), keys made before lists were kept are still found, and a key's last use is written
// apart from it, so a touch can never undo a revocation written at the same moment.
import assert from 'node:assert/strict';
import { MongoClient, type CommandStartedEvent, type Db } from 'mongodb';
import { ApiKeyRepository } from '../../src/adapters/mongo/api-key.repository';
import { hasAtomicUpdates } from '../../src/adapters/mongo/client';
import { COLLECTIONS } from '../../src/adapters/mongo/collections';
import { processLock } from '../../src/shared/keyed-lock';
import type { ApiKeyDoc } from '../../src/catalog/api-key.types';
import { MONGODB_URI, mongoUriFor, uniqueName } from '../helpers/engines';

function keyDoc(id: string, accountId: string, createdAt = new Date()): ApiKeyDoc {
  return {
    _id: id,
    account_id: accountId,
    name: id,
    prefix: `pds_${id}`,
    secret_hash: 'x',
    scopes: ['products:read'],
    created_at: createdAt,
    last_used_at: null,
    expires_at: null,
    revoked_at: null,
  };
}

describe('API keys on the local engine', function () {
  this.timeout(60000);
  const dbName = uniqueName('keys');
  let client: MongoClient;
  let db: Db;
  let repo: ApiKeyRepository;
  const commands: CommandStartedEvent[] = [];

  before(async () => {
    client = await MongoClient.connect(mongoUriFor(dbName, MONGODB_URI), { monitorCommands: true });
    db = client.db(dbName);
    assert.equal(await hasAtomicUpdates({ client, db }), false, 'the local engine is FerretDB');
    repo = new ApiKeyRepository(db, processLock());
    // Other accounts' keys, which listing one account must not read.
    for (let i = 0; i < 20; i++) await repo.insert(keyDoc(`other-${i}`, `acct-${i % 5}`));
    client.on('commandStarted', (e) => commands.push(e));
  });
  after(async () => {
    await client?.db(dbName).dropDatabase();
    await client?.close();
  });

  it("when an account's keys are listed, then they come newest first, and every command finds documents by _id alone", async () => {
    await repo.insert(keyDoc('k-old', 'lister', new Date(Date.now() - 1000)));
    await repo.insert(keyDoc('k-new', 'lister'));
    commands.length = 0;
    const listed = await repo.listByAccount('lister');
    assert.deepEqual(
      listed.map((k) => k._id),
      ['k-new', 'k-old'],
    );
    const filters = commands.filter((c) => c.commandName === 'find').map((c) => c.command.filter);
    assert.ok(filters.length >= 3, `the list and each key were read (${filters.length} reads)`);
    for (const f of filters) assert.deepEqual(Object.keys(f as object), ['_id'], JSON.stringify(f));
  });

  it('when keys were made before lists were kept, then the first listing finds them by one scan and writes the list', async () => {
    await db
      .collection<ApiKeyDoc>(COLLECTIONS.apiKeys)
      .insertMany([keyDoc('legacy-1', 'legacy'), keyDoc('legacy-2', 'legacy')]);
    const first = await repo.listByAccount('legacy');
    assert.deepEqual(
      first.map((k) => k._id).sort((a, b) => a.localeCompare(b)),
      ['legacy-1', 'legacy-2'],
    );
    const list = await db.collection(COLLECTIONS.apiKeyIndex).findOne({ _id: 'account:legacy' as never });
    assert.deepEqual(
      [...(list?.ids ?? [])].sort((a, b) => a.localeCompare(b)),
      ['legacy-1', 'legacy-2'],
    );
    await repo.insert(keyDoc('legacy-3', 'legacy'));
    assert.equal((await repo.listByAccount('legacy')).length, 3, 'a key made after joins the written list');
  });

  it('when keys are touched while they are revoked, then every revocation stands and every use is kept', async () => {
    const at = new Date();
    // Instances touching a key that is being revoked (with a whole-document rewrite per touch, this
    // lost 27 of 400 revocations at five touches on each side).
    const touches = (id: string) => Array.from({ length: 5 }, () => repo.touch(id, at));
    const ids: string[] = [];
    for (let round = 0; round < 10; round++) {
      const batch = Array.from({ length: 20 }, (_, i) => `race-${round}-${i}`);
      await db.collection<ApiKeyDoc>(COLLECTIONS.apiKeys).insertMany(batch.map((id) => keyDoc(id, 'racer')));
      await Promise.all(batch.flatMap((id) => [...touches(id), repo.revoke(id, at), ...touches(id)]));
      ids.push(...batch);
    }
    const listed = await repo.listByAccount('racer');
    assert.equal(listed.length, ids.length);
    for (const k of listed) {
      assert.ok(k.revoked_at, `${k._id} stays revoked`);
      assert.equal(k.last_used_at?.getTime(), at.getTime(), `${k._id} keeps its last use`);
    }
  });

  it('when keys are removed, then they are unlisted and their documents and uses are gone', async () => {
    await repo.insert(keyDoc('gone-1', 'remover'));
    await repo.insert(keyDoc('kept-1', 'remover'));
    await repo.touch('gone-1', new Date());
    await repo.remove('remover', ['gone-1']);
    assert.deepEqual(
      (await repo.listByAccount('remover')).map((k) => k._id),
      ['kept-1'],
    );
    assert.equal(await repo.findById('gone-1'), null);
    assert.equal(await db.collection(COLLECTIONS.apiKeyUses).findOne({ _id: 'gone-1' as never }), null);
  });
});
