/** What an API key may do; each product operation requires a read scope, watch management `watches:write`. */
export type Scope = 'products:read' | 'search:read' | 'revisions:read' | 'watches:write';

export interface ApiKeyDoc {
  /** Random id; also the lookup key carried inside the secret. */
  readonly _id: string;
  readonly account_id: string;
  readonly name: string;
  /** The recognizable, non-secret start of the key: `pds_<id>`. */
  readonly prefix: string;
  /** sha256 of the whole secret (256 random bits: a slow hash would add nothing but latency). */
  readonly secret_hash: string;
  readonly scopes: readonly Scope[];
  readonly created_at: Date;
  readonly last_used_at: Date | null;
  readonly expires_at: Date | null;
  readonly revoked_at: Date | null;
}

/** What the key gate knows of a caller once its key checks out. */
export interface KeyPrincipal {
  readonly id: string;
  readonly accountId: string;
  readonly scopes: readonly Scope[];
}

/** How long a revoked or expired key is still listed (so its owner sees what became of it); then it is deleted. */
export const ENDED_KEYS_KEPT_DAYS = 30;

/** How long a creation sent again with its Idempotency-Key gets the key made the first time. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/** The revocation generation: bumped by every revocation, read before a cached key is trusted (keys.service.ts). */
export interface Revocations {
  current(): Promise<string>;
  bump(): Promise<void>;
}
