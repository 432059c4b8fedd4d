// The bodies and answers of the tag `accounts`: credentials, the account and the login token.
import type { SchemasObject } from '../openapi.types';

export const ACCOUNT_SCHEMAS: SchemasObject = {
  Account: {
    type: 'object',
    required: ['id', 'email', 'created_at', 'credits'],
    properties: {
      id: { type: 'string' },
      email: { type: 'string', format: 'email' },
      created_at: { type: 'string', format: 'date-time' },
      credits: { type: 'integer', minimum: 0 },
    },
    additionalProperties: false,
  },
  Credentials: {
    type: 'object',
    required: ['email', 'password'],
    properties: {
      email: { type: 'string', format: 'email', maxLength: 254 },
      password: { type: 'string', minLength: 1, maxLength: 1024 },
    },
    additionalProperties: false,
  },
  LoginToken: {
    type: 'object',
    required: ['access_token', 'token_type', 'expires_in'],
    properties: {
      access_token: { type: 'string' },
      token_type: { type: 'string', enum: ['Bearer'] },
      expires_in: { type: 'integer', minimum: 1 },
    },
    additionalProperties: false,
  },
};
