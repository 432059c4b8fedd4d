// The shapes the converter produces: claims (one value from one cell of one source record) and the
// source records they come from.
import type { Claim } from '../../catalog/claim';
import type { Category } from '../../catalog/spec-catalog';

export type { Claim, ClaimValue, Locator } from '../../catalog/claim';
export type { Category };
/** One record of one source file, converted. */
export interface SourceRecord {
  /** Identity within a category: records with equal keys are one product. */
  readonly key: string;
  readonly category: Category;
  readonly manufacturer: string;
  readonly model: string;
  readonly variant: string;
  /** The product's name as this source writes it. */
  readonly name: string;
  readonly source_id: string;
  readonly record: number;
  readonly claims: Claim[];
}

/** Thrown for input the converter cannot trust; names the file and record. */
export class SourceError extends Error {
  constructor(
    readonly file: string,
    readonly record: number | null,
    message: string,
  ) {
    super(`${file}${record === null ? '' : ` record ${record}`}: ${message}`);
  }
}

export function normalizeKeyPart(s: string): string {
  return s.trim().replace(/\s+/g, ' ').toLowerCase();
}
