// Refunds against an in-memory account store that keeps the database's contract for creditOnce (a
// receipt per refund id in the same write) and can fail a write before or after it lands: a refund
// is applied exactly once whatever fails, and one owed by an instance that stopped is settled by
// another. The real MongoDB/FerretDB and Redis side runs in test/integration/two-instances.test.ts.
import assert from 'node:assert/strict';
import { Refunds, memoryOwedRefunds } from '../../../src/credits/refunds';
import type { OwedRefundStore } from '../../../src/catalog/refund.types';
import { processLock, NO_LOCK } from '../../../src/shared/keyed-lock';
import { createLogger } from '../../../src/shared/logger';

type Failure = 'none' | 'before' | 'after';

function memoryAccounts(balance: number) {
  const receipts = new Set<string>();
  const accounts = {
    balance,
    /** How the next writes fail: not at all, before landing (refused), after landing (answer lost). */
    failure: 'none' as Failure,
    async creditOnce(_id: string, amount: number, refundId: string) {
      if (accounts.failure === 'before') throw new Error('database away');
      const applied = !receipts.has(refundId);
      if (applied) {
        receipts.add(refundId);
        accounts.balance += amount;
      }
      if (accounts.failure === 'after') throw new Error('timed out waiting for the answer');
      return applied;
    },
    async forgetRefund(_id: string, refundId: string) {
      if (accounts.failure !== 'none') throw new Error('database away');
      receipts.delete(refundId);
    },
    receipts,
  };
  return accounts;
}

const silent = createLogger('error', () => undefined);

function instance(accounts: ReturnType<typeof memoryAccounts>, owed: OwedRefundStore, turns = processLock()) {
  return new Refunds({ accounts, lock: NO_LOCK, owed, turns }, silent);
}

describe('credits: refunds', () => {
  const stopped: Refunds[] = [];
  afterEach(async () => {
    for (const r of stopped.splice(0)) await r.close();
  });
  const make = (...args: Parameters<typeof instance>) => {
    const r = instance(...args);
    stopped.push(r);
    return r;
  };

  it('when the database takes the refund, then the balance grows by it once and no receipt is left', async () => {
    const accounts = memoryAccounts(10);
    await make(accounts, memoryOwedRefunds()).land('acct', 3);
    assert.equal(accounts.balance, 13);
    assert.equal(accounts.receipts.size, 0);
  });

  it('when the write landed but its answer was lost, then the owed refund is settled without applying it twice', async () => {
    const accounts = memoryAccounts(10);
    const owed = memoryOwedRefunds();
    const refunds = make(accounts, owed);
    accounts.failure = 'after';
    await refunds.land('acct', 3);
    assert.equal(await refunds.owedCredits(), 3, 'owed, since its outcome is unknown');
    accounts.failure = 'none';
    await refunds.settle();
    assert.deepEqual([accounts.balance, await refunds.owedCredits(), accounts.receipts.size], [13, 0, 0]);
  });

  it('when the database refuses the refund, then it is owed in the shared store and another instance settles it after this one stopped', async () => {
    const accounts = memoryAccounts(10);
    const owed = memoryOwedRefunds();
    const first = instance(accounts, owed);
    accounts.failure = 'before';
    await first.land('acct', 5);
    await first.close(); // stops while the database is still away: the refund stays owed in the store
    assert.deepEqual(
      (await owed.list()).map((r) => r.credits),
      [5],
    );
    accounts.failure = 'none';
    const second = make(accounts, owed);
    await second.settle();
    assert.deepEqual([accounts.balance, (await owed.list()).length], [15, 0]);
  });

  it('when two instances settle the same owed refunds at once, then each is applied once', async () => {
    const accounts = memoryAccounts(0);
    const owed = memoryOwedRefunds();
    const turns = processLock(); // the shared per-refund turn (a Redis lease in production)
    const [a, b] = [make(accounts, owed, turns), make(accounts, owed, turns)];
    accounts.failure = 'after';
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).land('acct', 1)));
    assert.equal(accounts.balance, 20, 'every write landed though none was answered');
    accounts.failure = 'none';
    await Promise.all([a.settle(), b.settle(), a.settle(), b.settle()]);
    assert.deepEqual([accounts.balance, (await owed.list()).length, accounts.receipts.size], [20, 0, 0]);
  });

  it('when a refund is applied and its receipt dropped, then both writes run under the account lock (FerretDB rewrites the whole document on either)', async () => {
    const accounts = memoryAccounts(0);
    let held = 0;
    const outside: string[] = [];
    const lock = {
      run: async <T>(_key: string, work: () => Promise<T>) => {
        held++;
        try {
          return await work();
        } finally {
          held--;
        }
      },
    };
    const watched = {
      ...accounts,
      creditOnce: (id: string, amount: number, refundId: string) => (
        held || outside.push('creditOnce'),
        accounts.creditOnce(id, amount, refundId)
      ),
      forgetRefund: (id: string, refundId: string) => (
        held || outside.push('forgetRefund'),
        accounts.forgetRefund(id, refundId)
      ),
    };
    const owed = memoryOwedRefunds();
    const refunds = new Refunds({ accounts: watched, lock, owed, turns: processLock() }, silent);
    stopped.push(refunds);
    await refunds.land('acct', 1);
    accounts.failure = 'after';
    await refunds.land('acct', 1);
    accounts.failure = 'none';
    await refunds.settle();
    assert.deepEqual([accounts.balance, accounts.receipts.size, outside], [2, 0, []]);
  });

  it('when the shared store is away too, then the refund is owed in memory and moves to the store once it is back', async () => {
    const accounts = memoryAccounts(0);
    const store = memoryOwedRefunds();
    let storeDown = true;
    const flaky: OwedRefundStore = {
      add: (r) => (storeDown ? Promise.reject(new Error('redis away')) : store.add(r)),
      list: () => (storeDown ? Promise.reject(new Error('redis away')) : store.list()),
      has: (id) => store.has(id),
      remove: (id) => store.remove(id),
    };
    const refunds = make(accounts, flaky);
    accounts.failure = 'before';
    await refunds.land('acct', 4);
    storeDown = false;
    await refunds.settle(); // the database still refuses: the refund moves to the shared store
    assert.deepEqual(
      (await store.list()).map((r) => r.credits),
      [4],
    );
    accounts.failure = 'none';
    await refunds.settle();
    assert.deepEqual([accounts.balance, await refunds.owedCredits()], [4, 0]);
  });
});
