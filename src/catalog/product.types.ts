import type { Claim, ClaimValue } from './claim';
import type { Provenance } from './provenance';
import type { Listing } from './listing';

/**
 * The shape products are written in. A stored product of an older shape (same values, fewer fields)
 * is rewritten by the next seed without a new revision: its claims did not change. A bump also makes
 * `npm start` run the whole seed instead of keeping what it loaded before; so it is bumped when the
 * conversion gives products claims they did not have. 5: modules gained derived efficiency and power
 * per area (their new revision says so). 6: inverters with the Sandia coefficients gained derived
 * efficiency at rated output and CEC weighted efficiency. 7: the 2022-11-16 module edition gives
 * 16,827 modules claims from a file they did not cite (and 34 new products), so a stored record
 * loads it on the next `npm start`.
 */
export const PRODUCT_FORMAT = 7;

/**
 * The canonical product now, as stored in MongoDB and derived into the index: its current values
 * and, denormalized from its current revision's claims, where each comes from. The revisions hold
 * the history; this document is what the index is built from.
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
  /** Where each current value comes from (revisions/provenance.ts, from the current revision's claims). */
  readonly provenance: Readonly<Record<string, Provenance>>;
  /** The editions that list it and whether the newest still does (not part of the claims). */
  readonly listing: Listing;
  /** Tells the seed whether the listing changed without reading it back. */
  readonly listing_hash: string;
  readonly current_revision: number;
  readonly format: number;
  readonly snapshot_hash: string;
  readonly created_at: Date;
  readonly updated_at: Date;
}

/** A product as the sources describe it now, before it is compared with what is stored. */
export type ProductDraft = Pick<
  ProductDoc,
  'key' | 'category' | 'manufacturer' | 'model' | 'variant' | 'aliases' | 'specs' | 'listing'
> & {
  readonly claims: readonly Claim[];
  /**
   * Every identity key its records were listed under, when more than `key` (a renamed maker matched
   * across editions). An edition that arrives between two stored ones may list the name first that
   * used to come second, so `key` can move: the ingest finds the stored product by any of these.
   */
  readonly keys?: readonly string[];
  /** The snapshots older editions gave it, oldest first (its history before `claims`). */
  readonly earlier?: readonly (readonly Claim[])[];
};
