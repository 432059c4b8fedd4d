// Watches by _id, and two small index documents so that no read needs another field (FerretDB 1.24
// indexes only _id): `account:<id>` lists an account's watch ids, `all` lists every watch id (the
// seed's announcer reads it to match events). FerretDB updates an index document by reading and
// writing it whole, so each is changed under a lock named after it (in Redis across instances).
import type { Collection, Db } from 'mongodb';
import type { WatchDoc } from '../../catalog/watch.types';
import type { KeyedLock } from '../../shared/keyed-lock';
import { COLLECTIONS } from './collections';
import { dbCall } from './client';
import { editIdList, type IdListDoc } from './id-list';

/**
 * A watch as stored: its saved search as JSON text, since search parameters and interpretations
 * have keys with dots (`specs.stc_power_w[gte]`), which FerretDB refuses as field names.
 */
type StoredWatch = Omit<WatchDoc, 'search'> & { search: string | null };
const stored = (w: WatchDoc): StoredWatch => ({ ...w, search: w.search && JSON.stringify(w.search) });
const parsed = (w: StoredWatch | null): WatchDoc | null =>
  w && { ...w, search: w.search === null ? null : (JSON.parse(w.search) as WatchDoc['search']) };

const ALL = 'all';
const accountIndex = (accountId: string) => `account:${accountId}`;

export class WatchRepository {
  private readonly coll: Collection<StoredWatch>;
  private readonly index: Collection<IdListDoc>;

  constructor(
    db: Db,
    private readonly lock: KeyedLock,
  ) {
    this.coll = db.collection<StoredWatch>(COLLECTIONS.watches);
    this.index = db.collection<IdListDoc>(COLLECTIONS.watchIndex);
  }

  /** Stores the watch, then lists it (a crash between leaves a watch no index names: never read, harmless). */
  async insert(watch: WatchDoc): Promise<void> {
    await dbCall(() => this.coll.insertOne(stored(watch)));
    await this.listIn(accountIndex(watch.account_id), watch._id, true);
    await this.listIn(ALL, watch._id, true);
  }

  async findById(id: string): Promise<WatchDoc | null> {
    return parsed(await dbCall(() => this.coll.findOne({ _id: id })));
  }

  /** An account's watches, oldest first. */
  async listByAccount(accountId: string): Promise<WatchDoc[]> {
    return this.read(accountIndex(accountId));
  }

  /** Every watch (the announcer matches each event against them). */
  all(): Promise<WatchDoc[]> {
    return this.read(ALL);
  }

  async update(id: string, set: Partial<Omit<WatchDoc, '_id' | 'account_id'>>): Promise<WatchDoc | null> {
    const { search, ...rest } = set;
    const encoded = search === undefined ? rest : { ...rest, search: search && JSON.stringify(search) };
    const after = await this.lock.run(`watch:${id}`, () =>
      dbCall(() => this.coll.findOneAndUpdate({ _id: id }, { $set: encoded }, { returnDocument: 'after' })),
    );
    return parsed(after);
  }

  /** Unlists, then deletes (a crash between leaves an unlisted document: never read again). */
  async remove(watch: WatchDoc): Promise<void> {
    await this.listIn(ALL, watch._id, false);
    await this.listIn(accountIndex(watch.account_id), watch._id, false);
    await dbCall(() => this.coll.deleteOne({ _id: watch._id }));
  }

  private async read(indexId: string): Promise<WatchDoc[]> {
    const index = await dbCall(() => this.index.findOne({ _id: indexId }));
    const docs = await Promise.all((index?.ids ?? []).map((id) => this.findById(id)));
    return docs.filter((d): d is WatchDoc => d !== null);
  }

  private async listIn(indexId: string, id: string, listed: boolean): Promise<void> {
    const others = (ids: string[]) => ids.filter((x) => x !== id);
    await editIdList({
      lists: this.index,
      lock: this.lock,
      lockName: `watch-index:${indexId}`,
      _id: indexId,
      edit: (ids) => (listed ? [...others(ids), id] : others(ids)),
    });
  }
}
