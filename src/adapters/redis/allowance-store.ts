// Rate-limit windows in Redis, shared by every instance (limits/rate-allowance.ts): each holds how
// many requests of the window instances have taken, and an id of its own, so that a block given
// back after its window ended never lands in the next one. One script per call, one round trip.
import type { RedisClient } from './client';
import type { AllowanceStore } from '../../limits/limits.stores';

// KEYS[1] the window; ARGV: wanted, limit, window ms, an id for a window this call would open.
// Grants what is left of the limit, up to `wanted`; opens the window when none runs.
const TAKE = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'taken', 0, 'id', ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  ttl = tonumber(ARGV[3])
end
local taken = tonumber(redis.call('HGET', KEYS[1], 'taken'))
local granted = math.max(0, math.min(tonumber(ARGV[1]), tonumber(ARGV[2]) - taken))
if granted > 0 then taken = redis.call('HINCRBY', KEYS[1], 'taken', granted) end
return {granted, taken, ttl, redis.call('HGET', KEYS[1], 'id')}`;

// KEYS[1] the window; ARGV: how many, the window's id. Only into the window they were taken from.
const GIVE_BACK = `
if redis.call('HGET', KEYS[1], 'id') == ARGV[2] then
  return redis.call('HINCRBY', KEYS[1], 'taken', -tonumber(ARGV[1]))
end
return 0`;

type Scripts = RedisClient & {
  allowanceTake(
    key: string,
    wanted: number,
    limit: number,
    windowMs: number,
    id: string,
  ): Promise<[number, number, number, string]>;
  allowanceGiveBack(key: string, count: number, id: string): Promise<number>;
};

export function redisAllowanceStore(redis: RedisClient, prefix: string) {
  const scripts = redis as Scripts;
  scripts.defineCommand('allowanceTake', { numberOfKeys: 1, lua: TAKE });
  scripts.defineCommand('allowanceGiveBack', { numberOfKeys: 1, lua: GIVE_BACK });
  const keyOf = (name: string) => `${prefix}allowance:${name}`;
  let opened = 0;
  const instance = Math.random().toString(36).slice(2, 10);
  return {
    async take(name, wanted, limit, windowMs) {
      const newId = `${instance}.${++opened}`;
      const [granted, taken, ttlMs, window] = await scripts.allowanceTake(keyOf(name), wanted, limit, windowMs, newId);
      return { granted, taken, ttlMs, window };
    },
    async giveBack(name, count, window) {
      await scripts.allowanceGiveBack(keyOf(name), count, window);
    },
  } satisfies AllowanceStore;
}
