// Fixed-window attempt counters for login and registration: in Redis when it answers, shared by
// every instance; in this process when it does not (so a Redis outage loosens nothing per instance).
import type { RedisClient } from '../adapters/redis/client';
import { metrics } from '../metrics/metrics';

export interface Verdict {
  readonly allowed: boolean;
  readonly retryAfterSeconds: number;
}

export interface Throttle {
  /** Counts an attempt for `key`; says whether it is within the limit and when the window ends. */
  hit(key: string): Promise<Verdict>;
  /** Says whether one more attempt for `key` would be within the limit, counting nothing. */
  peek(key: string): Promise<Verdict>;
}

export function createThrottle(name: string, max: number, windowMs: number, redis?: RedisClient, keyPrefix = 'pds:'): Throttle {
  const local = new Map<string, { count: number; resetAt: number }>();
  const hitLocal = (key: string) => {
    const now = Date.now();
    let entry = local.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      local.set(key, entry);
    }
    entry.count += 1;
    if (local.size > 100000) for (const [k, v] of local) if (v.resetAt <= now) local.delete(k);
    return { count: entry.count, ttlMs: entry.resetAt - now };
  };
  const redisKeyOf = (key: string) => `${keyPrefix}throttle:${name}:${key}`;
  const verdict = (count: number, ttlMs: number) => ({ allowed: count <= max, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) });
  const peekLocal = (key: string) => {
    const entry = local.get(key);
    return entry && entry.resetAt > Date.now() ? { count: entry.count, ttlMs: entry.resetAt - Date.now() } : { count: 0, ttlMs: windowMs };
  };
  return {
    async peek(key) {
      let counted: { count: number; ttlMs: number };
      try {
        if (!redis) throw new Error('no redis');
        const redisKey = redisKeyOf(key);
        const [[, c], [, ttl]] = (await redis.multi().get(redisKey).pttl(redisKey).exec()) as [[null, string | null], [null, number]];
        counted = { count: Number(c ?? 0), ttlMs: ttl < 0 ? windowMs : ttl };
      } catch {
        counted = peekLocal(key);
      }
      return verdict(counted.count + 1, counted.ttlMs);
    },
    async hit(key) {
      let count: number;
      let ttlMs: number;
      try {
        if (!redis) throw new Error('no redis');
        const redisKey = redisKeyOf(key);
        const [[, c], [, ttl]] = (await redis.multi().incr(redisKey).pttl(redisKey).exec()) as [[null, number], [null, number]];
        if (ttl < 0) await redis.pexpire(redisKey, windowMs);
        count = c;
        ttlMs = ttl < 0 ? windowMs : ttl;
      } catch {
        ({ count, ttlMs } = hitLocal(key));
      }
      if (count > max) metrics.rateLimited(name);
      return verdict(count, ttlMs);
    },
  };
}
