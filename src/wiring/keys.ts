// The service's API keys and its read model, over the shared stores.
import { ApiKeyRepository } from '../adapters/mongo/api-key.repository';
import { redisRevocations } from '../adapters/redis/revocations';
import { ProductIndex } from '../adapters/elasticsearch/product-index';
import { IndexGeneration } from '../adapters/elasticsearch/index-generation';
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

/** The read model: the index generation answers are cached by, and the product index over it. */
export function wireSearch({ config, es }: Stores): { generation: IndexGeneration; index: ProductIndex } {
  const generation = new IndexGeneration(es, config.ELASTICSEARCH_INDEX, config.ALIAS_CHECK_MS);
  const index = new ProductIndex({
    es,
    alias: config.ELASTICSEARCH_INDEX,
    generation,
    cacheLimits: { maxBytes: config.READ_CACHE_BYTES, maxEntries: config.READ_CACHE_ENTRIES },
    searchTimeoutMs: config.SEARCH_TIMEOUT_MS,
  });
  return { generation, index };
}
