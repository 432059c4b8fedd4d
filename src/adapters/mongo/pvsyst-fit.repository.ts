// PVsyst fits, one per product revision and fit version: made on a file's first request, read by
// `_id` equality afterwards (the one lookup FerretDB pushes down), never on the first start's path.
import type { Collection, Db } from 'mongodb';
import { dbCall } from './client';

export const PVSYST_FITS = 'pvsyst_fits';

export interface StoredPvsystFit {
  /** `<productId>@<revision>#<fit version>`. */
  readonly _id: string;
  readonly fit: unknown;
  readonly created_at: Date;
}

export class PvsystFitRepository {
  private readonly coll: Collection<StoredPvsystFit>;

  constructor(db: Db) {
    this.coll = db.collection<StoredPvsystFit>(PVSYST_FITS);
  }

  async get(id: string): Promise<unknown> {
    const doc = await dbCall(() => this.coll.findOne({ _id: id }));
    return doc?.fit ?? null;
  }

  /** Stores a fit; a second request that fitted the same revision at once keeps the first. */
  async put(id: string, fit: unknown): Promise<void> {
    await dbCall(() =>
      this.coll.updateOne({ _id: id }, { $setOnInsert: { fit, created_at: new Date() } }, { upsert: true }),
    );
  }
}
