/** A source file the data comes from, with its chain of publishers. */
export interface SourceDoc {
  readonly _id: string;
  /** The list this file is an edition of, and the edition's date. */
  readonly list: string;
  readonly edition: string;
  readonly title: string;
  readonly publisher: string;
  readonly publisher_chain: readonly string[];
  readonly url: string;
  readonly upstream_url: string;
  readonly file: string;
  readonly path_in_package: string;
  readonly package: string;
  readonly sha256: string;
  readonly licence: string;
  /** What the source is not (hand-collected, undated, what was left out), where a reader must know it. */
  readonly limits?: string;
  readonly retrieved_at: string;
  readonly records: number;
  /** Products with at least one claim from this source, counted at seed time. */
  readonly products: number;
  readonly loaded_at: Date;
}
