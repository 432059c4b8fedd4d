// Fixed-window counters in Redis for the login, registration and refused-key throttles
// (limits/throttle.ts), shared by every instance.
import type { RedisClient } from './client';
import type { ThrottleStore } from '../../limits/limits.stores';

const RELEASE =
  "if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then redis.call('decr', KEYS[1]) end";

export function redisThrottleStore(redis: RedisClient, prefix: string) {
  const keyOf = (key: string) => `${prefix}throttle:${key}`;
  return {
    async hit(key, windowMs) {
      const redisKey = keyOf(key);
      const [[, count], [, ttl]] = (await redis.multi().incr(redisKey).pttl(redisKey).exec()) as [
        [null, number],
        [null, number],
      ];
      if (ttl < 0) await redis.pexpire(redisKey, windowMs);
      return { count, ttlMs: ttl < 0 ? windowMs : ttl };
    },
    /** An expired window is left alone, and a count is never made negative. */
    async release(key) {
      await redis.eval(RELEASE, 1, keyOf(key));
    },
  } satisfies ThrottleStore;
}
