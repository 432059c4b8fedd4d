import type { Collection, Db } from 'mongodb';
import type { CompanyDoc } from '../../catalog/company-records';
import { COLLECTIONS } from './collections';
import { dbCall } from './client';

const BATCH = 500;
/** The counter that records the size of the last complete company set. */
const COMPANY_SET = 'companies_complete';

/** The company records: derived at seed time as a whole, read by _id (and all at once by the reindex). */
export class CompanyRepository {
  private readonly coll: Collection<CompanyDoc>;
  private readonly counters: Collection<{ _id: string; value: number }>;

  constructor(db: Db) {
    this.coll = db.collection<CompanyDoc>(COLLECTIONS.companies);
    this.counters = db.collection(COLLECTIONS.counters);
  }

  /**
   * Makes `docs` the companies; says whether that changed anything. Unchanged records are not
   * rewritten. Changed and new ones are upserted first, then those no longer derived are pruned, and
   * last the size of the complete set is recorded: an interrupted run leaves the old records or a
   * superset of both sets, never an empty or partial one, and the recorded size tells a reindex
   * whether the set it reads is one a run finished writing.
   */
  async replaceAll(docs: readonly CompanyDoc[]): Promise<boolean> {
    const canonical = (doc: CompanyDoc) => JSON.stringify(doc);
    const stored = new Map((await this.all()).map((d) => [d._id, canonical(d)]));
    const changed = docs.filter((d) => stored.get(d._id) !== canonical(d));
    const wanted = new Set(docs.map((d) => d._id));
    const gone = [...stored.keys()].filter((id) => !wanted.has(id));
    for (let i = 0; i < changed.length; i += BATCH) {
      const ops = changed.slice(i, i + BATCH).map((doc) => ({
        replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true },
      }));
      await dbCall(() => this.coll.bulkWrite(ops, { ordered: false }));
    }
    // By _id one at a time: FerretDB pushes down only `_id` equality (a $nin would scan and may be non-atomic).
    for (const id of gone) await dbCall(() => this.coll.deleteOne({ _id: id }));
    const recorded = await this.recordedSize();
    if (recorded !== docs.length)
      await dbCall(() =>
        this.counters.updateOne({ _id: COMPANY_SET }, { $set: { value: docs.length } }, { upsert: true }),
      );
    return changed.length + gone.length > 0;
  }

  /** The size of the last complete set written; null for a record written before it was kept. */
  async recordedSize(): Promise<number | null> {
    return (await dbCall(() => this.counters.findOne({ _id: COMPANY_SET })))?.value ?? null;
  }

  all(): Promise<CompanyDoc[]> {
    return dbCall(() => this.coll.find({}).toArray());
  }

  get(id: string): Promise<CompanyDoc | null> {
    return dbCall(() => this.coll.findOne({ _id: id }));
  }
}
