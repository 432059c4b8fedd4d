// Credits: the account lock, refunds owed, and the leases requests are charged from.
import { Refunds } from '../credits/refunds';
import { CreditLeases } from '../credits/leases';
import { redisCreditBook } from '../adapters/redis/credit-book';
import { buildCreditLock, owedRefundPorts } from './locks';
import type { Stores } from './stores';

/**
 * Credits: the account lock, refunds owed, and the leases requests are charged from. With several
 * processes, the credit book (credits/book.ts) tells each request the account's balance over all of
 * them; it hears of every write to the stored balance under the credit lock, which then takes turns
 * even where the database's own updates are atomic, so it hears them in order.
 */
export function wireCredits(s: Stores): { refunds: Refunds; leases: CreditLeases } {
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
