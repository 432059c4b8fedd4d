import type { Collection, Db } from 'mongodb';
import type { SourceDoc } from '../../catalog/source.types';
import { COLLECTIONS } from './collections';
import { dbCall } from './client';

const SAVE_BATCH = 100;

export class SourceRepository {
  private readonly coll: Collection<SourceDoc>;

  constructor(db: Db) {
    this.coll = db.collection<SourceDoc>(COLLECTIONS.sources);
  }

  /**
   * Writes each source whole, in bulk writes of at most 100: FerretDB 1.24/SQLite never answers an
   * update command of 101 or more replacements of existing documents (100 take 40 ms; found when
   * the scale rehearsal's 350 sources were saved a second time, 2026-11-24).
   */
  async saveMany(sources: readonly SourceDoc[]): Promise<void> {
    for (let start = 0; start < sources.length; start += SAVE_BATCH) {
      const batch = sources.slice(start, start + SAVE_BATCH);
      await dbCall(() =>
        this.coll.bulkWrite(
          batch.map((s) => ({ replaceOne: { filter: { _id: s._id }, replacement: s, upsert: true } })),
        ),
      );
    }
  }

  list(): Promise<SourceDoc[]> {
    return dbCall(() => this.coll.find({}, { sort: { _id: 1 } }).toArray());
  }

  get(id: string): Promise<SourceDoc | null> {
    return dbCall(() => this.coll.findOne({ _id: id }));
  }
}
