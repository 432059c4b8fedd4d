import type { Collection, Db } from 'mongodb';
import type { SourceDoc } from '../../catalog/source.types';
import { COLLECTIONS } from './collections';
import { dbCall } from './client';

export class SourceRepository {
  private readonly coll: Collection<SourceDoc>;

  constructor(db: Db) {
    this.coll = db.collection<SourceDoc>(COLLECTIONS.sources);
  }

  async saveMany(sources: readonly SourceDoc[]): Promise<void> {
    await dbCall(() =>
      this.coll.bulkWrite(
        sources.map((s) => ({ replaceOne: { filter: { _id: s._id }, replacement: s, upsert: true } })),
      ),
    );
  }

  list(): Promise<SourceDoc[]> {
    return dbCall(() => this.coll.find({}, { sort: { _id: 1 } }).toArray());
  }

  get(id: string): Promise<SourceDoc | null> {
    return dbCall(() => this.coll.findOne({ _id: id }));
  }
}
