// Serializes credit writes per account where the database cannot do it. MongoDB applies a
// conditional findOneAndUpdate atomically, so there no lock is used and debits run in parallel.
// FerretDB 1.24 on SQLite reads, modifies and writes in separate steps: 50 parallel $inc on one
// document left it at 40, and a conditional debit let 24 requests spend a balance of 10. There,
// writes to one account's balance take a lock: in this process always, and across instances in
// Redis (SET NX PX, released only by its holder) while Redis answers.
import { randomUUID } from 'node:crypto';
import type { RedisClient } from '../adapters/redis/client';

export interface KeyedLock {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

export const NO_LOCK: KeyedLock = { run: (_key, work) => work() };

/** One chain of pending work per key, within this process. */
export function processLock(): KeyedLock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run(key, work) {
      const previous = tails.get(key) ?? Promise.resolve();
      const next = previous.then(work, work);
      const tail = next.catch(() => undefined);
      tails.set(key, tail);
      void tail.then(() => tails.get(key) === tail && tails.delete(key));
      return next;
    },
  };
}

const RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";
const LEASE_MS = 2000;
const WAIT_MS = 3000;

/** The process lock, plus a Redis lease so instances sharing the database take turns too. */
export function sharedLock(redis: RedisClient, prefix: string): KeyedLock {
  const local = processLock();
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
export function creditLock(atomic: () => Promise<boolean>, redis: RedisClient | undefined, prefix: string): KeyedLock {
  return lockUnlessAtomic(atomic, redis ? sharedLock(redis, prefix) : processLock());
}
