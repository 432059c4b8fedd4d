// The problem details every error answers with (RFC 9457), its types from the error catalog.
import { ERRORS, PROBLEM_TYPE_BASE } from '../../errors/catalog';
import { MAX_LISTED_ERRORS } from '../../errors/app-error';
import type { SchemasObject } from '../openapi.types';

export const PROBLEM_SCHEMAS: SchemasObject = {
  Problem: {
    type: 'object',
    description: 'RFC 9457 problem details. `type` is one of the documented problem types (see `x-problem-types`).',
    required: ['type', 'title', 'status', 'detail'],
    properties: {
      type: {
        type: 'string',
        format: 'uri-reference',
        enum: Object.values(ERRORS).map((e) => PROBLEM_TYPE_BASE + e.slug),
      },
      title: { type: 'string' },
      status: { type: 'integer', minimum: 400, maximum: 599 },
      detail: { type: 'string' },
      instance: { type: 'string' },
      request_id: { type: 'string' },
      errors: {
        type: 'array',
        description: `For validation problems: each failing parameter, the first ${MAX_LISTED_ERRORS} at most (then \`errors_truncated\` is true and \`errors_total\` counts them all).`,
        maxItems: MAX_LISTED_ERRORS,
        items: {
          type: 'object',
          required: ['in', 'name', 'message'],
          properties: {
            in: { type: 'string', enum: ['query', 'path', 'body', 'header'] },
            name: { type: 'string' },
            message: { type: 'string' },
          },
        },
      },
      errors_truncated: { type: 'boolean', description: 'Present (true) when `errors` lists only the first failures.' },
      errors_total: {
        type: 'integer',
        minimum: 1,
        description: 'How many failures there were, when `errors` lists only the first.',
      },
      unknown_ids: {
        type: 'array',
        items: { type: 'string' },
        description: 'For `unknown-products`: every id that names no product.',
      },
    },
  },
};
