// Claims: one value from one cell of one source record, with where it stands and how it was got.
// A revision's snapshot is the full list of its product's claims.
import { createHash } from 'node:crypto';

/** A cell's value; a list cell (ADR coefficients) is a list of numbers. */
export type ClaimValue = string | number | boolean | readonly number[];

/** Where a value stands in its source file. */
export interface Locator {
  readonly file: string;
  /** 1-based data record number (header, units and SAM-variable rows are not counted). */
  readonly record: number;
  /** 1-based file line the record starts on. */
  readonly line: number;
  readonly column: string;
  /** In a JSON source, the value's RFC 6901 pointer (`/Battery/3/Capacity`): the column names its key. */
  readonly pointer?: string;
}

export interface Claim {
  /** A spec name, or an identity field: manufacturer, model, name. */
  readonly field: string;
  readonly value: ClaimValue;
  readonly unit?: string;
  /** The cell as written in the source. */
  readonly raw: string;
  readonly source_id: string;
  readonly locator: Locator;
  readonly method: 'reported' | 'derived';
  /** For derived values: how they were derived. */
  readonly derivation?: string;
}

/** One field's value as it moved from one revision to the next, per source. */
export interface Change {
  readonly field: string;
  readonly source_id: string;
  readonly from?: ClaimValue;
  readonly to?: ClaimValue;
}

/**
 * Hashes already taken, by the object hashed. A seed hashes each snapshot and listing up to three
 * times (editions, plan, write): 9 s of its CPU for 43,291 products before this. Snapshots and
 * listings are never changed once built (their types are readonly), so a hash stays true.
 */
const taken = new WeakMap<object, string>();

/** The hash of a snapshot of claims (or any JSON value): equal exactly when the values are. */
export function snapshotHash(claims: unknown): string {
  if (typeof claims !== 'object' || claims === null) return digest(claims);
  let hash = taken.get(claims);
  if (hash === undefined) taken.set(claims, (hash = digest(claims)));
  return hash;
}

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
