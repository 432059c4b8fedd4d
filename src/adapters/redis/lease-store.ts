// Leases in Redis for the cross-instance credit lock: SET NX PX to take one, and scripts that extend
// or delete it only for the token that holds it, so a holder never touches a lease that passed on.
import type { RedisClient } from './client';
import type { LeaseStore } from '../../shared/keyed-lock';

const EXTEND =
  "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end";
const RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";

export function redisLeaseStore(redis: RedisClient, prefix: string) {
  const key = (name: string) => `${prefix}lock:${name}`;
  return {
    async acquire(name, token, ms) {
      return (await redis.set(key(name), token, 'PX', ms, 'NX')) === 'OK';
    },
    async extend(name, token, ms) {
      return (await redis.eval(EXTEND, 1, key(name), token, ms)) === 1;
    },
    async release(name, token) {
      await redis.eval(RELEASE, 1, key(name), token);
    },
  } satisfies LeaseStore;
}
