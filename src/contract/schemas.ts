// Component schemas of the OpenAPI document: response shapes the tests validate every answer against.
import { SPECS } from '../products/spec-catalog';
import { ERRORS, PROBLEM_TYPE_BASE } from '../errors/catalog';

const JSON_TYPE = { number: 'number', integer: 'integer', text: 'string', boolean: 'boolean' } as const;

const specValue = { oneOf: [{ type: 'number' }, { type: 'string' }, { type: 'boolean' }] } as const;
const locator = {
  type: 'object',
  required: ['file', 'record', 'line', 'column'],
  properties: { file: { type: 'string' }, record: { type: 'integer', minimum: 1 }, line: { type: 'integer', minimum: 1 }, column: { type: 'string' } },
  additionalProperties: false,
};

export const SCHEMAS = {
  Problem: {
    type: 'object',
    description: 'RFC 9457 problem details. `type` is one of the documented problem types (see `x-problem-types`).',
    required: ['type', 'title', 'status', 'detail'],
    properties: {
      type: { type: 'string', format: 'uri-reference', enum: Object.values(ERRORS).map((e) => PROBLEM_TYPE_BASE + e.slug) },
      title: { type: 'string' },
      status: { type: 'integer', minimum: 400, maximum: 599 },
      detail: { type: 'string' },
      instance: { type: 'string' },
      request_id: { type: 'string' },
      errors: {
        type: 'array',
        description: 'For validation problems: each failing parameter.',
        items: {
          type: 'object',
          required: ['in', 'name', 'message'],
          properties: { in: { type: 'string', enum: ['query', 'path', 'body', 'header'] }, name: { type: 'string' }, message: { type: 'string' } },
        },
      },
    },
  },
  Specs: {
    type: 'object',
    description: 'Spec values by normalized name; units are in `x-spec-catalog` and in each product\'s `units`.',
    properties: Object.fromEntries(Object.entries(SPECS).map(([name, def]) => [name, { type: JSON_TYPE[def.type], ...('unit' in def && def.unit ? { 'x-unit': def.unit } : {}), description: def.description }])),
    additionalProperties: false,
  },
  Product: {
    type: 'object',
    description: 'A product as listed in collections; `fields` may project it down to `id` plus the fields asked for.',
    required: ['id'],
    properties: {
      id: { type: 'string' },
      model: { type: 'string' },
      manufacturer: { type: 'string' },
      category: { type: 'string', enum: ['pv-module', 'inverter'] },
      variant: { type: 'string' },
      aliases: { type: 'array', items: { type: 'string' } },
      specs: { $ref: '#/components/schemas/Specs' },
    },
    additionalProperties: true,
  },
  Provenance: {
    type: 'object',
    required: ['source_id', 'revision', 'locator', 'method'],
    properties: {
      source_id: { type: 'string' },
      revision: { type: 'integer', minimum: 1 },
      locator,
      method: { type: 'string', enum: ['reported', 'derived'] },
      derivation: { type: 'string' },
    },
    additionalProperties: false,
  },
  ProductDetail: {
    type: 'object',
    required: ['id', 'model', 'manufacturer', 'category', 'variant', 'specs', 'units', 'provenance', 'revision', 'aliases', 'updated_at'],
    properties: {
      id: { type: 'string' },
      model: { type: 'string' },
      manufacturer: { type: 'string' },
      category: { type: 'string' },
      variant: { type: 'string' },
      aliases: { type: 'array', items: { type: 'object', required: ['source_id', 'name'], properties: { source_id: { type: 'string' }, name: { type: 'string' } } } },
      specs: { $ref: '#/components/schemas/Specs' },
      units: { type: 'object', additionalProperties: { type: 'string' } },
      provenance: { type: 'object', description: 'For manufacturer, model and every spec: where the value comes from.', additionalProperties: { $ref: '#/components/schemas/Provenance' } },
      revision: { type: 'integer', minimum: 1 },
      updated_at: { type: 'string', format: 'date-time' },
    },
    additionalProperties: false,
  },
  Facets: {
    type: 'object',
    properties: {
      category: { type: 'array', items: { $ref: '#/components/schemas/FacetCount' } },
      manufacturer: { type: 'array', items: { $ref: '#/components/schemas/FacetCount' } },
      specs: {
        type: 'object',
        description: 'Min and max of each numeric spec over the whole result set; present when exactly one category is selected.',
        additionalProperties: { type: 'object', required: ['min', 'max', 'count'], properties: { min: { type: 'number' }, max: { type: 'number' }, count: { type: 'integer' } } },
      },
    },
  },
  FacetCount: { type: 'object', required: ['value', 'count'], properties: { value: { type: 'string' }, count: { type: 'integer', minimum: 0 } } },
  CollectionMeta: {
    type: 'object',
    required: ['limit', 'total', 'notice'],
    properties: {
      next_cursor: { type: 'string', description: 'Present exactly when another page exists; pass it as `cursor` with the same filters.' },
      limit: { type: 'integer', minimum: 1, maximum: 100 },
      total: { type: 'integer', minimum: 0, description: 'Products matching the query (exact).' },
      facets: { $ref: '#/components/schemas/Facets' },
      notice: { type: 'string' },
    },
  },
  ProductCollection: {
    type: 'object',
    required: ['data', 'meta'],
    properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Product' } }, meta: { $ref: '#/components/schemas/CollectionMeta' } },
  },
  Comparison: {
    type: 'object',
    required: ['data', 'comparison', 'meta'],
    properties: {
      data: { type: 'array', items: { $ref: '#/components/schemas/Product' } },
      comparison: {
        type: 'array',
        items: {
          type: 'object',
          required: ['spec', 'values', 'differs'],
          properties: {
            spec: { type: 'string' },
            unit: { type: 'string' },
            values: {
              type: 'array',
              description: 'One per product, in the order asked; null where a product has no value.',
              items: { oneOf: [...specValue.oneOf, { type: 'object', nullable: true, maxProperties: 0, description: 'null: no value' }] },
            },
            differs: { type: 'boolean' },
          },
        },
      },
      meta: { type: 'object', required: ['notice'], properties: { notice: { type: 'string' } } },
    },
  },
  Account: {
    type: 'object',
    required: ['id', 'email', 'created_at', 'credits'],
    properties: { id: { type: 'string' }, email: { type: 'string', format: 'email' }, created_at: { type: 'string', format: 'date-time' }, credits: { type: 'integer', minimum: 0 } },
    additionalProperties: false,
  },
  Credentials: {
    type: 'object',
    required: ['email', 'password'],
    properties: { email: { type: 'string', format: 'email', maxLength: 254 }, password: { type: 'string', minLength: 1, maxLength: 1024 } },
    additionalProperties: false,
  },
  LoginToken: {
    type: 'object',
    required: ['access_token', 'token_type', 'expires_in'],
    properties: { access_token: { type: 'string' }, token_type: { type: 'string', enum: ['Bearer'] }, expires_in: { type: 'integer', minimum: 1 } },
    additionalProperties: false,
  },
  ApiKey: {
    type: 'object',
    required: ['id', 'name', 'prefix', 'scopes', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'],
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      prefix: { type: 'string', description: 'The recognizable start of the secret, to tell keys apart.' },
      scopes: { type: 'array', items: { $ref: '#/components/schemas/Scope' } },
      created_at: { type: 'string', format: 'date-time' },
      last_used_at: { type: 'string', format: 'date-time', nullable: true },
      expires_at: { type: 'string', format: 'date-time', nullable: true },
      revoked_at: { type: 'string', format: 'date-time', nullable: true },
    },
    additionalProperties: false,
  },
  ApiKeyCreated: {
    type: 'object',
    required: ['id', 'name', 'prefix', 'scopes', 'created_at', 'expires_at', 'secret'],
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      prefix: { type: 'string' },
      scopes: { type: 'array', items: { $ref: '#/components/schemas/Scope' } },
      created_at: { type: 'string', format: 'date-time' },
      expires_at: { type: 'string', format: 'date-time', nullable: true },
      secret: { type: 'string', description: 'Shown only in this response; store it. The service keeps only its hash.' },
    },
    additionalProperties: false,
  },
  ApiKeyList: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: { $ref: '#/components/schemas/ApiKey' } } } },
  NewApiKey: {
    type: 'object',
    required: ['name', 'scopes'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      scopes: { type: 'array', minItems: 1, uniqueItems: true, items: { $ref: '#/components/schemas/Scope' } },
      expires_at: { type: 'string', format: 'date-time' },
    },
    additionalProperties: false,
  },
  Scope: { type: 'string', enum: ['products:read', 'search:read', 'revisions:read'] },
} as const;
