// The service's API keys, over the shared stores.
import { ApiKeyRepository } from '../adapters/mongo/api-key.repository';
import { redisRevocations } from '../adapters/redis/revocations';
import { KeyService } from '../keys/keys.service';
import type { Stores } from './stores';

/** API keys: their store (listed once in the background) and the service that issues and checks them. */
export function wireKeys({ config, logger, now, mongo, rateLimitRedis, turns }: Stores): KeyService {
  const keyStore = new ApiKeyRepository(mongo.db, turns('key list'));
  // Keys stored before the per-account lists are listed once, in the background.
  keyStore.ready().catch((err) => logger.warn('could not list the API keys yet', { cause: String(err) }));
  return new KeyService(
    {
      keys: keyStore,
      turns: turns('key creation'),
      revocations: rateLimitRedis && redisRevocations(rateLimitRedis, config.REDIS_KEY_PREFIX),
    },
    {
      cacheTtlMs: config.KEY_CACHE_TTL_MS,
      maxLiveKeys: config.MAX_KEYS_PER_ACCOUNT,
      idempotencySecret: config.JWT_SECRET,
    },
    now,
  );
}
