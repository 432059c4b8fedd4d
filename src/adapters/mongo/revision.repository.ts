// Revisions are append-only: this repository can insert and read them, and has no way to update or
// delete one. Re-inserting an existing (product, number) is accepted only when the snapshot is the
// same (a seed resumed after a crash); anything else is refused.
import type { Collection, Db } from 'mongodb';
import { revisionId, type RevisionDoc } from '../../revisions/revision.types';
import { COLLECTIONS } from './collections';
import { dbCall, insertManyKeepingDuplicates } from './client';

export class RevisionImmutableError extends Error {
  constructor(readonly revisionIds: readonly string[]) {
    super(`revision${revisionIds.length > 1 ? 's' : ''} ${revisionIds.join(', ')} exist${revisionIds.length > 1 ? '' : 's'} with another snapshot; revisions are never changed`);
    this.name = 'RevisionImmutableError';
  }
}

export class RevisionRepository {
  private readonly coll: Collection<RevisionDoc>;
  private readonly counters: Collection<{ _id: string; value: number }>;

  constructor(db: Db) {
    this.coll = db.collection<RevisionDoc>(COLLECTIONS.revisions);
    this.counters = db.collection(COLLECTIONS.counters);
  }

  /** Reserves `n` consecutive positions in the global commit order; returns the first. */
  async reserveSeq(n: number): Promise<number> {
    const doc = await dbCall(() => this.counters.findOneAndUpdate({ _id: 'revision_seq' }, { $inc: { value: n } }, { upsert: true, returnDocument: 'after' }));
    return doc!.value - n + 1;
  }

  /**
   * Inserts new revisions. Those already stored with the same snapshot are skipped; any stored with
   * another snapshot are left untouched and named in a RevisionImmutableError (the rest are inserted).
   */
  async append(revisions: readonly RevisionDoc[]): Promise<void> {
    const conflicts: string[] = [];
    for (const wanted of await insertManyKeepingDuplicates(this.coll, revisions)) {
      const stored = await this.get(wanted.product_id, wanted.number);
      if (stored?.snapshot_hash !== wanted.snapshot_hash) conflicts.push(wanted._id);
    }
    if (conflicts.length > 0) throw new RevisionImmutableError(conflicts);
  }

  /** The newest revision at or after `from` (lookups by _id only: see the FerretDB note in collections.ts). */
  async latest(productId: string, from = 1): Promise<RevisionDoc | null> {
    let found: RevisionDoc | null = null;
    for (let n = Math.max(1, from); ; n++) {
      const next = await this.get(productId, n);
      if (!next) return found;
      found = next;
    }
  }

  get(productId: string, number: number): Promise<RevisionDoc | null> {
    return dbCall(() => this.coll.findOne({ _id: revisionId(productId, number) }));
  }

  count(): Promise<number> {
    return dbCall(() => this.coll.countDocuments({}));
  }
}
