// Fixed-window counters in Redis for the login, registration and refused-key throttles
// (http/throttle.ts), shared by every instance.
import type { RedisClient } from './client';

const RELEASE =
  "if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then redis.call('decr', KEYS[1]) end";

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
    /** Takes back one of `key`'s count while its window runs (an expired window is left alone, never made negative). */
    async release(key: string) {
      await redis.eval(RELEASE, 1, keyOf(key));
    },
  };
}
