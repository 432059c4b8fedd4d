// The credit book (credits/book.ts) in Redis: one hash per account, `stored` (the database balance
// as last told) and `leased` (credits every lease of every process holds unspent), shared by every
// worker and instance. A spend is one script: the lease's part goes down and the sum comes back.
// A hash unused for `idleMs` × 20 (a minute at least) goes: by then every lease was given back, and
// the next block starts it again from the database (a grant made meanwhile included).
import type { RedisClient } from './client';
import type { CreditBook } from '../../catalog/credit-book.types';

const LEASED = `redis.call('HSET', KEYS[1], 'stored', ARGV[2])
redis.call('HINCRBY', KEYS[1], 'leased', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])`;
const LANDED = `if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HINCRBY', KEYS[1], 'stored', ARGV[1])
redis.call('HINCRBY', KEYS[1], 'leased', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;
const SPENT = `if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local leased = redis.call('HINCRBY', KEYS[1], 'leased', -tonumber(ARGV[1]))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return tonumber(redis.call('HGET', KEYS[1], 'stored')) + leased`;

export function redisCreditBook(redis: RedisClient, prefix: string, idleMs: number): CreditBook {
  const key = (accountId: string) => `${prefix}credits:${accountId}`;
  const ttl = Math.max(60_000, 20 * idleMs);
  return {
    async leased(accountId, taken, stored) {
      await redis.eval(LEASED, 1, key(accountId), taken, stored, ttl);
    },
    async landed(accountId, credits, returned) {
      await redis.eval(LANDED, 1, key(accountId), credits, returned ? -credits : 0, ttl);
    },
    async refunded(accountId, credits) {
      await redis.eval(LANDED, 1, key(accountId), 0, credits, ttl);
    },
    async spent(accountId, cost) {
      const balance = (await redis.eval(SPENT, 1, key(accountId), cost, ttl)) as number | null;
      return balance ?? undefined;
    },
  };
}
