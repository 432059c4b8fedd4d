// Debits and refunds on the local engine (FerretDB), as the credit leases take and give them: exact,
// never below zero, a refund applied once, and every account looked up by _id alone, since FerretDB
// scans every account for any other filter (a cost that would grow with the number of accounts on
// every block of credits).
import assert from 'node:assert/strict';
import { MongoClient, type CommandStartedEvent } from 'mongodb';
import { AccountRepository } from '../../src/adapters/mongo/account.repository';
import { hasAtomicUpdates } from '../../src/adapters/mongo/client';
import { MONGODB_URI, mongoUriFor, uniqueName } from '../helpers/engines';
import { COLLECTIONS } from '../../src/adapters/mongo/collections';

describe('account debits and refunds on the local engine', function () {
  this.timeout(30000);
  const dbName = uniqueName('acct');
  let client: MongoClient;
  let repo: AccountRepository;
  const commands: CommandStartedEvent[] = [];

  before(async () => {
    client = await MongoClient.connect(mongoUriFor(dbName, MONGODB_URI), { monitorCommands: true });
    const db = client.db(dbName);
    const handle = { client, db };
    assert.equal(await hasAtomicUpdates(handle), false, 'the local engine is FerretDB');
    await db.collection(COLLECTIONS.accounts).insertMany(
      Array.from({ length: 30 }, (_, i) => ({
        _id: `acct-${i}` as unknown as never,
        email: `a${i}@example.com`,
        password_hash: 'x',
        credits: 10,
        created_at: new Date(),
      })),
    );
    repo = new AccountRepository(db, () => hasAtomicUpdates(handle));
    client.on('commandStarted', (e) => commands.push(e));
  });
  after(async () => {
    await client?.db(dbName).dropDatabase();
    await client?.close();
  });

  it('when a balance covers a debit, then it is taken, and every command finds the account by _id alone', async () => {
    commands.length = 0;
    assert.equal(await repo.debit('acct-7', 4), 6);
    assert.equal(await repo.debit('acct-7', 6), 0);
    const filters = commands
      .filter((c) => c.commandName === 'find' || c.commandName === 'findAndModify')
      .map((c) => (c.command.filter ?? c.command.query) as Record<string, unknown>);
    assert.equal(filters.length, 4, 'a read and a write per debit');
    for (const f of filters) assert.deepEqual(f, { _id: 'acct-7' });
  });

  it('when a balance does not cover a debit, then nothing is taken', async () => {
    assert.equal(await repo.debit('acct-3', 11), null);
    assert.equal(await repo.debit('acct-missing', 1), null);
    const doc = await client
      .db(dbName)
      .collection(COLLECTIONS.accounts)
      .findOne({ _id: 'acct-3' as unknown as never });
    assert.equal(doc?.credits, 10);
  });

  it('when a refund is applied twice, then it lands once, and every command finds the account by _id alone', async () => {
    commands.length = 0;
    assert.equal(await repo.creditOnce('acct-5', 3, 'r1'), true);
    assert.equal(await repo.creditOnce('acct-5', 3, 'r1'), false, 'a retry applies nothing');
    assert.equal(await repo.creditOnce('acct-missing', 3, 'r2'), false);
    const filters = commands
      .filter((c) => ['find', 'update', 'findAndModify'].includes(c.commandName))
      .map(
        (c) =>
          (c.command.filter ?? (c.command.updates as { q: unknown }[] | undefined)?.[0]?.q) as Record<string, unknown>,
      );
    assert.ok(filters.length >= 3);
    for (const f of filters) assert.equal(Object.keys(f).join(), '_id', JSON.stringify(f));
    const doc = await client
      .db(dbName)
      .collection(COLLECTIONS.accounts)
      .findOne({ _id: 'acct-5' as unknown as never });
    assert.equal(doc?.credits, 13);
  });
});
