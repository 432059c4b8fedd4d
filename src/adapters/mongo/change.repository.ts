// The changes feed: one small document per revision, keyed by its position in the global commit
// order (seq), so a page is a run of _id lookups on every engine. A watermark says up to where every
// seq is settled: readers stop there, so they never pass a seq a running seed has reserved but not
// yet written; a seq below it that has no document belongs to a batch that failed, and stays empty.
import type { Collection, Db } from 'mongodb';
import { COLLECTIONS } from './collections';
import { LRUCache } from 'lru-cache';
import { dbCall, insertManyKeepingDuplicates } from './client';
import type { ChangeDoc } from '../../catalog/revision.types';

/**
 * Lookups one page runs at once: a page of 100 was 100 parallel reads (13-39 s of database time
 * summed) on the database every credit debit needs.
 */
const READS_AT_ONCE = 8;
/** Changes are immutable once written: the most recent pages read are kept (~200 bytes each). */
const CACHED_CHANGES = 20_000;

export class ChangeRepository {
  private readonly coll: Collection<ChangeDoc>;
  private readonly counters: Collection<{ _id: string; value: number }>;
  private readonly read = new LRUCache<number, ChangeDoc>({ max: CACHED_CHANGES });

  constructor(db: Db) {
    this.coll = db.collection<ChangeDoc>(COLLECTIONS.changes);
    this.counters = db.collection(COLLECTIONS.counters);
  }

  /** Records changes (re-recording one is a no-op) and moves the watermark up to `settledUpTo`. */
  async record(changes: readonly ChangeDoc[], settledUpTo: number): Promise<void> {
    await insertManyKeepingDuplicates(this.coll, changes);
    await dbCall(() =>
      this.counters.updateOne({ _id: 'changes_settled' }, { $max: { value: settledUpTo } }, { upsert: true }),
    );
  }

  async watermark(): Promise<number> {
    return (await dbCall(() => this.counters.findOne({ _id: 'changes_settled' })))?.value ?? 0;
  }

  /** The changes with seq in (after, upTo], in order. */
  async range(after: number, upTo: number): Promise<ChangeDoc[]> {
    const docs: (ChangeDoc | null)[] = Array.from(
      { length: Math.max(0, upTo - after) },
      (_, i) => this.read.get(after + 1 + i) ?? null,
    );
    const missing = docs.flatMap((d, i) => (d ? [] : [i]));
    // A few lanes walk the missing seqs; each read by _id, the one lookup FerretDB indexes.
    let next = 0;
    const lane = async () => {
      while (next < missing.length) {
        const i = missing[next++];
        const doc = await dbCall(() => this.coll.findOne({ _id: after + 1 + i }));
        if (doc) this.read.set(doc._id, (docs[i] = doc));
      }
    };
    await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, missing.length) }, lane));
    return docs.filter((d): d is ChangeDoc => d !== null);
  }
}
