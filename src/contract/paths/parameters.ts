// Parameters several operations share, and the shapes a query parameter takes.
import type { ParameterObject, SchemaObject } from '../openapi.types';

export const param = (
  name: string,
  description: string,
  schema: SchemaObject,
  extra: Partial<ParameterObject> = {},
): ParameterObject => ({
  name,
  in: 'query',
  description,
  schema,
  ...extra,
});

/** A comma-separated list (`a,b,c`): OpenAPI's form style without explode. */
export const commaList = (name: string, description: string, items: SchemaObject, bounds: SchemaObject) =>
  param(name, description, { type: 'array', items, ...bounds }, { style: 'form', explode: false });

export const ID_PARAM: ParameterObject = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', minLength: 1, maxLength: 200 },
};

export const LIMIT_PARAM = param('limit', 'Page size.', { type: 'integer', minimum: 1, maximum: 100, default: 20 });

// Cursors are base64url payload "." base64url signature (shared/cursor.ts); only one this API issued
// for the same query is valid, which no schema can say.
export const CURSOR_PARAM = param(
  'cursor',
  'Opaque cursor from `meta.next_cursor`; valid only with the same q, filters and sort.',
  { type: 'string', minLength: 3, maxLength: 2048, pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$' },
);
