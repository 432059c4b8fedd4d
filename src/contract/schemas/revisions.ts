// The answers of the tag `revisions`: revisions with their claims and changes, and the changes feed.
import type { SchemasObject } from '../openapi.types';
import { locator, specValue } from './values';

export const REVISION_SCHEMAS: SchemasObject = {
  Change: {
    type: 'object',
    required: ['field', 'source_id'],
    properties: { field: { type: 'string' }, source_id: { type: 'string' }, from: specValue, to: specValue },
    additionalProperties: false,
  },
  Claim: {
    type: 'object',
    required: ['field', 'value', 'raw', 'source_id', 'locator', 'method'],
    properties: {
      field: { type: 'string' },
      value: specValue,
      unit: { type: 'string' },
      raw: { type: 'string', description: 'The cell as written in the source.' },
      source_id: { type: 'string' },
      locator,
      method: { type: 'string', enum: ['reported', 'derived'] },
      derivation: { type: 'string' },
    },
    additionalProperties: false,
  },
  RevisionSummary: {
    type: 'object',
    required: ['number', 'created_at', 'summary', 'changes'],
    properties: {
      number: { type: 'integer', minimum: 1 },
      created_at: { type: 'string', format: 'date-time' },
      summary: { type: 'string' },
      changes: { type: 'array', items: { $ref: '#/components/schemas/Change' } },
    },
    additionalProperties: false,
  },
  RevisionCollection: {
    type: 'object',
    required: ['data', 'meta'],
    properties: {
      data: { type: 'array', items: { $ref: '#/components/schemas/RevisionSummary' } },
      meta: { $ref: '#/components/schemas/CollectionMeta' },
    },
  },
  Revision: {
    type: 'object',
    description:
      "One immutable revision: the full claim snapshot, in precedence order (the first claim of a field is the product's value).",
    required: ['product_id', 'number', 'created_at', 'summary', 'changes', 'claims', 'source_files'],
    properties: {
      product_id: { type: 'string' },
      number: { type: 'integer', minimum: 1 },
      created_at: { type: 'string', format: 'date-time' },
      summary: { type: 'string' },
      changes: { type: 'array', items: { $ref: '#/components/schemas/Change' } },
      claims: { type: 'array', items: { $ref: '#/components/schemas/Claim' } },
      source_files: {
        type: 'object',
        description: 'sha256 of each source file as read for this revision.',
        additionalProperties: { type: 'string' },
      },
    },
    additionalProperties: false,
  },
  ChangeFeed: {
    type: 'object',
    required: ['data', 'meta'],
    properties: {
      data: {
        type: 'array',
        items: {
          type: 'object',
          required: ['seq', 'product_id', 'revision', 'created_at', 'summary'],
          properties: {
            seq: { type: 'integer', minimum: 1 },
            product_id: { type: 'string' },
            revision: { type: 'integer', minimum: 1 },
            created_at: { type: 'string', format: 'date-time' },
            summary: { type: 'string' },
          },
          additionalProperties: false,
        },
      },
      meta: {
        type: 'object',
        required: ['limit', 'notice', 'cursor'],
        properties: {
          limit: { type: 'integer' },
          notice: { type: 'string' },
          cursor: { type: 'string', description: 'Where to resume from.' },
          next_cursor: { type: 'string' },
        },
        additionalProperties: false,
      },
    },
  },
};
