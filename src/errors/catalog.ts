// One catalog of every error the API answers with. The OpenAPI document lists these types, and a
// test keeps the two in step.

/** An entry: HTTP status, problem `type` slug, a short, stable title, and when it is answered (served at /problems/<slug>). */
export interface ErrorDefinition {
  readonly status: number;
  readonly slug: string;
  readonly title: string;
  readonly description: string;
}

export const PROBLEM_TYPE_BASE = '/problems/';

/** Error codes in UPPER_SNAKE, each answered as `application/problem+json`. */
export const ERRORS = {
  MALFORMED_REQUEST: {
    status: 400,
    slug: 'malformed-request',
    title: 'Malformed HTTP request',
    description: 'Not valid HTTP at all (answered by the server before any route).',
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    slug: 'headers-too-large',
    title: 'Request header fields too large',
    description: "The request line and headers together exceed the server's limit.",
  },
  QUERY_TOO_COMPLEX: {
    status: 414,
    slug: 'query-too-complex',
    title: 'Query string too complex',
    description:
      'The query string has more parameters, or more repeats of one name, than any request the document allows (answered before any route).',
  },
  REQUEST_TIMEOUT: {
    status: 408,
    slug: 'request-timeout',
    title: 'Request timeout',
    description: 'The client did not send its request in time (slow or stalled clients).',
  },
  VALIDATION_FAILED: {
    status: 400,
    slug: 'validation-failed',
    title: 'Request validation failed',
    description: 'A query parameter, path parameter or body failed validation; `errors` lists each failure.',
  },
  MALFORMED_JSON: {
    status: 400,
    slug: 'malformed-json',
    title: 'Malformed JSON body',
    description: 'The request body is not JSON.',
  },
  INVALID_CURSOR: {
    status: 400,
    slug: 'invalid-cursor',
    title: 'Invalid cursor',
    description: 'A cursor was tampered with, expired, or is used with another query than the one that made it.',
  },
  UNAUTHENTICATED: {
    status: 401,
    slug: 'unauthenticated',
    title: 'Authentication required',
    description: 'Missing, unknown, expired or revoked credential.',
  },
  INVALID_CREDENTIALS: {
    status: 401,
    slug: 'invalid-credentials',
    title: 'Invalid email or password',
    description: 'Login with an unknown email or a wrong password.',
  },
  INSUFFICIENT_CREDITS: {
    status: 402,
    slug: 'insufficient-credits',
    title: 'Insufficient credits',
    description: "The account's credit balance does not cover the request.",
  },
  INSUFFICIENT_SCOPE: {
    status: 403,
    slug: 'insufficient-scope',
    title: 'Insufficient scope',
    description: 'The API key lacks the scope the operation requires.',
  },
  FORBIDDEN: {
    status: 403,
    slug: 'forbidden',
    title: 'Forbidden',
    description: 'Refused by where the request comes from, not by a credential (operator endpoints such as /metrics).',
  },
  NOT_FOUND: {
    status: 404,
    slug: 'not-found',
    title: 'Resource not found',
    description: 'The resource does not exist (or belongs to another account).',
  },
  ROUTE_NOT_FOUND: {
    status: 404,
    slug: 'route-not-found',
    title: 'Route not found',
    description: 'No route matches the path.',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    slug: 'method-not-allowed',
    title: 'Method not allowed',
    description: 'The route exists, but not for this method.',
  },
  EMAIL_TAKEN: {
    status: 409,
    slug: 'email-taken',
    title: 'Email already registered',
    description: 'The email is already registered.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    slug: 'payload-too-large',
    title: 'Payload too large',
    description: 'The request body exceeds the size limit.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    slug: 'unsupported-media-type',
    title: 'Unsupported media type',
    description: 'A body was sent with a media type other than application/json.',
  },
  UNKNOWN_PRODUCTS: {
    status: 400,
    slug: 'unknown-products',
    title: 'Unknown product ids',
    description:
      'Ids named in the request (compare) that name no product; `errors` lists each, and `unknown_ids` all of them.',
  },
  KEY_LIMIT_REACHED: {
    status: 409,
    slug: 'key-limit-reached',
    title: 'API key limit reached',
    description: 'The account already holds MAX_KEYS_PER_ACCOUNT live keys; revoke one first.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    slug: 'idempotency-key-reused',
    title: 'Idempotency-Key reused',
    description:
      'The Idempotency-Key was sent before with another request (another name, scopes or expiry), or over 24 hours ago; send a new key for a new request.',
  },
  WATCH_LIMIT_REACHED: {
    status: 409,
    slug: 'watch-limit-reached',
    title: 'Watch limit reached',
    description: 'The account already holds MAX_WATCHES_PER_ACCOUNT watches; delete one first.',
  },
  UNSUITABLE_PRODUCT: {
    status: 400,
    slug: 'unsuitable-product',
    title: 'Product unsuitable for this calculation',
    description:
      'A product named in the request is of the wrong category, or lacks a value the calculation needs; `errors` names each.',
  },
  NO_SAM_FORMAT: {
    status: 404,
    slug: 'no-sam-format',
    title: 'No SAM format for this list',
    description:
      'A SAM list was asked of a list SAM has no library format for (heat pumps, batteries, wallboxes); the detail names the SAM lists.',
  },
  SIGNED_URL_INVALID: {
    status: 403,
    slug: 'signed-url-invalid',
    title: 'Signed URL not valid',
    description:
      'A signed URL whose id or signature was altered, or that no link ever had: nothing is sent and nothing charged.',
  },
  SIGNED_URL_EXPIRED: {
    status: 410,
    slug: 'signed-url-expired',
    title: 'Signed URL expired',
    description: 'A signed URL past its expiry: ask its owner for a new one. Nothing is charged.',
  },
  SIGNED_URL_REVOKED: {
    status: 410,
    slug: 'signed-url-revoked',
    title: 'Signed URL revoked',
    description: 'A signed URL its owner revoked, or whose API key was revoked or expired since. Nothing is charged.',
  },
  RATE_LIMITED: {
    status: 429,
    slug: 'rate-limited',
    title: 'Too many requests',
    description: 'Too many requests in the current window; see Retry-After.',
  },
  INTERNAL: {
    status: 500,
    slug: 'internal',
    title: 'Internal server error',
    description: 'Anything unexpected; details are logged with the request id, never returned.',
  },
  DEPENDENCY_UNAVAILABLE: {
    status: 503,
    slug: 'dependency-unavailable',
    title: 'Service temporarily unavailable',
    description: 'A dependency (Elasticsearch, MongoDB, Redis) cannot be reached; see Retry-After.',
  },
  DEPENDENCY_TIMEOUT: {
    status: 503,
    slug: 'dependency-timeout',
    title: 'Dependency timed out',
    description:
      'A dependency did not answer within the request timeout: 503 too, so every dependency fault is retried the same way.',
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

export function problemType(code: ErrorCode): string {
  return PROBLEM_TYPE_BASE + ERRORS[code].slug;
}
