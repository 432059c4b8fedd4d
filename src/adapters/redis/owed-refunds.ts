// Refunds still owed, in one Redis hash shared by every instance: a refund the database did not take
// survives the process that owed it, and any instance may settle it.
import type { RedisClient } from './client';
import type { OwedRefundStore, Refund } from '../../catalog/refund.types';

export function redisOwedRefunds(redis: RedisClient, prefix: string) {
  const key = `${prefix}refunds:owed`;
  return {
    async add(refund) {
      await redis.hset(
        key,
        refund.id,
        JSON.stringify({ accountId: refund.accountId, credits: refund.credits, returned: refund.returned }),
      );
    },
    async list() {
      const all = await redis.hgetall(key);
      return Object.entries(all).map(([id, value]) => ({ id, ...(JSON.parse(value) as Omit<Refund, 'id'>) }));
    },
    async has(id) {
      return (await redis.hexists(key, id)) === 1;
    },
    async remove(id) {
      await redis.hdel(key, id);
    },
  } satisfies OwedRefundStore;
}
