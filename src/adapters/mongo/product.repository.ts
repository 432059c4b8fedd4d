import type { Collection, Db } from 'mongodb';
import type { ProductDoc } from '../../catalog/product.types';
import { COLLECTIONS } from './collections';
import { dbCall, insertManyKeepingDuplicates } from './client';

/** What the seed needs to know of a stored product to decide whether it changed. */
export interface ProductIdentity {
  readonly _id: string;
  readonly key: string;
  readonly snapshot_hash: string;
  /** Absent on products written before listings. */
  readonly listing_hash?: string;
  readonly current_revision: number;
  readonly created_at: Date;
  readonly updated_at: Date;
  /** Absent on products written before formats were numbered. */
  readonly format?: number;
}

/**
 * A product as stored: its nested parts (provenance, specs, listing, aliases) as JSON text. FerretDB
 * encodes and decodes every nested field of a document it stores or returns, and these parts are
 * nearly all of a product's fields: streaming the full data set took 53 s with provenance nested and
 * 14 s as text; writing 4,000 real products ran 1.7 times as fast, and reading them back twice as
 * fast, with the other three as text too (FerretDB 1.24/SQLite, measured 2026-11-24). Nothing
 * queries inside them, so nothing is lost. Products written nested by earlier versions are read as
 * they are.
 */
type Encoded = 'provenance' | 'specs' | 'listing' | 'aliases';
type StoredProduct = Omit<ProductDoc, Encoded> & { [K in Encoded]: string | ProductDoc[K] };

const stored = (p: ProductDoc): StoredProduct => ({
  ...p,
  provenance: JSON.stringify(p.provenance),
  specs: JSON.stringify(p.specs),
  listing: JSON.stringify(p.listing),
  aliases: JSON.stringify(p.aliases),
});
const decoded = <T>(value: string | T): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const parsed = (p: StoredProduct): ProductDoc => ({
  ...p,
  provenance: decoded(p.provenance),
  specs: decoded(p.specs),
  listing: decoded(p.listing),
  aliases: decoded(p.aliases),
});

export class ProductRepository {
  private readonly coll: Collection<StoredProduct>;

  constructor(db: Db) {
    this.coll = db.collection<StoredProduct>(COLLECTIONS.products);
  }

  async findById(id: string): Promise<ProductDoc | null> {
    const doc = await dbCall(() => this.coll.findOne({ _id: id }));
    return doc && parsed(doc);
  }

  /** Every product's current revision and listing (the announcer compares them with what it last announced). */
  async listings(): Promise<{ _id: string; current_revision: number; listing: ProductDoc['listing'] }[]> {
    const docs = await dbCall(() =>
      this.coll.find({}, { projection: { _id: 1, current_revision: 1, listing: 1 } }).toArray(),
    );
    return docs.map((d) => ({ _id: d._id, current_revision: d.current_revision, listing: decoded(d.listing) }));
  }

  identities(): Promise<ProductIdentity[]> {
    return dbCall(() =>
      this.coll
        .find(
          {},
          {
            projection: {
              _id: 1,
              key: 1,
              snapshot_hash: 1,
              listing_hash: 1,
              current_revision: 1,
              created_at: 1,
              updated_at: 1,
              format: 1,
            },
          },
        )
        .toArray(),
    );
  }

  /**
   * The format of one stored product (seeds write all in one format), `null` when there are none, 0
   * for a product from before formats were numbered. Cheap on every engine (FerretDB counts by
   * decoding every document: 7 s for 26,381 products).
   */
  async storedFormat(): Promise<number | null> {
    const one = await dbCall(() => this.coll.findOne({}, { projection: { _id: 1, format: 1 } }));
    return one && (one.format ?? 0);
  }

  count(filter: { category?: string } = {}): Promise<number> {
    return dbCall(() => this.coll.countDocuments(filter));
  }

  /** Inserts new products in bulk; any that exist already (a resumed seed) are replaced instead. */
  async insertMany(products: readonly ProductDoc[]): Promise<void> {
    const existing = await insertManyKeepingDuplicates(this.coll, products.map(stored));
    await this.replaceStored(existing);
  }

  /** Replaces each product by id (one _id-equality update each, the shape every engine indexes). */
  replaceMany(products: readonly ProductDoc[]): Promise<void> {
    return this.replaceStored(products.map(stored));
  }

  private async replaceStored(products: readonly StoredProduct[]): Promise<void> {
    for (const p of products) await dbCall(() => this.coll.replaceOne({ _id: p._id }, p, { upsert: true }));
  }

  /**
   * Every product in storage order, in bounded batches: memory stays flat whatever the count. No sort:
   * FerretDB would sort the whole collection in memory before the first batch.
   */
  async *stream(batchSize = 1000): AsyncIterable<ProductDoc> {
    for await (const doc of this.coll.find({}, { batchSize })) yield parsed(doc);
  }
}
