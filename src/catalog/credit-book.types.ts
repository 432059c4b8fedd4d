// The credit book's port (credits/book.ts says what it is for; adapters/redis/credit-book.ts keeps it).
export interface CreditBook {
  /** Under the lock, right after a debit: `taken` credits left the stored balance (now `stored`) for a lease. */
  leased(accountId: string, taken: number, stored: number): Promise<void>;
  /** Under the lock, right after a credit: `credits` landed in the stored balance, from a lease (`returned`) or as a refund. */
  landed(accountId: string, credits: number, returned: boolean): Promise<void>;
  /** A refund given straight into a lease. */
  refunded(accountId: string, credits: number): Promise<void>;
  /** `cost` spent from a lease; the balance after it, or undefined when the book does not know the account. */
  spent(accountId: string, cost: number): Promise<number | undefined>;
}
