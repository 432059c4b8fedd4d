// API keys: creation (secret shown once), listing, revocation, and the lookup the gate does on every
// product read. That lookup is served from an in-process cache for KEY_CACHE_TTL_MS, so steady-state
// reads cost no database round trip; but a cached key is trusted only while the revocation
// generation it was read under is current: every revocation bumps that generation (in Redis, shared
// by every worker and instance) before it answers, so from then on every process reads the key
// again. With the generation unreadable (Redis away), a cached key is trusted for at most
// UNCHECKED_TRUST_MS. A key revoked or expired more than ENDED_KEYS_KEPT_MS ago is deleted the next
// time the account's keys are listed or one is created.
import { LRUCache } from 'lru-cache';
import { AppError, validationError } from '../errors/app-error';
import { idempotencyKeyExpired, keyLimitReached, keyNotFound } from '../errors/catalog';
import {
  ENDED_KEYS_KEPT_DAYS,
  IDEMPOTENCY_WINDOW_HOURS,
  type ApiKeyDoc,
  type KeyPrincipal,
  type Scope,
  type Revocations,
} from '../catalog/api-key.types';
import { newKeyId, newSecret, keyPrefix, hashSecret, keyIdOf, secretMatches, idempotentKey } from './api-key-secret';

export type { Revocations };

/** The generation in this process only: enough where one process serves (no Redis, one worker). */
export function processRevocations(): Revocations {
  let generation = 0;
  return { current: async () => String(generation), bump: async () => void generation++ };
}

/** How long a cached key is trusted when the revocation generation cannot be read. */
export const UNCHECKED_TRUST_MS = 1000;

export interface KeyPorts {
  /** Shared by every process that serves (default: this process only). */
  readonly revocations?: Revocations;
  /** One turn at a time per name, across instances: creations for one account are counted and written in turn. */
  readonly turns: { run<T>(name: string, work: () => Promise<T>): Promise<T> };
  readonly keys: {
    insert(key: ApiKeyDoc): Promise<void>;
    findById(id: string): Promise<ApiKeyDoc | null>;
    listByAccount(accountId: string): Promise<ApiKeyDoc[]>;
    revoke(id: string, at: Date): Promise<void>;
    touch(id: string, at: Date): Promise<void>;
    /** Deletes an account's keys for good. */
    remove(accountId: string, ids: readonly string[]): Promise<void>;
  };
}

const HOUR_MS = 3600 * 1000;
const IDEMPOTENCY_WINDOW_MS = IDEMPOTENCY_WINDOW_HOURS * HOUR_MS;
const ENDED_KEYS_KEPT_MS = ENDED_KEYS_KEPT_DAYS * 24 * HOUR_MS;

export interface NewKey {
  readonly name: string;
  readonly scopes: Scope[];
  readonly expires_at?: string;
}

/** A created key with its secret, and whether it was made by an earlier request with the same Idempotency-Key. */
export interface CreatedKey {
  readonly key: Omit<ReturnType<typeof view>, 'last_used_at' | 'revoked_at'> & { readonly secret: string };
  readonly replayed: boolean;
}

const LAST_USED_RESOLUTION_MS = 60000;
/**
 * Keys one instance remembers (the looked-up key, and when its use was last written): the most
 * recently used, so the memory stays bounded however many keys are tried against it (a few hundred
 * bytes each: about 5 MB at most). A key that falls out is read again on its next use.
 */
export const KEYS_REMEMBERED = 10_000;

interface CachedKey {
  readonly key: ApiKeyDoc;
  readonly until: number;
  readonly readAt: number;
  /** The revocation generation read just before the key; undefined when it could not be read. */
  readonly generation: string | undefined;
}

function randomKey(): { id: string; secret: string } {
  const id = newKeyId();
  return { id, secret: newSecret(id) };
}

function view(k: ApiKeyDoc) {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: k._id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes,
    created_at: k.created_at.toISOString(),
    last_used_at: iso(k.last_used_at),
    expires_at: iso(k.expires_at),
    revoked_at: iso(k.revoked_at),
  };
}

export class KeyService {
  private readonly cache = new LRUCache<string, CachedKey>({ max: KEYS_REMEMBERED });
  private readonly revocations: Revocations;
  private readonly touched = new LRUCache<string, number>({ max: KEYS_REMEMBERED });

  /**
   * `maxLiveKeys`: unrevoked, unexpired keys an account may hold (every key has the account's rate
   * limit and credits anyway; the cap keeps key lists and lookups small).
   * `now`: the clock expiry is judged by (a test moves it instead of waiting).
   */
  constructor(
    private readonly ports: KeyPorts,
    private readonly options: {
      readonly cacheTtlMs: number;
      readonly maxLiveKeys: number;
      /** The server secret keys made with an Idempotency-Key are derived under (api-key-secret.ts). */
      readonly idempotencySecret: string;
    },
    private readonly now: () => number = Date.now,
  ) {
    this.revocations = ports.revocations ?? processRevocations();
  }

