// Several processes spending one account, each from its own lease: the balance each shows is the
// account's (the stored balance plus every lease's unspent part), told by the credit book they share,
// so it never rises between requests whichever process answers, and ends where the database does.
import assert from 'node:assert/strict';
import { CreditLeases } from '../../../src/credits/leases';
import { Refunds, memoryOwedRefunds } from '../../../src/credits/refunds';
import { memoryCreditBook, type CreditBook } from '../../../src/credits/book';
import { processLock } from '../../../src/shared/keyed-lock';
import { createLogger } from '../../../src/shared/logger';

function account(balance: number) {
  const a = {
    balance,
    async debit(_id: string, amount: number) {
      if (a.balance < amount) return null;
      a.balance -= amount;
      return a.balance;
    },
    async credit(_id: string, amount: number) {
      a.balance += amount;
      return a.balance;
    },
    async creditOnce(_id: string, amount: number) {
      a.balance += amount;
      return true;
    },
    async forgetRefund() {},
    async findById() {
      return { credits: a.balance };
    },
    async findByEmail() {
      return null;
    },
  };
  return a;
}

/** One process: its own leases and refunds, the database's account and lock, the shared book. */
function worker(
  ports: { accounts: ReturnType<typeof account>; lock: ReturnType<typeof processLock> },
  book?: CreditBook,
) {
  const refunds = new Refunds(
    { ...ports, owed: memoryOwedRefunds(), turns: processLock() },
    createLogger('error', () => undefined),
  );
  const leases = new CreditLeases(ports, refunds, { maxBlock: 100, idleMs: 60000, waitMs: 5000 }, book);
  return { leases, stop: async () => (await leases.close(), await refunds.close()) };
}

describe('credits: one balance shown by every process', () => {
  it('when two workers answer one account in turn, then the balance shown never rises, drops by each cost, and equals the stored balance once the leases are back', async () => {
    const ports = { accounts: account(1000), lock: processLock() };
    const book = memoryCreditBook();
    const [a, b] = [worker(ports, book), worker(ports, book)];
    const shown: number[] = [];
    for (let i = 0; i < 60; i++) shown.push(await (i % 3 === 0 ? b : a).leases.take('acct', 1 + (i % 2)));
    const costs = Array.from({ length: 60 }, (_, i) => 1 + (i % 2));
    for (let i = 1; i < shown.length; i++)
      assert.equal(shown[i], shown[i - 1] - costs[i], `request ${i}: ${shown.slice(0, i + 1).join(', ')}`);
    await a.stop();
    await b.stop();
    assert.equal(ports.accounts.balance, shown.at(-1));
    assert.equal(shown.at(-1), 1000 - costs.reduce((x, y) => x + y, 0));
  });

  it('when a refund goes into one worker’s lease, then the balance both show rises by it, and only then', async () => {
    const ports = { accounts: account(500), lock: processLock() };
    const book = memoryCreditBook();
    const [a, b] = [worker(ports, book), worker(ports, book)];
    for (let i = 0; i < 10; i++) await a.leases.take('acct', 1);
    const before = await b.leases.take('acct', 1);
    await a.leases.give('acct', 5);
    assert.equal(await b.leases.take('acct', 1), before + 5 - 1);
    await a.stop();
    await b.stop();
    assert.equal(ports.accounts.balance, before + 5 - 1);
  });
});
