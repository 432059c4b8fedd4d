// API keys: creation (secret shown once), listing, revocation, and the lookup the gate does on every
// product read. That lookup is served from an in-process cache for KEY_CACHE_TTL_MS, so steady-state
// reads cost no database round trip; revoking clears the entry here at once, and other instances
// stop accepting the key within the TTL. A key revoked or expired more than ENDED_KEYS_KEPT_MS ago
// is deleted the next time the account's keys are listed or one is created.
import { LRUCache } from 'lru-cache';
import { AppError, validationError } from '../errors/app-error';
import {
  ENDED_KEYS_KEPT_DAYS,
  IDEMPOTENCY_WINDOW_HOURS,
  type ApiKeyDoc,
  type KeyPrincipal,
  type Scope,
} from '../catalog/api-key.types';
import { newKeyId, newSecret, keyPrefix, hashSecret, keyIdOf, secretMatches, idempotentKey } from './api-key-secret';

export interface KeyPorts {
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
  private readonly cache = new LRUCache<string, { key: ApiKeyDoc; until: number }>({ max: KEYS_REMEMBERED });
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
  ) {}

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
        throw new AppError(
          'KEY_LIMIT_REACHED',
          `This account holds ${live.length} live keys, the most it may; revoke one (DELETE /api/v1/developer/keys/{id}) before creating another.`,
        );
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
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        `This Idempotency-Key was used at ${earlier.created_at.toISOString()}, longer ago than the ${IDEMPOTENCY_WINDOW_HOURS} hours it holds; send a new one.`,
      );
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
    if (!key || key.account_id !== accountId) throw new AppError('NOT_FOUND', `No key '${id}' on this account.`);
    if (!key.revoked_at) await this.ports.keys.revoke(id, new Date(this.now()));
    this.cache.delete(id);
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
    const hit = this.cache.get(id);
    if (hit && hit.until > this.now()) return hit.key;
    const key = await this.ports.keys.findById(id);
    if (key && this.options.cacheTtlMs > 0) this.cache.set(id, { key, until: this.now() + this.options.cacheTtlMs });
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