  async create(accountId: string, body: NewKey, idempotencyKey?: string): Promise<CreatedKey> {
    const expires = body.expires_at ? new Date(body.expires_at) : null;
    if (expires && expires.getTime() <= this.now())
      throw validationError([{ in: 'body', name: 'expires_at', message: 'must be in the future' }]);
    const { id, secret } = idempotencyKey
      ? idempotentKey(this.options.idempotencySecret, accountId, idempotencyKey)
      : randomKey();
    const key: ApiKeyDoc = {
      _id: id,
      account_id: accountId,
      name: body.name,
      prefix: keyPrefix(id),
      secret_hash: hashSecret(secret),
      scopes: body.scopes,
      created_at: new Date(this.now()),
      last_used_at: null,
      expires_at: expires,
      revoked_at: null,
    };
    const stored = await this.ports.turns.run(`keys:${accountId}`, async () => {
      const earlier = idempotencyKey ? await this.ports.keys.findById(id) : null;
      if (earlier) return this.replayable(earlier, key);
      const live = (await this.current(accountId)).filter((k) => this.endedAt(k) === null);
      if (live.length >= this.options.maxLiveKeys) {
        throw new AppError(keyLimitReached(live.length));
      }
      await this.ports.keys.insert(key);
      return key;
    });
    const { last_used_at: _unused, revoked_at: _none, ...created } = view(stored);
    return { key: { ...created, secret }, replayed: stored !== key };
  }

  /**
   * A creation sent again with its Idempotency-Key: the same request within a day gets the key made
   * the first time; anything else is refused, since that key names another request.
   */
  private replayable(earlier: ApiKeyDoc, asked: ApiKeyDoc): ApiKeyDoc {
    const same =
      earlier.account_id === asked.account_id &&
      earlier.name === asked.name &&
      JSON.stringify(earlier.scopes) === JSON.stringify(asked.scopes) &&
      (earlier.expires_at?.getTime() ?? null) === (asked.expires_at?.getTime() ?? null);
    if (!same)
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was sent before with another request.');
    if (earlier.created_at.getTime() + IDEMPOTENCY_WINDOW_MS <= this.now())
      throw new AppError(idempotencyKeyExpired(earlier.created_at, IDEMPOTENCY_WINDOW_HOURS));
    return earlier;
  }

  async list(accountId: string) {
    return { data: (await this.current(accountId)).map(view) };
  }

  /** The account's keys, once those that ended more than ENDED_KEYS_KEPT_MS ago are deleted. */
  private async current(accountId: string): Promise<ApiKeyDoc[]> {
    const keys = await this.ports.keys.listByAccount(accountId);
    const forgotten = (k: ApiKeyDoc) => (this.endedAt(k) ?? Infinity) <= this.now() - ENDED_KEYS_KEPT_MS;
    await this.ports.keys.remove(
      accountId,
      keys.filter(forgotten).map((k) => k._id),
    );
    return keys.filter((k) => !forgotten(k));
  }

  /** When the key stopped working (revoked, or expired), or null while it works. */
  private endedAt(k: ApiKeyDoc): number | null {
    const revoked = k.revoked_at?.getTime() ?? Infinity;
    const expired = k.expires_at && k.expires_at.getTime() <= this.now() ? k.expires_at.getTime() : Infinity;
    const ended = Math.min(revoked, expired);
    return ended === Infinity ? null : ended;
  }

  async revoke(accountId: string, id: string): Promise<void> {
    const key = await this.ports.keys.findById(id);
    // Another account's key is answered exactly like a missing one.
    if (!key || key.account_id !== accountId) throw new AppError(keyNotFound(id));
    if (!key.revoked_at) await this.ports.keys.revoke(id, new Date(this.now()));
    this.cache.delete(id);
    // Before the answer: every process then reads its cached keys again. Unreadable, they are
    // trusted for UNCHECKED_TRUST_MS at most (by processes that cannot read it either).
    await this.revocations.bump().catch(() => undefined);
  }

  /** The principal behind a bearer secret, or a 401 saying why not. */
  async authenticate(secret: string): Promise<KeyPrincipal> {
    const id = keyIdOf(secret);
    const key = id ? await this.lookup(id) : null;
    if (!key || !secretMatches(secret, key.secret_hash))
      throw new AppError('UNAUTHENTICATED', 'The API key is not valid.');
    if (key.revoked_at) throw new AppError('UNAUTHENTICATED', 'The API key has been revoked.');
    if (key.expires_at && key.expires_at.getTime() <= this.now())
      throw new AppError('UNAUTHENTICATED', 'The API key has expired.');
    this.noteUse(key._id);
    return { id: key._id, accountId: key.account_id, scopes: key.scopes };
  }

  private async lookup(id: string): Promise<ApiKeyDoc | null> {
    if (this.options.cacheTtlMs === 0) return this.ports.keys.findById(id);
    const hit = this.cache.get(id);
    // Read before the key itself: a revocation between the two makes the entry stale, never trusted.
    const generation = await this.revocations.current().catch(() => undefined);
    const now = this.now();
    if (hit && hit.until > now) {
      const current = generation === undefined ? now - hit.readAt < UNCHECKED_TRUST_MS : generation === hit.generation;
      if (current) return hit.key;
    }
    const key = await this.ports.keys.findById(id);
    if (key) this.cache.set(id, { key, until: now + this.options.cacheTtlMs, readAt: now, generation });
    return key;
  }

  /** last_used_at to the minute, written in the background: never a write per request. */
  private noteUse(id: string): void {
    const now = this.now();
    if ((this.touched.get(id) ?? 0) + LAST_USED_RESOLUTION_MS > now) return;
    this.touched.set(id, now);
    this.ports.keys.touch(id, new Date(now)).catch(() => this.touched.delete(id));
  }
}
