// The cross-instance credit lock against an in-memory lease store that keeps Redis's semantics (a
// lease ends at its expiry unless its holder extends it). Real timers, scaled down: a lease of 300 ms
// renewed every 100 ms, so only a stall of the event loop over 200 ms could disturb them.
import assert from 'node:assert/strict';
import { sharedLock, type LeaseStore } from '../../../src/shared/keyed-lock';
import { AppError } from '../../../src/errors/app-error';

function memoryLeases() {
  const leases = new Map<string, { token: string; until: number }>();
  const live = (name: string) => {
    const l = leases.get(name);
    return l && l.until > Date.now() ? l : undefined;
  };
  const store: LeaseStore & { down: boolean; holder(name: string): string | undefined } = {
    down: false,
    holder: (name) => live(name)?.token,
    async acquire(name, token, ms) {
      if (store.down) throw new Error('connection refused');
      if (live(name)) return false;
      leases.set(name, { token, until: Date.now() + ms });
      return true;
    },
    async extend(name, token, ms) {
      const l = live(name);
      if (l?.token !== token) return false;
      l.until = Date.now() + ms;
      return true;
    },
    async release(name, token) {
      if (live(name)?.token === token) leases.delete(name);
    },
  };
  return store;
}

const OPTIONS = { waitMs: 5000, acquireMs: 400, leaseMs: 300 };
const is503 = (err: unknown) => err instanceof AppError && err.status === 503 && err.headers['Retry-After'] === '1';

describe('credits: shared lock', () => {
  it('when another instance holds the lease past the wait, then 503 with Retry-After and the work never runs', async () => {
    const store = memoryLeases();
    await store.acquire('acct', 'other-instance', 60000);
    let ran = false;
    await assert.rejects(
      sharedLock(store, OPTIONS).run('acct', async () => (ran = true)),
      is503,
    );
    assert.equal(ran, false);
  });

  it('when the lease store is unreachable, then 503 and the work never runs', async () => {
    const store = memoryLeases();
    store.down = true;
    let ran = false;
    await assert.rejects(
      sharedLock(store, OPTIONS).run('acct', async () => (ran = true)),
      is503,
    );
    assert.equal(ran, false);
  });

  it('when the work outlasts the lease, then the lease is renewed and no other instance gets in until the work settled', async () => {
    const store = memoryLeases();
    const a = sharedLock(store, OPTIONS);
    const b = sharedLock(store, OPTIONS); // another instance: its own process lock, the same store
    let finish!: () => void;
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const holding = a.run('acct', () => {
      started();
      return new Promise<void>((r) => (finish = r));
    });
    await running;
    // b tries for its whole acquireMs, more than a lease's life: a's renewals keep it out.
    await assert.rejects(
      b.run('acct', async () => 'b'),
      is503,
    );
    assert.ok(store.holder('acct'), 'the lease is still held by the running work');
    finish();
    await holding;
    assert.equal(store.holder('acct'), undefined, 'released once the work settled');
    assert.equal(await b.run('acct', async () => 'b'), 'b');
  });

  it('when a renewal finds the lease gone, then it is reported and the work still completes', async () => {
    const store = memoryLeases();
    const lost: string[] = [];
    const lock = sharedLock(store, { ...OPTIONS, leaseMs: 60, onLost: (k) => lost.push(k) });
    const result = await lock.run('acct', async () => {
      await store.release('acct', store.holder('acct')!); // Redis lost it (restart, eviction)
      await new Promise<void>((resolve) => {
        const check = setInterval(() => lost.length > 0 && (clearInterval(check), resolve()), 5);
      });
      return 'done';
    });
    assert.equal(result, 'done');
    assert.deepEqual(lost.slice(0, 1), ['acct']);
  });
});
