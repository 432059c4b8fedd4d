// The revocation generation in Redis, shared by every worker of every instance: a revocation bumps
// it before it answers, and a process trusts a key it cached only while the generation it read the
// key under is still the current one (keys/keys.service.ts). One GET per request, on the client
// whose commands leave together (the rate limit's), so it rides with them.
import type { RedisClient } from './client';
import type { Revocations } from '../../catalog/api-key.types';

export function redisRevocations(redis: RedisClient, prefix: string): Revocations {
  const key = `${prefix}keys:revocations`;
  return {
    current: async () => (await redis.get(key)) ?? '0',
    bump: async () => void (await redis.incr(key)),
  };
}
