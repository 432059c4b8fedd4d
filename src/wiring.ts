// Builds the clients, services and routers from the config. Shared by main.ts and the API tests,
// so the tests run exactly the production wiring against real engines.
import Router from '@koa/router';
import type { Config } from './config';
import { mongoDatabaseName } from './config';
import type { Logger } from './shared/logger';
import { createEsClient, esProbe, type EsClient } from './adapters/elasticsearch/client';
import { createMongo, mongoProbe, hasAtomicUpdates, type MongoHandle } from './adapters/mongo/client';
import { ensureIndexes } from './adapters/mongo/collections';
import { createRedis, redisProbe, redisReady, type RedisClient } from './adapters/redis/client';
import { ProductRepository } from './adapters/mongo/product.repository';
import { RevisionRepository } from './adapters/mongo/revision.repository';
import { AccountRepository } from './adapters/mongo/account.repository';
import { ApiKeyRepository } from './adapters/mongo/api-key.repository';
import { ProductIndex } from './adapters/elasticsearch/product-index';
import { IndexGeneration } from './adapters/elasticsearch/index-generation';
import { healthRouter } from './health/health.routes';
import { docsRouter } from './docs/docs.routes';
import { exploreRouter } from './explore/explore.routes';
import { problemPagesRouter } from './docs/problem-pages';
import { metricsRouter } from './metrics/metrics.routes';
import { metricsSource } from './cluster/cluster.metrics';
import type { Probe } from './health/health.service';
import { mount, type Gates } from './http/pipeline';
import { apiKeyGate, loginTokenGate } from './http/auth';
import { rateLimit, type RateLimit } from './limits/rate-limit';
import { creditsGate } from './http/credits-gate';
import { createThrottle, type Throttle } from './limits/throttle';
import type { ThrottleStore } from './limits/limits.stores';
import { responseCache } from './http/response-cache';
import { KeyService } from './keys/keys.service';
import { creditLock, processLock, sharedLock, type KeyedLock } from './shared/keyed-lock';
import { redisLeaseStore } from './adapters/redis/lease-store';
import { redisAllowanceStore } from './adapters/redis/allowance-store';
import { redisThrottleStore } from './adapters/redis/throttle-store';
import { passwordCheckSlots } from './accounts/password-checks';
import { Refunds, memoryOwedRefunds } from './credits/refunds';
import { redisOwedRefunds } from './adapters/redis/owed-refunds';
import { redisRevocations } from './adapters/redis/revocations';
import { redisCreditBook } from './adapters/redis/credit-book';
import { CreditLeases } from './credits/leases';
import { productRoutes } from './products/products.routes';
import { designRoutes } from './design/design.routes';
import { interchangeRoutes } from './interchange/pvsyst.routes';
import { PvsystFitRepository } from './adapters/mongo/pvsyst-fit.repository';
import { searchRoutes } from './search/search.routes';
import { accountRoutes } from './accounts/accounts.routes';
import { keyRoutes } from './keys/keys.routes';
import { contractRoutes } from './docs/contract.routes';
import { revisionRoutes } from './revisions/revisions.routes';
import { sourceRoutes } from './sources/sources.routes';
import { companyRoutes } from './companies/companies.routes';
import { CompanyRepository } from './adapters/mongo/company.repository';
import { SourceRepository } from './adapters/mongo/source.repository';
import { ChangeRepository } from './adapters/mongo/change.repository';
import type { RequestState } from './http/request-state';
import { mcpRouter } from './mcp/mcp.routes';
import { accountOrKeyGate } from './http/auth';
import { WatchRepository } from './adapters/mongo/watch.repository';
import { resolveDestination, type OutboundPolicy } from './adapters/outbound/outbound-http';
import { WatchService } from './watches/watches.service';
import { watchRoutes } from './watches/watches.routes';
import { SecretBox } from './watches/webhook-signature';
import { readSavedSearch } from './search/saved-search';
import { OutboxRepository } from './adapters/mongo/outbox.repository';
import { DestinationRefused, postTo } from './adapters/outbound/outbound-http';
import { DeliveryService } from './watches/deliveries.service';
import { DeliveryWorker, parseSchedule } from './watches/delivery.worker';
import { samRoutes } from './interchange/sam.routes';
import { SamLinkService } from './interchange/sam-links.service';
import { SignedUrlRepository } from './adapters/mongo/signed-url.repository';
import { sourceFiles } from './adapters/files/source-files';
import { signedUrlGate } from './http/signed-url-gate';
import { OPERATIONS } from './contract/operations';
import type { AnyRoute } from './http/pipeline';
import type { RequestMiddleware } from './http/request-state';

