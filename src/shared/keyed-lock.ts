// Serializes credit writes per account where the database cannot do it. MongoDB applies a
// conditional findOneAndUpdate atomically, so there no lock is used and debits run in parallel.
// FerretDB 1.24 on SQLite reads, modifies and writes in separate steps: 50 parallel $inc on one
// document left it at 40, and a conditional debit let 24 requests spend a balance of 10. There,
// writes to one account's balance take a lock: in this process always, and across instances a lease
// (in Redis), without which the write does not happen.
import { randomUUID } from 'node:crypto';
import { AppError } from '../errors/app-error';

export interface KeyedLock {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

export const NO_LOCK: KeyedLock = { run: (_key, work) => work() };

export interface ProcessLock extends KeyedLock {
  /** Whether work on `key` is running or waiting now. */
  busy(key: string): boolean;
}

/**
 * One chain of pending work per key, within this process. A turn not reached within `waitMs` is
 * given up with a 503: with the database away every turn takes a full timeout, and a queue of them
 * would hold a request for a multiple of it.
 */
export function processLock(waitMs = Infinity): ProcessLock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    busy: (key) => tails.has(key),
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
          reject(
            new AppError('DEPENDENCY_TIMEOUT', 'The account balance is busy; the database is slow or away.', {
              headers: { 'Retry-After': '5' },
            }),
          );
        }, waitMs);
      });
      // Once the turn has come, the work runs to its end whatever the timer says.
      void previous.finally(() => clearTimeout(timer));
      return Promise.race([next, waited]);
    },
  };
}

/** Where leases live that instances sharing one database take turns by (Redis in production). */
export interface LeaseStore {
  /** Takes the lease `name` for `ms` if nobody holds it; true when taken. */
  acquire(name: string, token: string, ms: number): Promise<boolean>;
  /** Pushes the lease's end to `ms` from now, only while `token` holds it; false when it passed on. */
  extend(name: string, token: string, ms: number): Promise<boolean>;
  /** Gives the lease up, only if `token` holds it. */
  release(name: string, token: string): Promise<void>;
}

export interface SharedLockOptions {
  /** How long to wait for this process's turn on the key (see processLock). */
  readonly waitMs: number;
  /** How long to try for the lease before answering 503. */
  readonly acquireMs: number;
  /**
   * A lease's life. Chosen longer than the work can take (the database calls are bounded by the
   * request timeout), and renewed every third of it while the work runs: a slow write never runs
   * unguarded, and the lease of a process that died ends after at most this long.
   */
  readonly leaseMs: number;
  /** Told when a renewal found the lease gone (Redis lost it): the work still runs to its end. */
  readonly onLost?: (key: string) => void;
}

const busy = (detail: string, cause?: unknown) =>
  new AppError('DEPENDENCY_UNAVAILABLE', detail, { headers: { 'Retry-After': '1' }, cause });

/**
 * The process lock, plus a lease so instances sharing the database take turns too. The work never
 * runs without the lease: not taken within `acquireMs`, or the lease store away, is a 503 with
 * Retry-After and nothing done. FerretDB offers no conditional write a fencing token could guard,
 * so instead the lease outlives the work: renewed while it runs, released only once it settled.
 */
export function sharedLock(store: LeaseStore, options: SharedLockOptions): KeyedLock {
  const local = processLock(options.waitMs);
  return {
    run(key, work) {
      return local.run(key, async () => {
        const token = randomUUID();
        const deadline = Date.now() + options.acquireMs;
        try {
          while (!(await store.acquire(key, token, options.leaseMs))) {
            if (Date.now() >= deadline)
              throw busy('The account balance is busy in another instance; try again shortly.');
            await new Promise((r) => setTimeout(r, 2 + Math.random() * 3));
          }
        } catch (err) {
          throw err instanceof AppError
            ? err
            : busy('The shared credit lock is unreachable; nothing was charged.', err);
        }
        const renewal = setInterval(
          () => {
            store.extend(key, token, options.leaseMs).then(
              (held) => held || options.onLost?.(key),
              () => options.onLost?.(key),
            );
          },
          Math.max(1, Math.floor(options.leaseMs / 3)),
        );
        try {
          return await work();
        } finally {
          clearInterval(renewal);
          await store.release(key, token).catch(() => undefined);
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

/** The lock credit writes take: none where updates are atomic; else per process, and by lease when instances share a lease store. */
export function creditLock(
  atomic: () => Promise<boolean>,
  leases: LeaseStore | undefined,
  options: SharedLockOptions,
): KeyedLock {
  return lockUnlessAtomic(atomic, leases ? sharedLock(leases, options) : processLock(options.waitMs));
}
