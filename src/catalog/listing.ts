// Where a product stands in the lists it comes from: every edition that lists it, how each later
// edition's record was matched to it, and whether the newest edition of its lists still lists it.
// Current state only: a listing changes with each edition and is not part of a revision's claims.

export interface EditionMatch {
  /** `same-identity`: the same identity key; `same-model-and-ratings`: a renamed maker (see `rule`). */
  readonly method: 'same-identity' | 'same-model-and-ratings';
  readonly rule: string;
}

export interface ListedEdition {
  readonly source_id: string;
  readonly list: string;
  readonly edition: string;
  /** The product's record numbers in that file (more than one when the file lists it twice). */
  readonly records: readonly number[];
  /** How this edition's record was matched to the product listed in an earlier edition. */
  readonly match?: EditionMatch;
}

export interface Listing {
  /** Whether the product is in the newest edition of the lists it appears in. */
  readonly in_latest_edition: boolean;
  /** The newest edition (date) that lists the product. */
  readonly last_edition: string;
  readonly editions: readonly ListedEdition[];
}
