// The shared rate limit counted in blocks (src/limits/rate-allowance.ts), against an in-memory store
// with Redis's semantics (adapters/redis/allowance-store.ts: a window opens on the first take and ends
// after windowMs; what is given back goes only to the window it came from), on a clock the test moves.
import assert from 'node:assert/strict';
import { RateAllowance, type Verdict } from '../../../src/limits/rate-allowance';
import type { AllowanceStore, Grant } from '../../../src/limits/limits.stores';

class Clock {
  ms = 1_700_000_000_000;
  readonly now = () => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** Windows kept in memory on the test's clock, as the Redis scripts keep them. */
class MemoryWindows implements AllowanceStore {
  private readonly windows = new Map<string, { taken: number; endsAt: number; id: string }>();
  private opened = 0;
  constructor(private readonly clock: Clock) {}

  async take(name: string, wanted: number, limit: number, windowMs: number): Promise<Grant> {
    let w = this.windows.get(name);
    if (!w || w.endsAt <= this.clock.now()) {
      w = { taken: 0, endsAt: this.clock.now() + windowMs, id: `w${++this.opened}` };
      this.windows.set(name, w);
    }
    const granted = Math.max(0, Math.min(wanted, limit - w.taken));
    w.taken += granted;
    return { granted, taken: w.taken, ttlMs: w.endsAt - this.clock.now(), window: w.id };
  }

  async giveBack(name: string, count: number, window: string): Promise<void> {
    const w = this.windows.get(name);
    if (w && w.id === window) w.taken -= count;
  }

  /** How many the store counts as taken in `name`'s window. */
  taken(name: string): number {
    return this.windows.get(name)?.taken ?? 0;
  }
}

const WINDOW_MS = 60_000;

describe('limits: rate allowance', () => {
  let clock: Clock;
  let store: MemoryWindows;
  const open: RateAllowance[] = [];
  const allowance = (limit: number, maxBlock: number) => {
    const a = new RateAllowance(store, { name: 'key', limit, windowMs: WINDOW_MS, maxBlock, idleMs: 5_000 }, clock.now);
    open.push(a);
    return a;
  };
  /** `n` requests one after another, each awaited as the gate awaits it. */
  const requests = async (a: RateAllowance, id: string, n: number): Promise<Verdict[]> => {
    const verdicts: Verdict[] = [];
    for (let i = 0; i < n; i++) verdicts.push(await a.take(id));
    return verdicts;
  };

  beforeEach(() => {
    clock = new Clock();
    store = new MemoryWindows(clock);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((a) => a.close()));
  });

  it('when a key asks past its limit in a window, then exactly the limit is admitted, counting down, and the rest refused until the window ends', async () => {
    const a = allowance(10, 4);
    const verdicts = await requests(a, 'k1', 13);
    assert.deepEqual(
      verdicts.map((v) => v.admitted),
      [...Array<boolean>(10).fill(true), false, false, false],
    );
    assert.deepEqual(
      verdicts.slice(0, 10).map((v) => v.remaining),
      [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
    );
    const reset = Math.ceil((clock.now() + WINDOW_MS) / 1000);
    for (const v of verdicts.slice(10)) assert.deepEqual(v, { admitted: false, remaining: 0, reset });
    assert.equal(store.taken('key:k1'), 10, 'the store never grants more than the limit');
  });

  it('when its window ends, then a refused key is admitted again with its whole limit', async () => {
    const a = allowance(3, 2);
    assert.deepEqual(
      (await requests(a, 'k1', 4)).map((v) => v.admitted),
      [true, true, true, false],
    );
    clock.advance(WINDOW_MS - 1);
    assert.equal((await a.take('k1')).admitted, false, 'one millisecond before the window ends');
    clock.advance(1);
    const again = await requests(a, 'k1', 4);
    assert.deepEqual(
      again.map((v) => [v.admitted, v.remaining]),
      [
        [true, 2],
        [true, 1],
        [true, 0],
        [false, 0],
      ],
    );
    assert.equal(again[0].reset, Math.ceil((clock.now() + WINDOW_MS) / 1000), 'the new window ends a window later');
  });

  it('when keys differ, then each has a limit of its own', async () => {
    const a = allowance(2, 1);
    assert.deepEqual(
      (await requests(a, 'k1', 3)).map((v) => v.admitted),
      [true, true, false],
    );
    assert.deepEqual(
      (await requests(a, 'k2', 2)).map((v) => v.admitted),
      [true, true],
    );
  });

  it('when two instances share the store, then together they never admit more than the limit, and what one held goes back on close', async () => {
    const [a, b] = [allowance(20, 8), allowance(20, 8)];
    let admitted = 0;
    for (let i = 0; i < 30; i++) for (const instance of [a, b]) if ((await instance.take('k1')).admitted) admitted++;
    assert.ok(admitted <= 20, `${admitted} admitted`);
    assert.ok(store.taken('key:k1') <= 20);
    // Allowance a held and did not use goes back to the window it came from.
    await a.close();
    await b.close();
    assert.equal(store.taken('key:k1'), admitted);
    const c = allowance(20, 8);
    const more = (await requests(c, 'k1', 20 - admitted + 1)).map((v) => v.admitted);
    assert.deepEqual(more, [...Array<boolean>(20 - admitted).fill(true), false]);
  });
});
