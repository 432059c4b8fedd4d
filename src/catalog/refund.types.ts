// A refund of credits, and the store where refunds wait while the database cannot take them
// (credits/refunds.ts settles them; adapters/redis/owed-refunds.ts keeps them in Redis).
export interface Refund {
  readonly id: string;
  readonly accountId: string;
  readonly credits: number;
  /** Credits a lease gives back unspent (still the account's all along), not a refund of a charge. */
  readonly returned?: boolean;
}

/** Where owed refunds wait until the database takes them. */
export interface OwedRefundStore {
  add(refund: Refund): Promise<void>;
  list(): Promise<Refund[]>;
  /** True while the refund is still owed (nobody settled it yet). */
  has(id: string): Promise<boolean>;
  remove(id: string): Promise<void>;
}
