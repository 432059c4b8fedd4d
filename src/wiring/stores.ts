// The engines' clients and the record's repositories, built once from the config: the service
// (wire.ts) and every operator command (cli/operator.ts) draw on the same stores, the commands with
// their longer timeouts for bulk work.
import type { Config } from '../config';
import { mongoDatabaseName } from '../config';
import type { Logger } from '../shared/logger';
import { createEsClient, type EsClient } from '../adapters/elasticsearch/client';
import { createMongo, hasAtomicUpdates, type MongoHandle } from '../adapters/mongo/client';
import { ensureIndexes } from '../adapters/mongo/collections';
import { createRedis, type RedisClient } from '../adapters/redis/client';
import { redisThrottleStore } from '../adapters/redis/throttle-store';
import { ProductRepository } from '../adapters/mongo/product.repository';
import { RevisionRepository } from '../adapters/mongo/revision.repository';
import { AccountRepository } from '../adapters/mongo/account.repository';
import { ChangeRepository } from '../adapters/mongo/change.repository';
import { SourceRepository } from '../adapters/mongo/source.repository';
import { CompanyRepository } from '../adapters/mongo/company.repository';
import { WatchRepository } from '../adapters/mongo/watch.repository';
import { OutboxRepository } from '../adapters/mongo/outbox.repository';
import { createThrottle, type Throttle } from '../limits/throttle';
import type { ThrottleStore } from '../limits/limits.stores';
import type { KeyedLock } from '../shared/keyed-lock';
import { turnsLock } from './locks';

/** What every room's wiring and every command draws on: the configuration, the log, the clock, the clients and stores. */
export interface Stores {
  readonly config: Config;
  readonly logger: Logger;
  /** The clock key expiry is judged by. */
  readonly now: () => number;
  readonly es: EsClient;
  readonly mongo: MongoHandle;
  /** Redis for locks, throttles and owed refunds; absent without REDIS_URL. */
  readonly redis?: RedisClient;
  /** Redis for rate limits, revocations and the credit book (its commands fail fast); only where the service serves. */
  readonly rateLimitRedis?: RedisClient;
  /** Whether the database's updates are atomic: asked once, and the answer chooses locks and reads. */
  readonly atomicUpdates: () => Promise<boolean>;
  /** Settles once the record's indexes are in place (rejects when they could not be made). */
  readonly indexes: Promise<void>;
  readonly products: ProductRepository;
  readonly revisions: RevisionRepository;
  readonly accounts: AccountRepository;
  readonly changes: ChangeRepository;
  readonly sources: SourceRepository;
  readonly companies: CompanyRepository;
  readonly watches: WatchRepository;
  readonly outbox: OutboxRepository;
  /** Shared counts for throttles; absent without Redis (each process counts alone). */
  readonly throttleStore?: ThrottleStore;
  /** One turn at a time per name (turnsLock), `what` naming it in the log when its lease is lost. */
  readonly turns: (what: string) => KeyedLock;
  /** A throttle counted in the shared store when there is one. */
  readonly throttle: (name: string, max: number, windowMs?: number) => Throttle;
  /** Closes every client; nothing is thrown. */
  close(): Promise<void>;
}

export interface StoreOptions {
  /** The clock (Date.now unless given). */
  readonly now?: () => number;
  /** Each engine call's limit: REQUEST_TIMEOUT_MS unless given (an operator's bulk writes take longer). */
  readonly timeoutMs?: number;
  /**
   * The service: a fail-fast Redis client of its own for rate limits, and the record's upkeep (indexes,
   * the changes layout) in the background, told in the log, so it starts even while MongoDB is away.
   * Otherwise (a command) whoever opens the stores awaits `indexes`.
   */
  readonly serving?: boolean;
}

export function wireStores(config: Config, logger: Logger, options: StoreOptions = {}): Stores {
  const { now = Date.now, timeoutMs = config.REQUEST_TIMEOUT_MS, serving = false } = options;
  const es = createEsClient(config.ELASTICSEARCH_URL, timeoutMs);
  const mongo = createMongo(config.MONGODB_URI, mongoDatabaseName(config.MONGODB_URI), timeoutMs);
  const redis = redisClient(config, logger, false);
  const rateLimitRedis = serving ? redisClient(config, logger, true) : undefined;
  const indexes = ensureIndexes(mongo.db);
  const changes = new ChangeRepository(mongo.db);
  // A command awaits `indexes` (and fails when they cannot be made); nothing is left unhandled meanwhile.
  indexes.catch(() => undefined);
  if (serving) backgroundUpkeep(logger, indexes, changes);
  // Asked once, and the same answer chooses the credit lock, how a balance is debited and how revisions are read together.
  let atomic: Promise<boolean> | undefined;
  const atomicUpdates = () => (atomic ??= hasAtomicUpdates(mongo));
  const throttleStore = redis && redisThrottleStore(redis, config.REDIS_KEY_PREFIX);
  const turns = (what: string) => turnsLock(config, redis, logger, what);
  return {
    config,
    logger,
    now,
    es,
    mongo,
    redis,
    rateLimitRedis,
    atomicUpdates,
    indexes,
    changes,
    throttleStore,
    turns,
    products: new ProductRepository(mongo.db),
    // FerretDB is the engine without atomic updates, and the one that scans for `$in`.
    revisions: new RevisionRepository(mongo.db, atomicUpdates),
    accounts: new AccountRepository(mongo.db, atomicUpdates),
    sources: new SourceRepository(mongo.db),
    companies: new CompanyRepository(mongo.db),
    watches: new WatchRepository(mongo.db, turns('watch index')),
    outbox: new OutboxRepository(mongo.db, turns('webhook outbox'), atomicUpdates),
    throttle: (name, max, windowMs = config.LOGIN_RATE_LIMIT_WINDOW_MS) =>
      createThrottle(name, max, windowMs, throttleStore),
    async close() {
      await Promise.allSettled([es.close(), mongo.client.close(), redis?.quit(), rateLimitRedis?.quit()]);
    },
  };
}

/** A Redis client whose errors go to the debug log (its users fall back or fail fast); none without REDIS_URL. */
function redisClient(config: Config, logger: Logger, pipelined: boolean): RedisClient | undefined {
  if (!config.REDIS_URL) return undefined;
  const redis = createRedis(config.REDIS_URL, pipelined);
  const what = pipelined ? 'redis error (rate limits)' : 'redis error';
  redis.on('error', (err) => logger.debug(what, { cause: err.message }));
  return redis;
}

/** The service's upkeep of the record, in the background: indexes ensured, and a changes feed stored in the earlier layout (numeric ids) moved over once. */
function backgroundUpkeep(logger: Logger, indexes: Promise<void>, changes: ChangeRepository): void {
  indexes.catch((err) => logger.warn('could not ensure MongoDB indexes yet', { cause: String(err) }));
  changes.ready().catch((err) => logger.warn('could not check the changes layout yet', { cause: String(err) }));
}
