// Credit leases against an in-memory balance whose debits can be held open: a busy account's next
// block is taken in the background, so requests keep being served from what is held while it is on
// its way; the lease never holds more than maxBlock; and whatever happens, balance + spent is what
// the account had. The real databases run in test/integration (two-instances, faults).
import assert from 'node:assert/strict';
import { CreditLeases } from '../../../src/credits/leases';
import { Refunds, memoryOwedRefunds } from '../../../src/credits/refunds';
import { NO_LOCK, processLock } from '../../../src/shared/keyed-lock';
import { createLogger } from '../../../src/shared/logger';
import { AppError } from '../../../src/errors/app-error';

function heldAccount(balance: number) {
  const account = {
    balance,
    debits: [] as number[],
    /** While set, debits wait for it (the database is slow); `fail` makes them throw. */
    gate: undefined as Promise<void> | undefined,
    fail: false,
    async debit(_id: string, amount: number) {
      account.debits.push(amount);
      await account.gate;
      if (account.fail) throw new Error('database away');
      if (account.balance < amount) return null;
      account.balance -= amount;
      return account.balance;
    },
    async credit(_id: string, amount: number) {
      account.balance += amount;
      return account.balance;
    },
    async creditOnce(_id: string, amount: number) {
      if (account.fail) throw new Error('database away');
      account.balance += amount;
      return true;
    },
    async forgetRefund() {},
    async findById() {
      return { credits: account.balance };
    },
    async findByEmail() {
      return null;
    },
  };
  return account;
}

function leasesOn(account: ReturnType<typeof heldAccount>, maxBlock: number) {
  const ports = { accounts: account, lock: NO_LOCK };
  const refunds = new Refunds(
    { ...ports, owed: memoryOwedRefunds(), turns: processLock() },
    createLogger('error', () => undefined),
  );
  const leases = new CreditLeases(ports, refunds, { maxBlock, idleMs: 60000, waitMs: 5000 });
  // Stopping gives every unspent lease back, so the balance can be checked whole.
  const stop = async () => {
    await leases.close();
    await refunds.close();
  };
  return { leases, refunds, stop };
}

/** Resolves once pending promise callbacks have run (the debits started by take()). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Spends one credit at a time until a take fails, at most `max` times: what was spent, and the failure. */
async function spendUntilRefused(leases: CreditLeases, max: number): Promise<{ spent: number; failure?: unknown }> {
  for (let spent = 0; spent < max; spent++) {
    try {
      await leases.take('a', 1);
    } catch (failure) {
      return { spent, failure };
    }
    await settle();
  }
  return { spent: max };
}

describe('credits: leases', () => {
  it('when an account keeps calling, then its next block is taken before the lease runs out, and requests do not wait for it', async () => {
    const account = heldAccount(1000);
    const { leases, stop } = leasesOn(account, 16);
    let spent = 0;
    // Blocks double while the account is busy (1, 2, 4, 8, 16), then stay at 16.
    for (let i = 0; i < 60; i++) {
      await leases.take('a', 1);
      spent += 1;
      await settle();
    }
    assert.ok(account.debits.length < 15, `blocks, not single debits: ${account.debits.join(',')}`);
    let release!: () => void;
    account.gate = new Promise<void>((r) => (release = r));
    const debitsBefore = account.debits.length;
    // Spend down to a quarter of the block: the top-up starts and is held by the slow database.
    const served: number[] = [];
    for (let i = 0; i < 14 && account.debits.length === debitsBefore; i++) {
      served.push(await leases.take('a', 1));
      spent += 1;
    }
    assert.equal(account.debits.length, debitsBefore + 1, 'one top-up is on its way');
    // What is still held serves requests at once, while the top-up waits.
    const more = await Promise.race([
      leases.take('a', 1).then(() => 'served'),
      new Promise((r) => setTimeout(() => r('waited'), 200)),
    ]);
    assert.equal(more, 'served');
    spent += 1;
    assert.ok(
      account.debits.at(-1)! <= 16,
      `a top-up fills the lease up to its block, never beyond (took ${account.debits.at(-1)})`,
    );
    release();
    account.gate = undefined;
    await settle();
    await stop();
    assert.equal(account.balance + spent, 1000, 'balance + spent = what the account had');
  });

  it("when a top-up fails, then the requests the lease still covers are served, and the refill under the account's turn reports the failure when it runs out", async () => {
    const account = heldAccount(100);
    const { leases, stop } = leasesOn(account, 8);
    let spent = 0;
    while (account.debits.length < 5) {
      await leases.take('a', 1);
      spent += 1;
      await settle();
    }
    account.fail = true;
    const after = await spendUntilRefused(leases, 20);
    assert.ok(after.spent > 0, 'what the lease held was still spent');
    spent += after.spent;
    assert.ok(after.failure instanceof Error && /database away/.test(after.failure.message), String(after.failure));
    account.fail = false;
    await stop();
    assert.equal(account.balance + spent, 100, 'nothing taken by the failed writes');
  });

  it('when the balance cannot cover a block, then the lease is given back and the 402 sees the whole balance', async () => {
    const account = heldAccount(12);
    const { leases, stop } = leasesOn(account, 8);
    const { spent, failure } = await spendUntilRefused(leases, 20);
    assert.ok(failure instanceof AppError && failure.code === 'INSUFFICIENT_CREDITS', String(failure));
    assert.equal(spent, 12, 'every credit was spendable');
    await stop();
    assert.equal(account.balance, 0);
  });

  it('when a refund owed while the database was away lands later, then the balance shown counts it at once', async () => {
    const account = heldAccount(100);
    const { leases, refunds, stop } = leasesOn(account, 8);
    let spent = 0;
    while (account.debits.length < 4) {
      await leases.take('a', 1);
      spent += 1;
      await settle();
    }
    account.fail = true;
    await refunds.land('a', 5);
    assert.equal(await refunds.owedCredits(), 5, 'owed while the database is away');
    account.fail = false;
    await refunds.settle();
    assert.equal(await refunds.owedCredits(), 0, 'settled');
    const debits = account.debits.length;
    const shown = await leases.take('a', 1);
    spent += 1;
    assert.equal(account.debits.length, debits, 'served from the lease, no block taken');
    assert.equal(shown, 100 + 5 - spent, 'the balance shown is what the account has');
    await stop();
    assert.equal(account.balance + spent, 105);
  });
});
