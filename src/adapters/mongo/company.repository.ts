import type { Collection, Db } from 'mongodb';
import type { CompanyDoc } from '../../catalog/company-records';
import { COLLECTIONS } from './collections';
import { dbCall } from './client';

const BATCH = 500;

/** The company records: derived at seed time as a whole, read by _id (and all at once by the reindex). */
export class CompanyRepository {
  private readonly coll: Collection<CompanyDoc>;

  constructor(db: Db) {
    this.coll = db.collection<CompanyDoc>(COLLECTIONS.companies);
  }

  /**
   * Makes `docs` the companies; says whether that changed anything. Unchanged records are not
   * rewritten. A change replaces them all: they are few, and derived from the whole catalog at once.
   */
  async replaceAll(docs: readonly CompanyDoc[]): Promise<boolean> {
    const canonical = (list: readonly CompanyDoc[]) =>
      JSON.stringify([...list].sort((a, b) => a._id.localeCompare(b._id)));
    if (canonical(await this.all()) === canonical(docs)) return false;
    await dbCall(() => this.coll.deleteMany({}));
    for (let i = 0; i < docs.length; i += BATCH) await dbCall(() => this.coll.insertMany(docs.slice(i, i + BATCH)));
    return true;
  }

  all(): Promise<CompanyDoc[]> {
    return dbCall(() => this.coll.find({}).toArray());
  }

  get(id: string): Promise<CompanyDoc | null> {
    return dbCall(() => this.coll.findOne({ _id: id }));
  }
}
