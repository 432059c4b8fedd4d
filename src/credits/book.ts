// The account's balance as every worker and instance shows it: the stored balance plus what every
// lease holds unspent, kept in one place (Redis) so that X-Quota-Balance is the same truth whichever
// process answers. Each process still spends from its own lease (leases.ts); it tells the book what
// it took, spent and gave back, and the book answers each spend with the balance after it. Writes to
// the stored balance are told under the account's credit lock, so the book sees them in their order.
import type { CreditBook } from '../catalog/credit-book.types';

export type { CreditBook };

/**
 * The book in one process's memory, as the Redis one keeps it (adapters/redis/credit-book.ts):
 * for tests of several leases side by side, since one process alone needs no book.
 */
export function memoryCreditBook(): CreditBook {
  const accounts = new Map<string, { stored: number; leased: number }>();
  return {
    async leased(accountId, taken, stored) {
      const entry = accounts.get(accountId) ?? { stored, leased: 0 };
      accounts.set(accountId, { stored, leased: entry.leased + taken });
    },
    async landed(accountId, credits, returned) {
      const entry = accounts.get(accountId);
      if (entry)
        Object.assign(entry, { stored: entry.stored + credits, leased: entry.leased - (returned ? credits : 0) });
    },
    async refunded(accountId, credits) {
      const entry = accounts.get(accountId);
      if (entry) entry.leased += credits;
    },
    async spent(accountId, cost) {
      const entry = accounts.get(accountId);
      if (!entry) return undefined;
      entry.leased -= cost;
      return entry.stored + entry.leased;
    },
  };
}
