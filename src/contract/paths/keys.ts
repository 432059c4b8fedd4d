// The operations of the tag `keys`: an account's API keys, managed with the login token, and a key
// revoking itself.
import { ENDED_KEYS_KEPT_DAYS, IDEMPOTENCY_WINDOW_HOURS } from '../../catalog/api-key.types';
import type { PathsObject } from '../openapi.types';
import { json, jsonBody, problem, setting } from './responses';

export const KEY_PATHS: PathsObject = {
  '/api/v1/developer/keys': {
    get: {
      operationId: 'listApiKeys',
      summary: "The account's API keys (never their secrets)",
      description: `Live keys, and keys revoked or expired within the last ${ENDED_KEYS_KEPT_DAYS} days (\`x-ended-keys-kept-days\`); older ones are deleted.`,
      tags: ['keys'],
      'x-ended-keys-kept-days': ENDED_KEYS_KEPT_DAYS,
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
      'x-key-changes-per-window': setting('KEY_CHANGES_MAX'),
      'x-idempotency-window-hours': IDEMPOTENCY_WINDOW_HOURS,
      description:
        'Creations and revocations count together per account: past `x-key-changes-per-window` in the login window, 429 with Retry-After. Send an `Idempotency-Key` to make a retry safe: the same request with the same key within `x-idempotency-window-hours` answers 201 with the key made the first time, its secret included, and the header `Idempotent-Replayed: true`; the same key with another request, or later, answers 422.',
      parameters: [
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'A value unique to this creation (a UUID is usual); a retry sends the same one. The key made is derived from it, the account and a server secret.',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[!-~]+$' },
        },
      ],
      requestBody: jsonBody('NewApiKey'),
      responses: {
        201: {
          ...json('The key, with its secret (again, for a retry with the same Idempotency-Key).', 'ApiKeyCreated'),
          headers: {
            'Idempotent-Replayed': {
              description: '`true` when the key was made by an earlier request with the same Idempotency-Key.',
              schema: { type: 'string', enum: ['true'] },
            },
          },
        },
        400: problem('Invalid name, unknown scope, expiry in the past, malformed JSON or Idempotency-Key.'),
        401: problem('Missing, invalid or expired login token.'),
        409: problem(
          `The account already holds the most live (unrevoked, unexpired) keys it may (\`x-max-keys-per-account\`); revoke one first (type \`key-limit-reached\`).`,
        ),
        413: problem('Body too large.'),
        415: problem('Body is not application/json.'),
        422: problem(
          'The Idempotency-Key was sent before with another request, or longer ago than `x-idempotency-window-hours`.',
        ),
        429: problem('Too many key changes on this account; see Retry-After.'),
        503: problem('A dependency is unavailable.'),
      },
    },
  },
  '/api/v1/auth/key': {
    delete: {
      operationId: 'revokeCurrentApiKey',
      summary: 'Revoke the API key this request is made with',
      description:
        "A key revokes itself, whatever its scopes: what a page or a script that holds only its key does when it is done (the equipment explorer on sign-out). Costs no credits; rate-limited like the key's other calls, and counted with the account's key changes. Further requests with the key get 401.",
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
        429: problem(
          'Too many key changes on this account (creations and revocations count together); see Retry-After.',
        ),
        503: problem('A dependency is unavailable.'),
      },
    },
  },
};
