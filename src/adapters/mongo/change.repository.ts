// The changes feed: one small document per revision, keyed by its position in the global commit
// order (seq), so a page is a run of _id lookups on every engine. A watermark says up to where every
// seq is settled: readers stop there, so they never pass a seq a running seed has reserved but not
// yet written; a seq below it that has no document belongs to a batch that failed, and stays empty.
import type { Collection, Db } from 'mongodb';
import { COLLECTIONS } from './collections';
import { dbCall, insertManyKeepingDuplicates } from './client';

export interface ChangeDoc {
  readonly _id: number;
  readonly product_id: string;
  readonly number: number;
  readonly created_at: Date;
  readonly summary: string;
}

export class ChangeRepository {
  private readonly coll: Collection<ChangeDoc>;
  private readonly counters: Collection<{ _id: string; value: number }>;

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
    const seqs = Array.from({ length: Math.max(0, upTo - after) }, (_, i) => after + 1 + i);
    const docs = await Promise.all(seqs.map((seq) => dbCall(() => this.coll.findOne({ _id: seq }))));
    return docs.filter((d): d is ChangeDoc => d !== null);
  }
}