export interface Wired {
  readonly routers: Router[];
  /** Refunds the database has not taken yet (retried in the background). */
  readonly refunds: Refunds;
  /** Resolves once Redis is connected, or after a short wait: the first requests then share limits. */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

const WARM_UP_MS = 2000;

/** What every room's wiring draws on: the configuration, the log, the clock, and the clients and stores they share. */
interface Stores {
  readonly config: Config;
  readonly logger: Logger;
  /** The clock key expiry is judged by. */
  readonly now: () => number;
  readonly es: EsClient;
  readonly mongo: MongoHandle;
  /** Redis for locks, throttles and owed refunds; absent without REDIS_URL. */
  readonly redis?: RedisClient;
  /** Redis for rate limits, revocations and the credit book (its commands fail fast); absent without REDIS_URL. */
  readonly rateLimitRedis?: RedisClient;
  /** Whether the database's updates are atomic: asked once, and the answer chooses locks and reads. */
  readonly atomicUpdates: () => Promise<boolean>;
  readonly products: ProductRepository;
  readonly revisions: RevisionRepository;
  readonly accounts: AccountRepository;
  readonly changes: ChangeRepository;
  /** Shared counts for throttles; absent without Redis (each process counts alone). */
  readonly throttleStore?: ThrottleStore;
  /** One turn at a time per name (turnsLock), `what` naming it in the log when its lease is lost. */
  readonly turns: (what: string) => KeyedLock;
  /** A throttle counted in the shared store when there is one. */
  readonly throttle: (name: string, max: number, windowMs?: number) => Throttle;
}

/** The composition root: the shared stores, each room wired over them, and the routers they mount. */
export function wire(config: Config, logger: Logger, now: () => number = Date.now): Wired {
  const stores = wireStores(config, logger, now);
  const keys = wireKeys(stores);
  const search = wireSearch(stores);
  const watches = wireWatches(stores, search.index);
  const credits = wireCredits(stores);
  const front = wireGates(stores, { keys, leases: credits.leases, ...search });
  const api = new Router<RequestState>();
  const chains = mount(
    api,
    [...catalogRoutes(stores, search.index), ...customerRoutes(stores, { keys, ...watches }), ...front.sam.routes],
    front.gates,
    config.BODY_LIMIT_BYTES,
  );
  return {
    routers: routersOf(stores, { api, chains, front }),
    refunds: credits.refunds,
    async warmUp() {
      await Promise.all([stores.redis, stores.rateLimitRedis].flatMap((r) => (r ? [redisReady(r, WARM_UP_MS)] : [])));
    },
    async close() {
      await Promise.all([credits.leases.close(), front.limits.close(), watches.worker.stop()]);
      await credits.refunds.close();
      const { es, mongo, redis, rateLimitRedis } = stores;
      await Promise.allSettled([es.close(), mongo.client.close(), redis?.quit(), rateLimitRedis?.quit()]);
    },
  };
}

/** The engines' clients and the record's repositories every room shares. */
function wireStores(config: Config, logger: Logger, now: () => number): Stores {
  const es = createEsClient(config.ELASTICSEARCH_URL, config.REQUEST_TIMEOUT_MS);
  const mongo = createMongo(config.MONGODB_URI, mongoDatabaseName(config.MONGODB_URI), config.REQUEST_TIMEOUT_MS);
  const redis = config.REDIS_URL ? createRedis(config.REDIS_URL) : undefined;
  redis?.on('error', (err) => logger.debug('redis error', { cause: err.message }));
  const rateLimitRedis = config.REDIS_URL ? createRedis(config.REDIS_URL, true) : undefined;
  rateLimitRedis?.on('error', (err) => logger.debug('redis error (rate limits)', { cause: err.message }));
  // Indexes are ensured in the background: the service starts even while MongoDB is away.
  ensureIndexes(mongo.db).catch((err) => logger.warn('could not ensure MongoDB indexes yet', { cause: String(err) }));
  // A changes feed stored in the earlier layout (numeric ids) is moved over once, in the background too.
  const changes = new ChangeRepository(mongo.db);
  changes.ready().catch((err) => logger.warn('could not check the changes layout yet', { cause: String(err) }));

  const products = new ProductRepository(mongo.db);
  // Asked once, and the same answer chooses the credit lock, how a balance is debited and how revisions are read together.
  let atomic: Promise<boolean> | undefined;
  const atomicUpdates = () => (atomic ??= hasAtomicUpdates(mongo));
  const throttleStore = redis && redisThrottleStore(redis, config.REDIS_KEY_PREFIX);
  return {
    config,
    logger,
    now,
    es,
    mongo,
    redis,
    rateLimitRedis,
    atomicUpdates,
    products,
    // FerretDB is the engine without atomic updates, and the one that scans for `$in`.
    revisions: new RevisionRepository(mongo.db, atomicUpdates),
    accounts: new AccountRepository(mongo.db, atomicUpdates),
    changes,
    throttleStore,
    turns: (what) => turnsLock(config, redis, logger, what),
    throttle: (name, max, windowMs = config.LOGIN_RATE_LIMIT_WINDOW_MS) =>
      createThrottle(name, max, windowMs, throttleStore),
  };
}

/** API keys: their store (listed once in the background) and the service that issues and checks them. */
function wireKeys({ config, logger, now, mongo, rateLimitRedis, turns }: Stores): KeyService {
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
function wireSearch({ config, es }: Stores): { generation: IndexGeneration; index: ProductIndex } {
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

/** Watches and their deliveries: the service, the outbox, and the worker that sends (started when delivery is on). */
function wireWatches(s: Stores, productIndex: ProductIndex): WatchRooms {
  const { config, mongo, now } = s;
  const outbound = { allowLoopbackHttp: config.WEBHOOK_ALLOW_HTTP_LOOPBACK };
  const watchStore = new WatchRepository(mongo.db, s.turns('watch index'));
  const secretBox = new SecretBox(config.WEBHOOK_SECRET_KEY);
  const watches = new WatchService(
    {
      turns: s.turns('watch creation'),
      watches: watchStore,
      // One _mget of the read model for the whole list (a watch names up to 1,000): FerretDB scans the
      // table for `_id $in`, and 1,000 parallel findOne calls slowed every other tenant's reads.
      missingProducts: async (ids) => {
        const found = await productIndex.getMany(ids, ['id']);
        return ids.filter((_, i) => found[i] === null);
      },
      readSearch: (params) => readSavedSearch(params, productIndex),
      checkEndpoint: async (url) => void (await resolveDestination(url, outbound)),
      secrets: secretBox,
    },
    { maxWatches: config.MAX_WATCHES_PER_ACCOUNT, overlapMs: config.WEBHOOK_SECRET_OVERLAP_MS },
    now,
  );
  const outbox = new OutboxRepository(mongo.db, s.turns('webhook outbox'), s.atomicUpdates);
  const worker = deliveryWorker(s, { outbox, watchStore, secretBox, outbound });
  if (config.WEBHOOK_DELIVERY === 'on') worker.start();
  const deliveries = new DeliveryService(
    watches,
    {
      outbox,
      nudge: () => worker.nudge(),
      manualSends: s.throttle(
        'webhook-manual-sends',
        config.WEBHOOK_MANUAL_SENDS_PER_WATCH,
        config.WEBHOOK_MANUAL_SENDS_WINDOW_MS,
      ),
    },
    { logRetentionMs: config.WEBHOOK_LOG_RETENTION_MS },
    now,
  );
  return { watches, deliveries, worker };
}

/** The watch rooms' parts other rooms use: the services the routes call, and the worker to stop. */
interface WatchRooms {
  readonly watches: WatchService;
  readonly deliveries: DeliveryService;
  readonly worker: DeliveryWorker;
}

/** The worker that sends the outbox's deliveries, each to an address checked again just before sending. */
function deliveryWorker(
  { config, logger, now }: Stores,
  parts: { outbox: OutboxRepository; watchStore: WatchRepository; secretBox: SecretBox; outbound: OutboundPolicy },
): DeliveryWorker {
  const { outbox, watchStore, secretBox, outbound } = parts;
  return new DeliveryWorker(
    {
      outbox,
      watches: watchStore,
      secrets: secretBox,
      outbound: {
        async send(url, headers, body) {
          try {
            return await postTo(await resolveDestination(url, outbound), headers, body, config.WEBHOOK_TIMEOUT_MS);
          } catch (err) {
            if (!(err instanceof DestinationRefused)) throw err;
            return { status: null, latencyMs: 0, excerpt: `refused before sending: the url ${err.message}` };
          }
        },
      },
    },
    {
      pollMs: config.WEBHOOK_POLL_MS,
      batch: config.WEBHOOK_BATCH,
      concurrency: config.WEBHOOK_CONCURRENCY,
      perWatch: config.WEBHOOK_CONCURRENCY_PER_WATCH,
      perAccount: config.WEBHOOK_CONCURRENCY_PER_ACCOUNT,
      slowLane: { concurrency: config.WEBHOOK_SLOW_LANE_CONCURRENCY, forMs: config.WEBHOOK_SLOW_LANE_MS },
      retryDelays: parseSchedule(config.WEBHOOK_RETRY_SCHEDULE),
      disableAfterMs: config.WEBHOOK_DISABLE_AFTER_MS,
      leaseMs: config.WEBHOOK_TIMEOUT_MS * 2 + 5000,
    },
    logger,
    now,
  );
}

/**
 * Credits: the account lock, refunds owed, and the leases requests are charged from. With several
 * processes, the credit book (credits/book.ts) tells each request the account's balance over all of
 * them; it hears of every write to the stored balance under the credit lock, which then takes turns
 * even where the database's own updates are atomic, so it hears them in order.
 */
function wireCredits(s: Stores): { refunds: Refunds; leases: CreditLeases } {
  const { config, mongo, redis, rateLimitRedis, logger } = s;
  const book = rateLimitRedis && redisCreditBook(rateLimitRedis, config.REDIS_KEY_PREFIX, config.CREDIT_LEASE_IDLE_MS);
  const credits = buildCreditLock({
    config,
    mongo,
    redis,
    logger,
    atomicUpdates: book ? async () => false : s.atomicUpdates,
  });
  const creditPorts = { accounts: s.accounts, lock: credits };
  const refunds = new Refunds({ ...creditPorts, ...owedRefundPorts(config, redis, logger) }, logger);
  const leases = new CreditLeases(
    creditPorts,
    refunds,
    { maxBlock: config.CREDIT_LEASE_MAX, idleMs: config.CREDIT_LEASE_IDLE_MS, waitMs: config.REQUEST_TIMEOUT_MS },
    book,
  );
  return { refunds, leases };
}

/** The gates every operation passes (key, signed link, limits, credits, login, cache), and the SAM links that need one. */
function wireGates(
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
  const sam = samWiring(config, s.mongo, rooms.index, s.now);
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

/** The catalog's rooms: the contract, products, design, interchange, search, revisions, sources and companies. */
function catalogRoutes(
  { config, mongo, products, revisions, changes }: Stores,
  productIndex: ProductIndex,
): AnyRoute[] {
  return [
    ...contractRoutes(),
    ...productRoutes({
      ports: { index: productIndex, revisions },
      exportLimits: { perAccount: config.EXPORT_CONCURRENCY_PER_ACCOUNT, idleMs: config.EXPORT_IDLE_TIMEOUT_MS },
    }),
    ...designRoutes({ ports: { index: productIndex, revisions } }),
    ...interchangeRoutes({
      ports: { index: productIndex, revisions, fits: new PvsystFitRepository(mongo.db) },
      service: 'Product Data Service',
    }),
    ...searchRoutes({
      search: productIndex,
      cursorSecret: config.CURSOR_SECRET,
      engineSlots: {
        slots: config.SEARCH_SLOTS,
        perAccount: config.SEARCH_CONCURRENCY_PER_ACCOUNT,
        waitingPerAccount: config.SEARCH_WAITING_PER_ACCOUNT,
        maxWaitMs: config.SEARCH_WAIT_MS,
      },
    }),
    ...revisionRoutes({
      ports: { products, revisions, changes },
      cursorSecret: config.CURSOR_SECRET,
    }),
    ...sourceRoutes({ ports: { sources: new SourceRepository(mongo.db) } }),
    ...companyRoutes({
      ports: { index: productIndex, records: new CompanyRepository(mongo.db) },
      cursorSecret: config.CURSOR_SECRET,
    }),
  ];
}

/** The customer's rooms: accounts (with their login throttles), keys and watches. */
function customerRoutes(
  s: Stores,
  rooms: { keys: KeyService; watches: WatchService; deliveries: DeliveryService },
): AnyRoute[] {
  const { config } = s;
  const throttle = (name: string) => s.throttle(name, config.LOGIN_RATE_LIMIT_MAX);
  return [
    ...accountRoutes({
      ports: { accounts: s.accounts },
      signupCredits: config.SIGNUP_CREDITS,
      jwt: { secret: config.JWT_SECRET, ttlSeconds: config.JWT_TTL_SECONDS },
      throttles: {
        loginFailuresByEmailAndAddress: throttle('login-failures-email-ip'),
        loginFailuresByAddress: throttle('login-failures-ip'),
        loginsByAddress: s.throttle('logins-ip', config.LOGINS_PER_ADDRESS_MAX),
        registerByAddress: throttle('register-ip'),
      },
      passwordChecks: passwordCheckSlots(config.PASSWORD_CHECKS_MAX),
    }),
    ...keyRoutes({ keys: rooms.keys, changes: s.throttle('key-changes-account', config.KEY_CHANGES_MAX) }),
    ...watchRoutes({ watches: rooms.watches, deliveries: rooms.deliveries }),
  ];
}

/** The routers the app serves: health, docs, explore, problem pages, metrics, the API, and MCP over the API's chains. */
function routersOf(
  { config, logger, es, mongo, redis }: Stores,
  parts: { api: Router<RequestState>; chains: ReturnType<typeof mount>; front: ReturnType<typeof wireGates> },
): Router[] {
  const probes: Probe[] = [esProbe(es), mongoProbe(mongo)];
  if (redis) probes.push(redisProbe(redis));
  return [
    healthRouter(probes, Math.min(config.REQUEST_TIMEOUT_MS, 2000)),
    docsRouter(),
    exploreRouter(),
    problemPagesRouter(),
    metricsRouter({ mode: config.METRICS_ACCESS, token: config.METRICS_TOKEN }, metricsSource()),
    parts.api,
    // The MCP front door runs the same chains as the REST routes above.
    mcpRouter({
      chains: parts.chains,
      apiKey: parts.front.apiKey(null),
      rateLimit: parts.front.limits.gate,
      logger,
      bodyLimit: config.BODY_LIMIT_BYTES,
      batchMax: config.MCP_BATCH_MAX,
      answerMaxBytes: config.MCP_BATCH_ANSWER_MAX_BYTES,
    }),
  ];
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
function samWiring(config: Config, mongo: MongoHandle, index: ProductIndex, now: () => number): SamWiring {
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
    sources: new SourceRepository(mongo.db),
    sourceText: sourceFiles(config.SOURCES_DIR || undefined),
  };
  const perAccount = config.EXPORT_CONCURRENCY_PER_ACCOUNT;
  return { gate: signedUrlGate(links), routes: samRoutes({ ports, links, perAccount }) };
}

/** One turn at a time per name: across instances by a lease in Redis; without Redis, in this process. */
export function turnsLock(config: Config, redis: RedisClient | undefined, logger: Logger, what: string): KeyedLock {
  if (!redis) return processLock();
  return sharedLock(redisLeaseStore(redis, config.REDIS_KEY_PREFIX), {
    ...creditLockTiming(config),
    onLost: (key) => logger.error(`${what} lease lost while its write was running`, { key }),
  });
}

/** Owed refunds in Redis, settled one at a time across instances; without Redis, in this process. */
function owedRefundPorts(config: Config, redis: RedisClient | undefined, logger: Logger) {
  const turns = turnsLock(config, redis, logger, 'refund settling');
  return { owed: redis ? redisOwedRefunds(redis, config.REDIS_KEY_PREFIX) : memoryOwedRefunds(), turns };
}

/** A lease lives twice the request timeout plus a second: longer than the one database call it guards can take. */
const creditLockTiming = (config: Config) => ({
  waitMs: config.REQUEST_TIMEOUT_MS,
  acquireMs: config.REQUEST_TIMEOUT_MS,
  leaseMs: 2 * config.REQUEST_TIMEOUT_MS + 1000,
});

/** What the credit lock is built from: the configuration, the record, Redis when there is one, and the log. */
export interface CreditLockParts {
  readonly config: Config;
  readonly mongo: MongoHandle;
  /** Where its leases live across instances; without Redis it takes turns in this process. */
  readonly redis: RedisClient | undefined;
  /** Where a lost lease is told. */
  readonly logger: Logger;
  /** Whether the database's updates are atomic (asked of `mongo` unless given). */
  readonly atomicUpdates?: () => Promise<boolean>;
}

/** The credit lock from configuration, for the service and the operator's grant alike. */
export function buildCreditLock({
  config,
  mongo,
  redis,
  logger,
  atomicUpdates = () => hasAtomicUpdates(mongo),
}: CreditLockParts): KeyedLock {
  return creditLock(atomicUpdates, redis && redisLeaseStore(redis, config.REDIS_KEY_PREFIX), {
    ...creditLockTiming(config),
    onLost: (account_id) => logger.error('credit lock lease lost while its write was running', { account_id }),
  });
}
