import type { Collection, Db } from 'mongodb';
import type { ProductDoc } from '../../products/product.types';
import { COLLECTIONS } from './collections';
import { dbCall, insertManyKeepingDuplicates } from './client';

/** What the seed needs to know of a stored product to decide whether it changed. */
export interface ProductIdentity {
  readonly _id: string;
  readonly key: string;
  readonly snapshot_hash: string;
  readonly current_revision: number;
  readonly created_at: Date;
  readonly updated_at: Date;
  /** Absent on products written before formats were numbered. */
  readonly format?: number;
}

export class ProductRepository {
  private readonly coll: Collection<ProductDoc>;

  constructor(db: Db) {
    this.coll = db.collection<ProductDoc>(COLLECTIONS.products);
  }

  findById(id: string): Promise<ProductDoc | null> {
    return dbCall(() => this.coll.findOne({ _id: id }));
  }

  identities(): Promise<ProductIdentity[]> {
    return dbCall(() => this.coll.find({}, { projection: { _id: 1, key: 1, snapshot_hash: 1, current_revision: 1, created_at: 1, updated_at: 1, format: 1 } }).toArray());
  }

  /** Cheap on every engine (FerretDB counts by decoding every document: 7 s for 26,381 products). */
  async isEmpty(): Promise<boolean> {
    return (await dbCall(() => this.coll.findOne({}, { projection: { _id: 1 } }))) === null;
  }

  count(filter: { category?: string } = {}): Promise<number> {
    return dbCall(() => this.coll.countDocuments(filter));
  }

  /** Inserts new products in bulk; any that exist already (a resumed seed) are replaced instead. */
  async insertMany(products: readonly ProductDoc[]): Promise<void> {
    await this.replaceMany(await insertManyKeepingDuplicates(this.coll, products));
  }

  /** Replaces each product by id (one _id-equality update each, the shape every engine indexes). */
  async replaceMany(products: readonly ProductDoc[]): Promise<void> {
    for (const p of products) await dbCall(() => this.coll.replaceOne({ _id: p._id }, p, { upsert: true }));
  }

  /**
   * Every product in storage order, in bounded batches: memory stays flat whatever the count. No sort:
   * FerretDB would sort the whole collection in memory before the first batch.
   */
  stream(batchSize = 1000): AsyncIterable<ProductDoc> {
    return this.coll.find({}, { batchSize });
  }
}
