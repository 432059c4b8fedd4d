export interface AccountDoc {
  readonly _id: string;
  readonly email: string;
  /** scrypt hash; never leaves the service. */
  readonly password_hash: string;
  readonly credits: number;
  readonly created_at: Date;
  /** Receipts of refunds in flight, by refund id (see AccountRepository.creditOnce). */
  readonly refunds?: Record<string, Date>;
}

/** One per registered email, keyed by the normalized email: uniqueness and login lookups by _id. */
export interface EmailDoc {
  readonly _id: string;
  readonly account_id: string;
}
