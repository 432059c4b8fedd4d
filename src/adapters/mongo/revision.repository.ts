// Revisions are append-only: this repository can insert and read them, and has no way to update or
// delete one. Re-inserting an existing (product, number) is accepted only when the snapshot is the
// same (a seed resumed after a crash); anything else is refused.
import type { Collection, Db } from 'mongodb';
import { revisionId, type RevisionDoc } from '../../catalog/revision.types';
import { COLLECTIONS } from './collections';
import { dbCall, insertManyKeepingDuplicates } from './client';

/**
 * A revision as stored: its claims and changes as JSON text. FerretDB encodes and decodes every
 * nested field of a document, and the claims are nearly all of a revision: inserting 5,000 real
 * revisions ran at 1,023 a second nested and 4,474 a second as text (FerretDB 1.24/SQLite, measured
 * 2026-11-24). Nothing queries inside them. Revisions written nested by earlier versions are read as
 * they are.
 */
type StoredRevision = Omit<RevisionDoc, 'claims' | 'changes'> & {
  claims: string | RevisionDoc['claims'];
  changes: string | RevisionDoc['changes'];
};

const stored = (r: RevisionDoc): StoredRevision => ({
  ...r,
  claims: JSON.stringify(r.claims),
  changes: JSON.stringify(r.changes),
});
const parsed = (r: StoredRevision): RevisionDoc => ({
  ...r,
  claims: typeof r.claims === 'string' ? (JSON.parse(r.claims) as RevisionDoc['claims']) : r.claims,
  changes: typeof r.changes === 'string' ? (JSON.parse(r.changes) as RevisionDoc['changes']) : r.changes,
});

export class RevisionImmutableError extends Error {
  constructor(readonly revisionIds: readonly string[]) {
    super(
      `revision${revisionIds.length > 1 ? 's' : ''} ${revisionIds.join(', ')} exist${revisionIds.length > 1 ? '' : 's'} with another snapshot; revisions are never changed`,
    );
    this.name = 'RevisionImmutableError';
  }
}

export class RevisionRepository {
  private readonly coll: Collection<StoredRevision>;
  private readonly counters: Collection<{ _id: string; value: number }>;

  /**
   * `indexedIn`: whether the engine answers `_id: {$in: [...]}` from the _id index (MongoDB). FerretDB
   * scans the table for it (100 ids over 43,824 revisions: 98 s, against 0.7 s for 100 lookups by _id
   * in parallel; measured 2026-11-25), so there each revision is read by _id.
   */
  constructor(
    db: Db,
    private readonly indexedIn: () => Promise<boolean> = () => Promise.resolve(false),
  ) {
    this.coll = db.collection<StoredRevision>(COLLECTIONS.revisions);
    this.counters = db.collection(COLLECTIONS.counters);
  }

  /** Reserves `n` consecutive positions in the global commit order; returns the first. */
  async reserveSeq(n: number): Promise<number> {
    const doc = await dbCall(() =>
      this.counters.findOneAndUpdate(
        { _id: 'revision_seq' },
        { $inc: { value: n } },
        { upsert: true, returnDocument: 'after' },
      ),
    );
    return doc!.value - n + 1;
  }

  /**
   * Inserts new revisions. Those already stored with the same snapshot are skipped; any stored with
   * another snapshot are left untouched and named in a RevisionImmutableError (the rest are inserted).
   */
  async append(revisions: readonly RevisionDoc[]): Promise<void> {
    const conflicts: string[] = [];
    for (const wanted of await insertManyKeepingDuplicates(this.coll, revisions.map(stored))) {
      const existing = await this.get(wanted.product_id, wanted.number);
      if (existing?.snapshot_hash !== wanted.snapshot_hash) conflicts.push(wanted._id);
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

  /** Revisions `from` down to 1, newest first, at most `count` of them, read in parallel by _id. */
  async page(productId: string, from: number, count: number): Promise<RevisionDoc[]> {
    const numbers = Array.from({ length: Math.max(0, Math.min(count, from)) }, (_, i) => from - i);
    const docs = await Promise.all(numbers.map((n) => this.get(productId, n)));
    return docs.filter((d): d is RevisionDoc => d !== null);
  }

  /**
   * The revision current at `at`: the newest of 1..`current` made at or before it, or null. Read
   * newest first by _id, one at a time (an index on created_at would serve it in one query on
   * MongoDB; FerretDB would scan every revision for it).
   */
  async asOf(productId: string, current: number, at: Date): Promise<RevisionDoc | null> {
    for (let n = current; n >= 1; n--) {
      const revision = await this.get(productId, n);
      if (revision && revision.created_at.getTime() <= at.getTime()) return revision;
    }
    return null;
  }

  /** The revisions named, in the order named, null where none is stored: one read where the engine serves it from the index. */
  async getMany(refs: readonly { productId: string; number: number }[]): Promise<(RevisionDoc | null)[]> {
    if (refs.length === 0) return [];
    if (!(await this.indexedIn())) return Promise.all(refs.map((r) => this.get(r.productId, r.number)));
    const ids = refs.map((r) => revisionId(r.productId, r.number));
    const docs = await dbCall(() => this.coll.find({ _id: { $in: ids } }).toArray());
    const byId = new Map(docs.map((d) => [d._id, parsed(d)]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  async get(productId: string, number: number): Promise<RevisionDoc | null> {
    const doc = await dbCall(() => this.coll.findOne({ _id: revisionId(productId, number) }));
    return doc && parsed(doc);
  }

  count(): Promise<number> {
    return dbCall(() => this.coll.countDocuments({}));
  }
}
