// The gates every operation passes (key, signed link, rate limits, credits, login, cache), and the SAM
// lists whose signed links need a gate of their own.
import type { ProductIndex } from '../adapters/elasticsearch/product-index';
import type { IndexGeneration } from '../adapters/elasticsearch/index-generation';
import { redisAllowanceStore } from '../adapters/redis/allowance-store';
import { ApiKeyRepository } from '../adapters/mongo/api-key.repository';
import { SignedUrlRepository } from '../adapters/mongo/signed-url.repository';
import { sourceFiles } from '../adapters/files/source-files';
import type { Gates, AnyRoute } from '../http/pipeline';
import { apiKeyGate, loginTokenGate, accountOrKeyGate } from '../http/auth';
import { creditsGate } from '../http/credits-gate';
import { responseCache } from '../http/response-cache';
import { signedUrlGate } from '../http/signed-url-gate';
import type { RequestMiddleware } from '../http/request-state';
import { rateLimit, type RateLimit } from '../limits/rate-limit';
import type { KeyService } from '../keys/keys.service';
import type { CreditLeases } from '../credits/leases';
import { samRoutes } from '../interchange/sam.routes';
import { SamLinkService } from '../interchange/sam-links.service';
import { OPERATIONS } from '../contract/operations';
import { processLock } from '../shared/keyed-lock';
import type { Stores } from './stores';

/** The gates every operation passes (key, signed link, limits, credits, login, cache), and the SAM links that need one. */
export function wireGates(
  s: Stores,
  rooms: { keys: KeyService; leases: CreditLeases; generation: IndexGeneration; index: ProductIndex },
): { gates: Gates; limits: RateLimit; apiKey: ReturnType<typeof apiKeyGate>; sam: SamWiring } {
  const { config, logger, rateLimitRedis } = s;
  const limits = rateLimit({
    max: config.RATE_LIMIT_MAX,
    accountMax: config.ACCOUNT_RATE_LIMIT_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    store: rateLimitRedis && redisAllowanceStore(rateLimitRedis, config.REDIS_KEY_PREFIX),
    logger,
  });
  const apiKey = apiKeyGate(rooms.keys, s.throttle('key-failures-ip', config.KEY_FAILURES_MAX));
  const loginToken = loginTokenGate(config.JWT_SECRET);
  const sam = samWiring(s, rooms.index);
  const gates: Gates = {
    apiKey,
    signedUrl: sam.gate,
    rateLimit: limits.gate,
    credits: creditsGate(rooms.leases),
    loginToken,
    accountOrKey: (scope) => accountOrKeyGate(loginToken, apiKey(scope), limits.gate),
    responseCache: responseCache({
      generation: () => rooms.generation.current(),
      maxBytes: config.RESPONSE_CACHE_BYTES,
      maxEntries: config.RESPONSE_CACHE_ENTRIES,
    }),
  };
  return { gates, limits, apiKey, sam };
}

/** The SAM lists' routes, and the gate that opens their signed links. */
interface SamWiring {
  readonly gate: RequestMiddleware;
  readonly routes: AnyRoute[];
}

/**
 * SAM lists and their signed links. Links are signed under a key derived from CURSOR_SECRET (the
 * secret pagination cursors are signed with, configured or generated the same way), so a link made
 * on one instance opens on every other that shares it.
 */
function samWiring({ config, mongo, sources, now }: Stores, index: ProductIndex): SamWiring {
  const keyStore = new ApiKeyRepository(mongo.db, processLock());
  const links = new SamLinkService(
    {
      links: new SignedUrlRepository(mongo.db),
      keys: keyStore,
      validate(list, query) {
        const input = { query: { ...query }, params: { list } };
        OPERATIONS.get('exportSamList')!.validate(input);
        return input.query;
      },
    },
    config.CURSOR_SECRET,
    now,
  );
  const ports = {
    index,
    sources,
    sourceText: sourceFiles(config.SOURCES_DIR || undefined),
  };
  const perAccount = config.EXPORT_CONCURRENCY_PER_ACCOUNT;
  return { gate: signedUrlGate(links), routes: samRoutes({ ports, links, perAccount }) };
}
