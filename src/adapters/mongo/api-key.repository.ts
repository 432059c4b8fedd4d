// API keys by _id, with two companions so that nothing needs another field or rewrites a key
// (FerretDB 1.24 indexes only _id, and rewrites a whole document on any update):
// - `api_key_index` lists each account's key ids (`account:<id>`), so listing and counting an
//   account's keys reads that one document and its keys by _id, not every key there is. A store
//   whose keys predate the lists is listed whole once (`ready`, at start-up: one scan), and marked
//   complete (`#complete`): from then on an account without a list has no keys, and no request scans
//   (before, every new account's first key scanned every key there is).
// - `api_key_uses` holds each key's last use apart from the key: a background touch rewriting the
//   key document could undo a revocation written at the same moment.
// The list document is changed under a lock named after it (in Redis across instances).
import type { Collection, Db } from 'mongodb';
import type { ApiKeyDoc } from '../../catalog/api-key.types';
import type { KeyedLock } from '../../shared/keyed-lock';
import { COLLECTIONS } from './collections';
import { dbCall, isDuplicateKey } from './client';
import { editIdList, type IdListDoc } from './id-list';

interface UseDoc {
  readonly _id: string;
  readonly last_used_at: Date;
}

const accountIndex = (accountId: string) => `account:${accountId}`;
/** The index document that says every account's keys are listed. */
const COMPLETE = '#complete';

export class ApiKeyRepository {
  private readonly coll: Collection<ApiKeyDoc>;
  private readonly index: Collection<IdListDoc>;
  private readonly uses: Collection<UseDoc>;
  private listed?: Promise<void>;
  private complete = false;

  constructor(
    db: Db,
    private readonly lock: KeyedLock,
  ) {
    this.coll = db.collection<ApiKeyDoc>(COLLECTIONS.apiKeys);
    this.index = db.collection<IdListDoc>(COLLECTIONS.apiKeyIndex);
    this.uses = db.collection<UseDoc>(COLLECTIONS.apiKeyUses);
  }

  /**
   * Stores the key, then lists it. A crash between leaves a key no list names, whose secret was never
   * shown to anyone: harmless.
   */
  async insert(key: ApiKeyDoc): Promise<void> {
    await dbCall(() => this.coll.insertOne(key));
    await this.editList(key.account_id, (ids) => [...ids.filter((id) => id !== key._id), key._id]);
  }

  findById(id: string): Promise<ApiKeyDoc | null> {
    return dbCall(() => this.coll.findOne({ _id: id }));
  }

  /** An account's keys with their last use, newest first (key management only, not a hot path). */
  async listByAccount(accountId: string): Promise<ApiKeyDoc[]> {
    const ids = await this.listedIds(accountId);
    const keys = await Promise.all(ids.map((id) => this.withLastUse(id)));
    return keys
      .filter((k): k is ApiKeyDoc => k !== null)
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  }

  async revoke(id: string, at: Date): Promise<void> {
    await dbCall(() => this.coll.updateOne({ _id: id }, { $set: { revoked_at: at } }));
  }

  async touch(id: string, at: Date): Promise<void> {
    const use = { $set: { last_used_at: at } };
    try {
      await dbCall(() => this.uses.updateOne({ _id: id }, use, { upsert: true }));
    } catch (err) {
      // FerretDB's upsert is not atomic: of two at once, one may find the document missing, insert,
      // and collide with the other's insert. The document exists now: update it.
      if (!isDuplicateKey(err)) throw err;
      await dbCall(() => this.uses.updateOne({ _id: id }, use));
    }
  }

  /** Unlists, then deletes the keys and their uses (a crash between leaves unlisted documents: never read again). */
  async remove(accountId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const gone = new Set(ids);
    await this.editList(accountId, (listed) => listed.filter((id) => !gone.has(id)));
    for (const id of ids) {
      await dbCall(() => this.coll.deleteOne({ _id: id }));
      await dbCall(() => this.uses.deleteOne({ _id: id }));
    }
  }

  /** Lists every account's keys, once for a store whose keys predate the lists (see the top of the file). */
  ready(): Promise<void> {
    this.listed ??= this.listAll().catch((err: unknown) => {
      this.listed = undefined;
      throw err;
    });
    return this.listed;
  }

  private async listAll(): Promise<void> {
    if (!(await dbCall(() => this.index.findOne({ _id: COMPLETE })))) {
      const keys = await dbCall(() =>
        this.coll.find({}, { projection: { _id: 1, account_id: 1, created_at: 1 } }).toArray(),
      );
      const byAccount = new Map<string, typeof keys>();
      for (const k of keys) byAccount.set(k.account_id, [...(byAccount.get(k.account_id) ?? []), k]);
      for (const [accountId, own] of byAccount) {
        const ids = own.sort((a, b) => a.created_at.getTime() - b.created_at.getTime()).map((k) => k._id);
        const _id = accountIndex(accountId);
        await editIdList({
          lists: this.index,
          lock: this.lock,
          lockName: `api-key-index:${_id}`,
          _id,
          edit: (listed) => listed,
          missing: async () => ids,
        });
      }
      await dbCall(() => this.index.replaceOne({ _id: COMPLETE }, { ids: [] }, { upsert: true }));
    }
    this.complete = true;
  }

  private async withLastUse(id: string): Promise<ApiKeyDoc | null> {
    const [key, use] = await Promise.all([this.findById(id), dbCall(() => this.uses.findOne({ _id: id }))]);
    if (!key || !use) return key;
    // A key last used before its uses moved apart carries its own last_used_at: the later one counts.
    const last = key.last_used_at && key.last_used_at > use.last_used_at ? key.last_used_at : use.last_used_at;
    return { ...key, last_used_at: last };
  }

  private async listedIds(accountId: string): Promise<string[]> {
    const listed = await dbCall(() => this.index.findOne({ _id: accountIndex(accountId) }));
    return listed ? listed.ids : this.editList(accountId, (ids) => ids);
  }

  /**
   * Changes the account's list and returns it. The first change builds it from a scan of the keys
   * (those made before lists were kept): once per account, never on a hot path.
   */
  private editList(accountId: string, edit: (ids: string[]) => string[]): Promise<string[]> {
    const _id = accountIndex(accountId);
    return editIdList({
      lists: this.index,
      lock: this.lock,
      lockName: `api-key-index:${_id}`,
      _id,
      edit,
      missing: async () => (this.complete ? [] : this.scan(accountId)),
    });
  }

  private async scan(accountId: string): Promise<string[]> {
    const keys = await dbCall(() =>
      this.coll.find({ account_id: accountId }, { projection: { _id: 1, created_at: 1 } }).toArray(),
    );
    return keys.sort((a, b) => a.created_at.getTime() - b.created_at.getTime()).map((k) => k._id);
  }
}
