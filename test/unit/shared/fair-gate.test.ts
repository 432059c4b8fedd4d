// Admission to the engine, fair between accounts: one tenant's burst waits behind itself, never in front of another's search.
import assert from 'node:assert/strict';
import { AppError } from '../../../src/errors/app-error';
import { FairGate, type FairGateLimits } from '../../../src/shared/fair-gate';

/** A piece of work that runs until the test finishes it, and says when it started. */
function work(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<string>((resolve) => (finish = () => resolve(name)));
  return {
    run: () => {
      log.push(name);
      return done;
    },
    finish: () => finish(),
  };
}

const limits = (over: Partial<FairGateLimits> = {}): FairGateLimits => ({
  slots: 2,
  perAccount: 1,
  waitingPerAccount: 8,
  maxWaitMs: 60_000,
  ...over,
});
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const refused = (pattern: RegExp) => (e: unknown) =>
  e instanceof AppError && e.status === 429 && e.headers?.['Retry-After'] === '1' && pattern.test(e.detail);

describe('fair gate: engine slots shared fairly between accounts', () => {
  it("when one account bursts, then another account's search starts at once and the burst waits behind itself", async () => {
    const gate = new FairGate(limits(), 'searches');
    const log: string[] = [];
    const burst = Array.from({ length: 5 }, (_, i) => work(log, `hostile-${i}`));
    const answers = burst.map((w) => gate.within('hostile', w.run));
    await settle();
    assert.deepEqual(log, ['hostile-0'], 'one account holds at most perAccount slots');
    const normal = work(log, 'normal');
    const answer = gate.within('normal', normal.run);
    await settle();
    assert.deepEqual(log, ['hostile-0', 'normal'], 'the free slot went to the other account at once');
    normal.finish();
    assert.equal(await answer, 'normal');
    for (const [i, w] of burst.entries()) {
      w.finish();
      await settle();
      if (i + 1 < burst.length) assert.equal(log.at(-1), `hostile-${i + 1}`, 'the burst runs one at a time, in order');
    }
    assert.deepEqual(await Promise.all(answers), ['hostile-0', 'hostile-1', 'hostile-2', 'hostile-3', 'hostile-4']);
  });

  it('when a slot frees, then it goes to the waiting account holding the fewest, not the first to wait', async () => {
    const gate = new FairGate(limits({ slots: 3, perAccount: 2 }), 'searches');
    const log: string[] = [];
    const [a1, a2, b1, a3, b2, c1] = ['a1', 'a2', 'b1', 'a3', 'b2', 'c1'].map((n) => work(log, n));
    const runs = [
      gate.within('a', a1.run),
      gate.within('a', a2.run),
      gate.within('b', b1.run),
      gate.within('a', a3.run),
      gate.within('b', b2.run),
      gate.within('c', c1.run),
    ];
    await settle();
    assert.deepEqual(log, ['a1', 'a2', 'b1'], 'three slots taken; a3, b2 and c1 wait in that order');
    a1.finish();
    await settle();
    assert.equal(log.at(-1), 'c1', 'c holds none: it goes before a and b, who each hold one');
    b1.finish();
    await settle();
    assert.equal(log.at(-1), 'b2', 'b now holds none, a holds one');
    for (const w of [a2, a3, b2, c1]) w.finish();
    await settle();
    assert.deepEqual(log, ['a1', 'a2', 'b1', 'c1', 'b2', 'a3']);
    await Promise.all(runs);
  });

  it("when an account's line is full, then one more is a 429 problem at once and nothing else changes", async () => {
    const gate = new FairGate(limits({ waitingPerAccount: 2 }), 'searches');
    const log: string[] = [];
    const held = [0, 1, 2].map((i) => work(log, `w${i}`));
    const runs = held.map((w) => gate.within('acct', w.run));
    const extra = work(log, 'extra');
    await assert.rejects(
      gate.within('acct', extra.run),
      refused(/1 searches running and 2 waiting on this server, where it may run 1 and have 2 waiting/),
    );
    await settle();
    assert.deepEqual(log, ['w0'], 'the refused one never ran');
    for (const w of held) {
      await settle();
      w.finish();
    }
    assert.deepEqual(await Promise.all(runs), ['w0', 'w1', 'w2']);
  });

  it('when no slot frees within the wait, then a 503 dependency problem (the engine is slow), and the request never runs later', async () => {
    const gate = new FairGate(limits({ maxWaitMs: 20 }), 'searches');
    const log: string[] = [];
    const first = work(log, 'first');
    const running = gate.within('acct', first.run);
    const late = work(log, 'late');
    await assert.rejects(
      gate.within('acct', late.run),
      (e: unknown) =>
        e instanceof AppError && e.status === 503 && e.headers['Retry-After'] === '1' && /within 20 ms/.test(e.detail),
    );
    first.finish();
    await running;
    await settle();
    assert.deepEqual(log, ['first']);
    const next = work(log, 'next');
    const again = gate.within('acct', next.run);
    await settle();
    assert.deepEqual(log, ['first', 'next'], 'the timed-out waiter left no hole in the line');
    next.finish();
    await again;
  });

  it('when work fails, then its slot is given back once', async () => {
    const gate = new FairGate(limits(), 'searches');
    await assert.rejects(
      gate.within('acct', () => Promise.reject(new Error('boom'))),
      /boom/,
    );
    const log: string[] = [];
    const w = work(log, 'after');
    const run = gate.within('acct', w.run);
    await settle();
    assert.deepEqual(log, ['after'], 'the failed run left its slot free');
    w.finish();
    assert.equal(await run, 'after');
  });
});
