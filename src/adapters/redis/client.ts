import Redis from 'ioredis';

export type RedisClient = Redis;

/**
 * Fails fast instead of queueing: with Redis away, a command errors at once and the rate limiter
 * falls back to its in-process store rather than holding requests. `pipelined`: commands issued in
 * one tick leave in one write (auto-pipelining), so the rate limit's two scripts cost one round
 * trip; the rate limit gets a client of its own for that, and the credit lock and owed refunds keep
 * one command per write.
 */
export function createRedis(url: string, pipelined = false): RedisClient {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: 1000,
    retryStrategy: () => 1000,
    lazyConnect: false,
    enableAutoPipelining: pipelined,
  });
}

export function redisProbe(redis: RedisClient) {
  return { name: 'redis' as const, check: async () => void (await redis.ping()) };
}

/** Resolves once the client is connected, or after `timeoutMs` (commands fail fast until then). */
export async function redisReady(redis: RedisClient, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    redis.once('ready', () => (clearTimeout(timer), resolve()));
  });
}
