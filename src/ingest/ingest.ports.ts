// What an ingest run reads and writes: the stored products' identities and the products themselves,
// the changes feed, and the revisions with their sequence numbers. The record's adapters implement
// them (src/adapters/mongo); the plan reads through them, the writer writes through them.
import type { ProductDoc } from '../catalog/product.types';
import type { RevisionDoc } from '../catalog/revision.types';

export interface IngestPorts {
  readonly products: {
    identities(): Promise<
      {
        _id: string;
        key: string;
        snapshot_hash: string;
        listing_hash?: string;
        current_revision: number;
        created_at: Date;
        updated_at: Date;
        format?: number;
      }[]
    >;
    insertMany(products: readonly ProductDoc[]): Promise<void>;
    replaceMany(products: readonly ProductDoc[]): Promise<void>;
  };
  readonly changes: {
    record(
      changes: readonly { _id: number; product_id: string; number: number; created_at: Date; summary: string }[],
      settledUpTo: number,
    ): Promise<void>;
  };
  readonly revisions: {
    get(productId: string, number: number): Promise<RevisionDoc | null>;
    latest(productId: string, from?: number): Promise<RevisionDoc | null>;
    reserveSeq(n: number): Promise<number>;
    append(revisions: readonly RevisionDoc[]): Promise<void>;
  };
}

/** A stored product as a run finds it. */
export type Identity = Awaited<ReturnType<IngestPorts['products']['identities']>>[number];

/** Raised by the revision store when a (product, number) is taken by another snapshot. */
export interface RevisionConflict extends Error {
  readonly revisionIds: readonly string[];
}
