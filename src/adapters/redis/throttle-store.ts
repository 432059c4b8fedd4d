// Fixed-window counters in Redis for the login, registration and refused-key throttles
// (http/throttle.ts), shared by every instance.
import type { RedisClient } from './client';

/** A ThrottleStore (http/throttle.ts) in Redis. */
export function redisThrottleStore(redis: RedisClient, prefix: string) {
  const keyOf = (key: string) => `${prefix}throttle:${key}`;
  return {
    async hit(key: string, windowMs: number) {
      const redisKey = keyOf(key);
      const [[, count], [, ttl]] = (await redis.multi().incr(redisKey).pttl(redisKey).exec()) as [
        [null, number],
        [null, number],
      ];
      if (ttl < 0) await redis.pexpire(redisKey, windowMs);
      return { count, ttlMs: ttl < 0 ? windowMs : ttl };
    },
    async peek(key: string, windowMs: number) {
      const redisKey = keyOf(key);
      const [[, count], [, ttl]] = (await redis.multi().get(redisKey).pttl(redisKey).exec()) as [
        [null, string | null],
        [null, number],
      ];
      return { count: Number(count ?? 0), ttlMs: ttl < 0 ? windowMs : ttl };
    },
  };
}
