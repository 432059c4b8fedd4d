// Component schemas of the batch lookup (getProducts): the request body and the answer, one entry
// per product asked for, in the order asked.
import type { SchemasObject } from '../openapi.types';
import { AS_OF_FORMAT, AS_OF_PATTERN } from '../as-of';
import { BATCH_CANDIDATES_MAX, BATCH_ENTRY_MAX_LENGTH, BATCH_FIELD_VALUES, BATCH_MAX } from '../batch-vocabulary';

/** Why an entry found no product. */
export const BATCH_REASONS = {
  unknown: 'No product has this id, and none has this model number (as typed, or without punctuation and case).',
  ambiguous: 'The model number names several products; `candidates` lists them (ask again by id).',
  'not-at-as-of': 'The product exists, but had no revision at `as_of` (not yet made, or no such revision number).',
} as const;

export const BATCH_SCHEMAS: SchemasObject = {
  ProductBatchRequest: {
    type: 'object',
    required: ['ids'],
    properties: {
      ids: {
        type: 'array',
        description: `1 to ${BATCH_MAX} distinct entries, each a product id or a model number as typed (resolved as search resolves an exact model: as typed without regard to case, else without punctuation). Answered in this order.`,
        minItems: 1,
        maxItems: BATCH_MAX,
        uniqueItems: true,
        // No control characters: an entry is something a person typed or a file held on one line.
        items: {
          type: 'string',
          minLength: 1,
          maxLength: BATCH_ENTRY_MAX_LENGTH,
          pattern: '^[^\\u0000-\\u001f\\u007f]+$',
        },
      },
      fields: {
        type: 'array',
        description:
          "Projection of each product: top-level fields of getProduct's answer or single specs (`specs.<name>`). `id` is always returned.",
        minItems: 1,
        maxItems: BATCH_FIELD_VALUES.length,
        uniqueItems: true,
        items: { type: 'string', enum: [...BATCH_FIELD_VALUES] },
      },
      as_of: {
        type: 'string',
        description:
          "Every product as it stood at a revision number (`1`) or an RFC 3339 time (`2026-01-01T00:00:00Z`), as getProduct's `as_of`.",
        pattern: AS_OF_PATTERN,
        format: AS_OF_FORMAT,
        maxLength: 40,
      },
    },
    additionalProperties: false,
  },
  ProductBatchEntry: {
    description: 'One entry asked for: the product found, or why none was.',
    oneOf: [
      {
        type: 'object',
        required: ['requested', 'found', 'by', 'product'],
        properties: {
          requested: { type: 'string', description: 'The entry as sent.' },
          found: { type: 'boolean', enum: [true] },
          by: {
            type: 'string',
            enum: ['id', 'model'],
            description: 'Whether the entry was read as a product id or as a model number.',
          },
          product: { $ref: '#/components/schemas/ProductDetailPart' },
        },
        additionalProperties: false,
      },
      {
        type: 'object',
        required: ['requested', 'found', 'reason', 'detail'],
        properties: {
          requested: { type: 'string', description: 'The entry as sent.' },
          found: { type: 'boolean', enum: [false] },
          reason: {
            type: 'string',
            enum: Object.keys(BATCH_REASONS),
            description: Object.entries(BATCH_REASONS)
              .map(([reason, text]) => `\`${reason}\`: ${text}`)
              .join(' '),
          },
          detail: { type: 'string', description: 'The reason in words, for a person.' },
          candidates: {
            type: 'array',
            description: `For \`ambiguous\`: the products the model number names (at most ${BATCH_CANDIDATES_MAX}), by id.`,
            maxItems: BATCH_CANDIDATES_MAX,
            items: { $ref: '#/components/schemas/ProductRef' },
          },
        },
        additionalProperties: false,
      },
    ],
  },
  ProductBatch: {
    type: 'object',
    required: ['data', 'meta'],
    properties: {
      data: {
        type: 'array',
        description: 'One entry per entry asked for, in the order asked.',
        items: { $ref: '#/components/schemas/ProductBatchEntry' },
      },
      meta: {
        type: 'object',
        required: ['requested', 'found', 'notice'],
        properties: {
          requested: { type: 'integer', minimum: 1 },
          found: { type: 'integer', minimum: 0, description: 'Entries that found a product: the credits charged.' },
          notice: { type: 'string' },
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  },
};
