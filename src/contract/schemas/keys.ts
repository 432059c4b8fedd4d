// The bodies and answers of the tag `keys`: API keys and their scopes.
import type { SchemasObject } from '../openapi.types';

export const KEY_SCHEMAS: SchemasObject = {
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
      secret: {
        type: 'string',
        description: 'Shown only in this response; store it. The service keeps only its hash.',
      },
    },
    additionalProperties: false,
  },
  ApiKeyList: {
    type: 'object',
    required: ['data'],
    properties: { data: { type: 'array', items: { $ref: '#/components/schemas/ApiKey' } } },
  },
  NewApiKey: {
    type: 'object',
    required: ['name', 'scopes'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      scopes: { type: 'array', minItems: 1, uniqueItems: true, items: { $ref: '#/components/schemas/Scope' } },
      expires_at: {
        type: 'string',
        format: 'date-time',
        description: 'When the key stops working; must be in the future. Without it the key works until revoked.',
      },
    },
    additionalProperties: false,
  },
  Scope: { type: 'string', enum: ['products:read', 'search:read', 'revisions:read', 'watches:write'] },
};
