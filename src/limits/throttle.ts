// Fixed-window attempt counters for logins, registrations and refused API keys: in Redis when it answers, shared by
// every instance; in this process when it does not (so a Redis outage loosens nothing per instance).
import { metrics } from '../shared/metrics';
import { AppError } from '../errors/app-error';
import { tooMany } from '../errors/catalog';
import type { Count, ThrottleStore } from './limits.stores';

export interface Verdict {
  readonly allowed: boolean;
  readonly retryAfterSeconds: number;
}

export interface Throttle {
  /** Counts an attempt for `key`; says whether it is within the limit and when the window ends. */
  hit(key: string): Promise<Verdict>;
  /** Takes back one attempt `hit` counted (a reservation that turned out not to count). */
  release(key: string): Promise<void>;
}

/** Answers 429 with Retry-After when `verdict` is past its limit; `what` names what was counted. */
export function refuseOverLimit(verdict: Verdict, what: string): void {
  if (!verdict.allowed) throw new AppError(tooMany(what, verdict.retryAfterSeconds));
}

/** Counters in this process: the fallback while the shared store is away, and the store without Redis. */
function memoryStore(): ThrottleStore {
  const local = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = local.get(key);
    return entry && entry.resetAt > Date.now() ? entry : undefined;
  };
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      const entry = live(key) ?? { count: 0, resetAt: now + windowMs };
      entry.count += 1;
      local.set(key, entry);
      if (local.size > 100000) for (const [k, v] of local) if (v.resetAt <= now) local.delete(k);
      return { count: entry.count, ttlMs: entry.resetAt - now };
    },
    async release(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
  };
}

/** `shared`: the store instances share; when it fails, this process counts on its own. */
export function createThrottle(name: string, max: number, windowMs: number, shared?: ThrottleStore): Throttle {
  const local = memoryStore();
  const counted = async (step: (store: ThrottleStore) => Promise<Count>) => {
    if (!shared) return step(local);
    try {
      return await step(shared);
    } catch {
      return step(local);
    }
  };
  const verdict = (count: number, ttlMs: number) => ({
    allowed: count <= max,
    retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
  });
  return {
    async release(key) {
      await counted(async (store) => {
        await store.release(`${name}:${key}`);
        return { count: 0, ttlMs: 0 };
      });
    },
    async hit(key) {
      const { count, ttlMs } = await counted((store) => store.hit(`${name}:${key}`, windowMs));
      if (count > max) metrics.rateLimited(name);
      return verdict(count, ttlMs);
    },
  };
}
