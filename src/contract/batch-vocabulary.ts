// The limits and words of the batch lookup (getProducts): the document is built from them, so
// validation refuses a batch past them before any charge, and the service reads the same tables.
import { SPEC_NAMES } from '../catalog/spec-catalog';
import { SUMMARY_FIELDS } from './query-vocabulary';

/** Entries one batch takes: a bill of materials' worth, and what one multi-get answers quickly. */
export const BATCH_MAX = 100;
/** An entry is a product id (at most 120 characters, productSlug's bound) or a model number as typed (the longest in the data is 93). */
export const BATCH_ENTRY_MAX_LENGTH = 120;
/** A model number that names several products lists at most this many of them. */
export const BATCH_CANDIDATES_MAX = 10;

/** The top-level fields of getProduct's answer that `fields` may keep (`notice` goes to `meta.notice`). */
export const DETAIL_FIELDS = [...SUMMARY_FIELDS, 'units', 'provenance', 'revision', 'updated_at'] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];

export const BATCH_FIELD_VALUES: readonly string[] = [...DETAIL_FIELDS, ...SPEC_NAMES.map((s) => `specs.${s}`)];

/**
 * The largest body a batch may need, with room: 100 entries at their longest, each character up to 4
 * bytes of UTF-8 (48 KB), plus every field. Above the default body limit, so the operation declares
 * it (`x-body-limit-bytes`); test/unit/contract/batch.test.ts checks the worst case fits.
 */
export const BATCH_BODY_LIMIT = 64 * 1024;
