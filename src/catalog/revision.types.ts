import type { Change, Claim } from './claim';

/** One immutable revision of a product: the full claim snapshot and what changed. */
export interface RevisionDoc {
  /** `${product_id}@${number}` */
  readonly _id: string;
  readonly product_id: string;
  readonly number: number;
  /** Position in the global commit order (the changes feed). */
  readonly seq: number;
  readonly created_at: Date;
  readonly snapshot_hash: string;
  readonly claims: readonly Claim[];
  readonly changes: readonly Change[];
  readonly summary: string;
  /** sha256 of each source file as read when this revision was made. */
  readonly source_files: Readonly<Record<string, string>>;
}

/** A revision's entry in the changes feed, keyed by its place in the global commit order. */
export interface ChangeDoc {
  /** The revision's seq. */
  readonly _id: number;
  readonly product_id: string;
  readonly number: number;
  readonly created_at: Date;
  readonly summary: string;
}

export function revisionId(productId: string, number: number): string {
  return `${productId}@${number}`;
}
