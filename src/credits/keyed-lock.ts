// Serializes credit writes per account where the database cannot do it. MongoDB applies a
// conditional findOneAndUpdate atomically, so there no lock is used and debits run in parallel.
// FerretDB 1.24 on SQLite reads, modifies and writes in separate steps: 50 parallel $inc on one
// document left it at 40, and a conditional debit let 24 requests spend a balance of 10. There,
// writes to one account's balance take a lock: in this process always, and across instances in
// Redis (SET NX PX, released only by its holder) while Redis answers.
import { randomUUID } from 'node:crypto';
import type { RedisClient } from '../adapters/redis/client';
import { AppError } from '../errors/app-error';

export interface KeyedLock {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

export const NO_LOCK: KeyedLock = { run: (_key, work) => work() };

/**
 * One chain of pending work per key, within this process. A turn not reached within `waitMs` is
 * given up with a 503: with the database away every turn takes a full timeout, and a queue of them
 * would hold a request for a multiple of it.
 */
export function processLock(waitMs = Infinity): KeyedLock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      let gaveUp = false;
      const turn = () => (gaveUp ? Promise.reject(new Error('turn given up')) : work());
      const next = previous.then(turn, turn);
      const tail = next.catch(() => undefined);
      tails.set(key, tail);
      void tail.then(() => tails.get(key) === tail && tails.delete(key));
      if (!Number.isFinite(waitMs)) return next;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          gaveUp = true;
          reject(new AppError('DEPENDENCY_TIMEOUT', 'The account balance is busy; the database is slow or away.', { headers: { 'Retry-After': '5' } }));
        }, waitMs);
      });
      // Once the turn has come, the work runs to its end whatever the timer says.
      void previous.finally(() => clearTimeout(timer));
      return Promise.race([next, waited]);
    },
  };
}

const RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";
const LEASE_MS = 2000;
const WAIT_MS = 3000;

/** The process lock, plus a Redis lease so instances sharing the database take turns too. */
export function sharedLock(redis: RedisClient, prefix: string, waitMs = Infinity): KeyedLock {
  const local = processLock(waitMs);
  return {
    run(key, work) {
      return local.run(key, async () => {
        const name = `${prefix}lock:${key}`;
        const token = randomUUID();
        let held = false;
        try {
          const deadline = Date.now() + WAIT_MS;
          while (!(held = (await redis.set(name, token, 'PX', LEASE_MS, 'NX')) === 'OK') && Date.now() < deadline) {
            await new Promise((r) => setTimeout(r, 2 + Math.random() * 3));
          }
        } catch {
          held = false; // Redis away: the process lock still holds within this instance.
        }
        try {
          return await work();
        } finally {
          if (held) await redis.eval(RELEASE, 1, name, token).catch(() => undefined);
        }
      });
    },
  };
}

/** Asks once whether the database updates atomically; locks only if it does not. */
export function lockUnlessAtomic(atomic: () => Promise<boolean>, lock: KeyedLock): KeyedLock {
  let chosen: Promise<KeyedLock> | undefined;
  return {
    async run(key, work) {
      chosen ??= atomic().then((yes) => (yes ? NO_LOCK : lock));
      return (await chosen).run(key, work);
    },
  };
}

/** The lock credit writes take: none where updates are atomic; else per process, and in Redis when there is one. */
export function creditLock(atomic: () => Promise<boolean>, redis: RedisClient | undefined, prefix: string, waitMs = Infinity): KeyedLock {
  return lockUnlessAtomic(atomic, redis ? sharedLock(redis, prefix, waitMs) : processLock(waitMs));
}
