import type { ClaimValue } from '../revisions/claim';

/**
 * The canonical product, as stored in MongoDB and synced into the index. Provenance is not stored
 * here: it is read from the current revision's claims (see revisions/provenance.ts).
 */
export interface ProductDoc {
  readonly _id: string;
  /** Identity key (category, manufacturer, model, variant, normalized); unique. */
  readonly key: string;
  readonly category: string;
  readonly manufacturer: string;
  readonly model: string;
  readonly variant: string;
  readonly aliases: readonly { source_id: string; name: string }[];
  readonly specs: Readonly<Record<string, ClaimValue>>;
  readonly current_revision: number;
  readonly snapshot_hash: string;
  readonly created_at: Date;
  readonly updated_at: Date;
}
