// The operations of the tag `watches`: managed with the login token, or with an API key that has the
// scope `watches:write`; they cost no credits (see the description of each).
import type { OperationObject, ParameterObject, PathsObject, ResponseObject } from '../openapi.types';
import { json, jsonBody, problem, setting } from './responses';

const ID: ParameterObject = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', maxLength: 19, pattern: '^wh_[a-z0-9]{16}$' },
};
const DELIVERY_ID: ParameterObject = {
  name: 'delivery_id',
  in: 'path',
  required: true,
  schema: { type: 'string', maxLength: 68, pattern: '^msg_[A-Za-z0-9_-]{1,64}$' },
};

const COMMON = {
  400: problem('Invalid id, body or parameter.'),
  401: problem('Missing, invalid or expired login token or API key.'),
  403: problem('The API key lacks the scope `watches:write`.'),
  404: problem('No such watch (or delivery) on this account.'),
  429: problem('Rate limit exceeded for this key or its account (API keys only); see Retry-After.'),
  503: problem('A dependency is unavailable; see Retry-After.'),
};
const BODY = { 413: problem('Body too large.'), 415: problem('Body is not application/json.') };

/** `responses`: the operation's own; the common ones are added. */
function op(
  operationId: string,
  summary: string,
  extra: Partial<OperationObject>,
  responses: Readonly<Record<number, ResponseObject>>,
): OperationObject {
  return {
    operationId,
    summary,
    tags: ['watches'],
    security: [{ loginToken: [] }, { apiKey: [] }],
    'x-scope': 'watches:write',
    'x-credit-cost': 0,
    ...extra,
    // An operation's own 429 (a limit of its own) says more than the common one.
    responses: { ...responses, ...COMMON, ...(responses[429] ? { 429: responses[429] } : {}) },
  };
}

const COSTS =
  'Watches and their deliveries cost no credits: an account holds at most `x-max-watches-per-account` watches of at most 1,000 products each, and its deliveries are sent in bounded batches (WEBHOOK_BATCH per poll, WEBHOOK_CONCURRENCY at once per instance, at most WEBHOOK_CONCURRENCY_PER_WATCH per watch and WEBHOOK_CONCURRENCY_PER_ACCOUNT per account; an endpoint that times out is sent to from a slow lane of its own).';
const MANUAL = {
  description:
    'Free, so counted: test events and redeliveries together, per watch, at most `x-manual-sends-per-watch` per `x-manual-sends-window-ms` across every instance; past it, 429 with Retry-After and nothing is queued.',
  'x-manual-sends-per-watch': setting('WEBHOOK_MANUAL_SENDS_PER_WATCH'),
  'x-manual-sends-window-ms': setting('WEBHOOK_MANUAL_SENDS_WINDOW_MS'),
};
const MANUAL_LIMITED = problem(
  'Too many test events and redeliveries on this watch (`x-manual-sends-per-watch`), or the rate limit of the key or its account; see Retry-After.',
);

export const WATCH_PATHS: PathsObject = {
  '/api/v1/watches': {
    get: op(
      'listWatches',
      "The account's watches (never their secrets)",
      {},
      { 200: json('Watches, oldest first.', 'WatchList') },
    ),
    post: op(
      'createWatch',
      'Watch products or a saved search; deliveries are signed webhooks (Standard Webhooks); the secret is shown once',
      {
        description: COSTS,
        'x-max-watches-per-account': setting('MAX_WATCHES_PER_ACCOUNT'),
        requestBody: jsonBody('NewWatch'),
      },
      {
        201: json('The watch, with its signing secret.', 'WatchWithSecret'),
        ...BODY,
        409: problem(
          'The account already holds the most watches it may (`x-max-watches-per-account`); delete one first (type `watch-limit-reached`).',
        ),
      },
    ),
  },
  '/api/v1/watches/{id}': {
    get: op('getWatch', 'One watch', { parameters: [ID] }, { 200: json('The watch.', 'Watch') }),
    patch: op(
      'changeWatch',
      'Change, pause or resume a watch (a changed url is checked again)',
      {
        parameters: [ID],
        requestBody: jsonBody('WatchChange'),
      },
      { 200: json('The watch as changed.', 'Watch'), ...BODY },
    ),
    delete: op(
      'deleteWatch',
      'Delete a watch; its pending deliveries are dropped',
      { parameters: [ID] },
      { 204: { description: 'Deleted.' } },
    ),
  },
  '/api/v1/watches/{id}/rotate-secret': {
    post: op(
      'rotateWatchSecret',
      'A new signing secret, shown once; the old one signs beside it for WEBHOOK_SECRET_OVERLAP_MS',
      { parameters: [ID], 'x-secret-overlap': setting('WEBHOOK_SECRET_OVERLAP_MS') },
      { 200: json('The watch, with its new secret.', 'WatchWithSecret') },
    ),
  },
  // The delivery log, redelivery and the test event.
  '/api/v1/watches/{id}/deliveries': {
    get: op(
      'listWatchDeliveries',
      "The watch's delivery log, newest first: each delivery's attempts with status, latency and the first bytes of the answer",
      {
        parameters: [
          ID,
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
        ],
        'x-log-retention': setting('WEBHOOK_LOG_RETENTION_MS'),
      },
      { 200: json('Deliveries, newest first.', 'DeliveryList') },
    ),
  },
  '/api/v1/watches/{id}/deliveries/{delivery_id}/redeliver': {
    post: op(
      'redeliverWatchDelivery',
      'Send a delivery again, with the same webhook-id, on a fresh retry schedule',
      { parameters: [ID, DELIVERY_ID], ...MANUAL },
      { 202: json('The delivery, queued.', 'Delivery'), 429: MANUAL_LIMITED },
    ),
  },
  '/api/v1/watches/{id}/test': {
    post: op(
      'sendWatchTestEvent',
      'Send a `watch.test` event to the endpoint now (retried like any delivery)',
      { parameters: [ID], ...MANUAL },
      { 202: json('The delivery, queued.', 'Delivery'), 429: MANUAL_LIMITED },
    ),
  },
};
