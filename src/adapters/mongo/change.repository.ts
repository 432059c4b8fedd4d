// The changes feed: one small document per revision, keyed by its position in the global commit
// order (seq) written as a fixed-width string (`c000000040000`), so a page is a run of _id lookups
// that FerretDB answers from its index. A watermark says up to where every seq is settled: readers
// stop there, so they never pass a seq a running seed has reserved but not yet written; a seq below
// it that has no document belongs to a batch that failed, and stays empty.
//
// FerretDB 1.24 pushes down `_id` equality on a string only: with the seq itself as a numeric _id
// (the earlier layout, collection `changes`), every lookup scanned the table (one change at seq
// 40,000: 2.2-4.4 s; page 40 of limit=100: 22 s). `$in`, ranges and `$or` over string ids scan too
// (explain: filterPushdown false), so a page is still one lookup per seq. A store written in the
// earlier layout is moved over once, before this process reads or writes a change (see `migrate`).
import type { Collection, Db } from 'mongodb';
import { COLLECTIONS } from './collections';
import { LRUCache } from 'lru-cache';
import { dbCall, insertManyKeepingDuplicates } from './client';
import type { ChangeDoc } from '../../catalog/revision.types';

/** A change as stored: its seq kept beside the string key (collection `change_feed`). */
interface StoredChange extends Omit<ChangeDoc, '_id'> {
  readonly _id: string;
  readonly seq: number;
}
/** A change stored by the earlier layout (collection `changes`): the seq as a numeric _id, no `seq` field. */
type EarlierChange = ChangeDoc;

/** The key of seq `n`: fixed width, so keys sort as seqs do (13 characters: a trillion changes). */
export const changeKey = (seq: number) => `c${String(seq).padStart(12, '0')}`;

const stored = ({ _id, ...rest }: ChangeDoc): StoredChange => ({ _id: changeKey(_id), seq: _id, ...rest });
const parsed = ({ _id, seq, ...rest }: StoredChange): ChangeDoc => ({ _id: seq, ...rest });

/**
 * Lookups one page runs at once: a page of 100 was 100 parallel reads (13-39 s of database time
 * summed, when each scanned) on the database every credit debit needs.
 */
const READS_AT_ONCE = 8;
/** Changes are immutable once written: the most recent pages read are kept (~200 bytes each). */
const CACHED_CHANGES = 20_000;
/** The counters document that says the store has no change in the earlier layout left. */
const LAYOUT = 'changes_layout';
const LAYOUT_VERSION = 2;
const MIGRATE_BATCH = 1000;

export class ChangeRepository {
  private readonly coll: Collection<StoredChange>;
  private readonly earlier: Collection<EarlierChange>;
  private readonly counters: Collection<{ _id: string; value: number }>;
  private readonly read = new LRUCache<number, ChangeDoc>({ max: CACHED_CHANGES });
  private migrated?: Promise<void>;

  constructor(private readonly db: Db) {
    this.coll = db.collection<StoredChange>(COLLECTIONS.changes);
    this.earlier = db.collection<EarlierChange>(COLLECTIONS.changesEarlier);
    this.counters = db.collection(COLLECTIONS.counters);
  }

  /** Records changes (re-recording one is a no-op) and moves the watermark up to `settledUpTo`. */
  async record(changes: readonly ChangeDoc[], settledUpTo: number): Promise<void> {
    await this.ready();
    await insertManyKeepingDuplicates(this.coll, changes.map(stored));
    await dbCall(() =>
      this.counters.updateOne({ _id: 'changes_settled' }, { $max: { value: settledUpTo } }, { upsert: true }),
    );
  }

  async watermark(): Promise<number> {
    await this.ready();
    return (await dbCall(() => this.counters.findOne({ _id: 'changes_settled' })))?.value ?? 0;
  }

  /** The changes with seq in (after, upTo], in order. */
  async range(after: number, upTo: number): Promise<ChangeDoc[]> {
    await this.ready();
    const docs: (ChangeDoc | null)[] = Array.from(
      { length: Math.max(0, upTo - after) },
      (_, i) => this.read.get(after + 1 + i) ?? null,
    );
    const missing = docs.flatMap((d, i) => (d ? [] : [i]));
    // A few lanes walk the missing seqs; each read by string _id equality, the one lookup FerretDB indexes.
    let next = 0;
    const lane = async () => {
      while (next < missing.length) {
        const i = missing[next++];
        const doc = await dbCall(() => this.coll.findOne({ _id: changeKey(after + 1 + i) }));
        if (doc) this.read.set(doc.seq, (docs[i] = parsed(doc)));
      }
    };
    await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, missing.length) }, lane));
    return docs.filter((d): d is ChangeDoc => d !== null);
  }

  /** Moves a store written in the earlier layout over, once per process (a lookup of the layout mark after that). */
  ready(): Promise<void> {
    this.migrated ??= this.migrate().catch((err: unknown) => {
      this.migrated = undefined;
      throw err;
    });
    return this.migrated;
  }

  /**
   * Copies every change of the earlier collection (numeric _ids) to its string key in the new one,
   * drops the earlier collection, and marks the store as moved: one pass, once for the store. The
   * earlier collection is dropped whole rather than emptied: FerretDB deletes by a numeric _id by
   * scanning (a deleteMany of 4,800 took 18 s on the loaded machine, holding the database's writes).
   * Safe in several processes at once: each copies before any drops, a copy already there is kept,
   * and one whose reading is cut short by another's drop finds the copies made.
   */
  private async migrate(): Promise<void> {
    const mark = await dbCall(() => this.counters.findOne({ _id: LAYOUT }));
    if ((mark?.value ?? 0) >= LAYOUT_VERSION) return;
    let batch: ChangeDoc[] = [];
    const flush = async () => {
      await insertManyKeepingDuplicates(this.coll, batch.map(stored));
      batch = [];
    };
    try {
      for await (const doc of this.earlier.find({})) {
        if (typeof doc._id !== 'number') continue;
        batch.push(doc);
        if (batch.length >= MIGRATE_BATCH) await flush();
      }
      await flush();
      await dbCall(() => this.earlier.drop());
    } catch (err) {
      // Another process dropped it first, after copying every change.
      if (!(await this.earlierIsGone())) throw err;
    }
    await dbCall(() => this.counters.updateOne({ _id: LAYOUT }, { $max: { value: LAYOUT_VERSION } }, { upsert: true }));
  }

  private async earlierIsGone(): Promise<boolean> {
    const named = await dbCall(() =>
      this.db.listCollections({ name: COLLECTIONS.changesEarlier }, { nameOnly: true }).toArray(),
    );
    return named.length === 0;
  }
}
