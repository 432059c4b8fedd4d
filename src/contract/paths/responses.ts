// What the operations of every tag share: references to component schemas, problem answers, the
// headers a key operation answers with, and the frame of a key operation (security, scope, cost,
// and the answers every key operation can give).
import { CONFIG_DEFAULTS } from '../../config';
import type { Scope } from '../../catalog/api-key.types';
import type { HeaderObject, OperationObject, RequestBodyObject, ResponseObject, SchemaObject } from '../openapi.types';

/** A limit the operator sets: its configuration key and its default (what an instance enforces unless configured otherwise). */
export const setting = (key: keyof typeof CONFIG_DEFAULTS) => ({ setting: key, default: CONFIG_DEFAULTS[key] });
export const ref = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` });
export const problem = (description: string): ResponseObject => ({
  description,
  content: { 'application/problem+json': { schema: ref('Problem') } },
});
/** An answer whose body is the component schema `schema`. */
export const json = (description: string, schema: string): ResponseObject => ({
  description,
  content: { 'application/json': { schema: ref(schema) } },
});
/** A required JSON body of the component schema `schema`. */
export const jsonBody = (schema: string): RequestBodyObject => ({
  required: true,
  content: { 'application/json': { schema: ref(schema) } },
});
export const header = (description: string, type = 'string'): HeaderObject => ({ description, schema: { type } });
export const RETRY_AFTER = { 'Retry-After': header('Seconds to wait.', 'integer') };

export const BEARER_HEADERS = {
  'X-Request-Id': header('Request identifier (echoed when the client sent a sane one).'),
  'X-RateLimit-Limit': header('Requests allowed per window for this key.', 'integer'),
  'X-RateLimit-Remaining': header('Requests left in the current window.', 'integer'),
  'X-RateLimit-Reset': header('Unix time (seconds) when the window resets.', 'integer'),
  RateLimit: header('IETF draft RateLimit field, e.g. `"default";r=599;t=42`.'),
  'RateLimit-Policy': header('IETF draft RateLimit-Policy field, e.g. `"default";q=600;w=60`.'),
  'X-Quota-Balance': header('Credits left on the account after this request.', 'integer'),
  'X-Quota-Cost': header('Credits this request cost.', 'integer'),
  'Server-Timing': header(
    'Durations of the search (`es`) and database (`db`) steps and the total, in ms. Answers of index-only reads may be kept and shared between accounts within one index generation; no step names a kept answer, though one made without an `es` step, or quickly, may have been. What another account asked is never part of an answer.',
  ),
};

const KEY_ERRORS: Readonly<Record<number, ResponseObject>> = {
  401: problem('Missing, unknown, expired or revoked API key, or a login token where an API key is required.'),
  402: problem('The account has too few credits for this request; nothing was done.'),
  403: problem('The key lacks the scope this operation requires.'),
  429: {
    ...problem(
      'Rate limit exceeded for this key or for its account (all its keys together), or too many refused keys from this address (IPv6: its /64); see Retry-After. A window starts with the first request after the last one ended (`X-RateLimit-Reset` says when it ends). The limits are shared by every instance and never exceeded; counted in blocks of at most 1/32 of the limit, they may refuse a key or account that several instances serve up to one such block per other instance early, while that instance holds allowance it has not used (it gives it back after a second without use).',
    ),
    headers: RETRY_AFTER,
  },
  503: {
    ...problem(
      'A dependency is unavailable or did not answer within the request timeout (type `dependency-timeout`); see Retry-After.',
    ),
    headers: RETRY_AFTER,
  },
};

const ETAG = header(
  'Tag of this answer (a hash of its bytes); send it back in If-None-Match to get 304 while it has not changed.',
);
const NOT_MODIFIED: ResponseObject = {
  description:
    'Not Modified: the answer still has the ETag sent in If-None-Match. Costs what the 200 would (see the description at the top).',
  headers: {
    ETag: ETAG,
    'X-Quota-Cost': BEARER_HEADERS['X-Quota-Cost'],
    'X-Quota-Balance': BEARER_HEADERS['X-Quota-Balance'],
  },
};

/** What a key operation declares beyond its frame: tags, description, parameters, body, extensions. */
export type KeyOperationExtra = Omit<
  OperationObject,
  'operationId' | 'summary' | 'security' | 'x-scope' | 'x-credit-cost' | 'responses'
>;

/** A key operation: its frame (id, summary, scope, price, answers) and what it declares beyond (KeyOperationExtra). */
export interface KeyOperationSpec extends KeyOperationExtra {
  /** The operation's id, as routes mount it. */
  readonly operationId: string;
  /** One line on what it answers. */
  readonly summary: string;
  /** The scope a key needs. */
  readonly scope: Scope;
  /** Credits it costs. */
  readonly cost: number;
  /** The 200 answer (its headers are added here). */
  readonly success: ResponseObject;
  /** Its own error answers, beside the ones every keyed operation has. */
  readonly errors: Readonly<Record<number, ResponseObject>>;
  /** The answer carries no ETag (a stream, or a POST's), so never 304. */
  readonly untagged?: boolean;
}

export function keyOperation({
  operationId,
  summary,
  scope,
  cost,
  success,
  errors,
  untagged = false,
  ...extra
}: KeyOperationSpec): OperationObject {
  return {
    operationId,
    summary,
    security: [{ apiKey: [] }],
    'x-scope': scope,
    'x-credit-cost': cost,
    ...extra,
    responses: {
      200: { ...success, headers: untagged ? BEARER_HEADERS : { ...BEARER_HEADERS, ETag: ETAG } },
      ...(untagged ? {} : { 304: NOT_MODIFIED }),
      ...errors,
      ...KEY_ERRORS,
    },
  };
}
