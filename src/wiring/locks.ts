// The locks every process of the service takes the same way: a turn per name, and the account's credit
// lock. The server, the operator commands and their announcements all build them here, from the config.
import type { Config } from '../config';
import type { Logger } from '../shared/logger';
import { hasAtomicUpdates, type MongoHandle } from '../adapters/mongo/client';
import type { RedisClient } from '../adapters/redis/client';
import { redisLeaseStore } from '../adapters/redis/lease-store';
import { redisOwedRefunds } from '../adapters/redis/owed-refunds';
import { memoryOwedRefunds } from '../credits/refunds';
import { creditLock, processLock, sharedLock, type KeyedLock } from '../shared/keyed-lock';

/** One turn at a time per name: across instances by a lease in Redis; without Redis, in this process. */
export function turnsLock(config: Config, redis: RedisClient | undefined, logger: Logger, what: string): KeyedLock {
  if (!redis) return processLock();
  return sharedLock(redisLeaseStore(redis, config.REDIS_KEY_PREFIX), {
    ...creditLockTiming(config),
    onLost: (key) => logger.error(`${what} lease lost while its write was running`, { key }),
  });
}

/** Owed refunds in Redis, settled one at a time across instances; without Redis, in this process. */
export function owedRefundPorts(config: Config, redis: RedisClient | undefined, logger: Logger) {
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
