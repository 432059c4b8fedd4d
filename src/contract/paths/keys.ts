// The operations of the tag `keys`: an account's API keys, managed with the login token, and a key
// revoking itself.
import type { PathsObject } from '../openapi.types';
import { json, jsonBody, problem, setting } from './responses';

export const KEY_PATHS: PathsObject = {
  '/api/v1/developer/keys': {
    get: {
      operationId: 'listApiKeys',
      summary: "The account's API keys (never their secrets)",
      tags: ['keys'],
      security: [{ loginToken: [] }],
      'x-scope': 'account',
      responses: {
        200: json('Keys, newest first.', 'ApiKeyList'),
        401: problem('Missing, invalid or expired login token.'),
        503: problem('A dependency is unavailable.'),
      },
    },
    post: {
      operationId: 'createApiKey',
      summary: 'Create a scoped API key; its secret is shown once',
      tags: ['keys'],
      security: [{ loginToken: [] }],
      'x-scope': 'account',
      'x-max-keys-per-account': setting('MAX_KEYS_PER_ACCOUNT'),
      requestBody: jsonBody('NewApiKey'),
      responses: {
        201: json('The key, with its secret.', 'ApiKeyCreated'),
        400: problem('Invalid name, unknown scope, expiry in the past, malformed JSON.'),
        401: problem('Missing, invalid or expired login token.'),
        409: problem(
          `The account already holds the most live (unrevoked, unexpired) keys it may (\`x-max-keys-per-account\`); revoke one first (type \`key-limit-reached\`).`,
        ),
        413: problem('Body too large.'),
        415: problem('Body is not application/json.'),
        503: problem('A dependency is unavailable.'),
      },
    },
  },
  '/api/v1/auth/key': {
    delete: {
      operationId: 'revokeCurrentApiKey',
      summary: 'Revoke the API key this request is made with',
      description:
        "A key revokes itself, whatever its scopes: what a page or a script that holds only its key does when it is done (the equipment explorer on sign-out). Costs no credits; rate-limited like the key's other calls. Further requests with the key get 401.",
      tags: ['keys'],
      security: [{ apiKey: [] }],
      'x-scope': 'key',
      responses: {
        204: { description: 'Revoked.' },
        401: problem('Missing, invalid, revoked or expired API key.'),
        429: problem('Rate limit exceeded; see Retry-After.'),
        503: problem('A dependency is unavailable.'),
      },
    },
  },
  '/api/v1/developer/keys/{id}': {
    delete: {
      operationId: 'revokeApiKey',
      summary: "Revoke one of the account's keys",
      tags: ['keys'],
      security: [{ loginToken: [] }],
      'x-scope': 'account',
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 100 } },
      ],
      responses: {
        204: { description: 'Revoked (or already revoked).' },
        400: problem('The key id is not a valid key id.'),
        401: problem('Missing, invalid or expired login token.'),
        404: problem('No such key on this account.'),
        503: problem('A dependency is unavailable.'),
      },
    },
  },
};
