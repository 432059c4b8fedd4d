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

// ---------------------------------------------------------------------------------------------
// Details: the words of each problem raised with values in it, or raised in more than one place.
// A caller raises one as `throw new AppError(productNotFound(id))`; the detail is written only here.

/** One failing input, as listed in a problem's `errors`. */
export interface FieldError {
  readonly in: 'query' | 'path' | 'body' | 'header';
  readonly name: string;
  readonly message: string;
}

/** A problem as raised: its catalog entry, its detail, and the members and headers that go with it. */
export interface Problem {
  readonly code: ErrorCode;
  readonly detail: string;
  readonly errors?: readonly FieldError[];
  readonly headers?: Readonly<Record<string, string>>;
  readonly extensions?: Readonly<Record<string, unknown>>;
}

const problem = (code: ErrorCode, detail: string, more: Omit<Problem, 'code' | 'detail'> = {}): Problem => ({
  code,
  detail,
  ...more,
});
const retryAfter = (seconds: number | string) => ({ 'Retry-After': String(seconds) });
const quoted = (ids: readonly string[]) => ids.map((id) => `'${id}'`).join(', ');

/** The inputs that fail, each as `<in> parameter '<name>' <message>`, in one detail. */
export const fieldsDetail = (errors: readonly FieldError[]) =>
  errors.map((e) => `${e.in} parameter '${e.name}' ${e.message}`).join('; ');

/** A problem with the inputs `errors` names: the detail lists each. */
export const inputsProblem = (code: ErrorCode, errors: readonly FieldError[]): Problem => ({
  code,
  detail: fieldsDetail(errors),
  errors,
});

// Products and their revisions
export const productNotFound = (id: string): Problem => problem('NOT_FOUND', `No product has the id ${quoted([id])}.`);
export const noSuchRevision = (id: string, current: number, number: number): Problem =>
  problem('NOT_FOUND', `Product '${id}' has revisions 1 to ${current}; there is no revision ${number}.`);
export const noRevisionBelow = (id: string, start: number): Problem =>
  problem('NOT_FOUND', `Product '${id}' lacks a revision below ${start}.`);
export const notYetAt = (id: string, asOf: string): Problem =>
  problem('NOT_FOUND', `Product '${id}' did not exist yet at ${asOf}.`);
/** compare: ids (a query parameter) that name no product. */
export const unknownProductIds = (unknown: readonly string[]): Problem => ({
  ...inputsProblem('UNKNOWN_PRODUCTS', [
    { in: 'query', name: 'ids', message: `names no product: ${unknown.join(', ')}` },
  ]),
  extensions: { unknown_ids: unknown },
});
/** A watch's products (the body) that name no product; `errors` lists the first 50. */
export const unknownWatchedProducts = (missing: readonly string[]): Problem => ({
  code: 'UNKNOWN_PRODUCTS',
  detail: `No product has the id ${quoted(missing)}.`,
  errors: missing.slice(0, 50).map((m) => ({ in: 'body', name: 'products', message: `'${m}' names no product` })),
  extensions: { unknown_ids: missing },
});

// Other things looked up by id
export const companyNotFound = (id: string): Problem =>
  problem('NOT_FOUND', `No company has the id '${id}'; GET /api/v1/manufacturers lists them.`);
export const sourceNotFound = (id: string): Problem => problem('NOT_FOUND', `No source has the id '${id}'.`);
const notOn = (what: string, id: string, owner = 'this account'): Problem =>
  problem('NOT_FOUND', `No ${what} '${id}' on ${owner}.`);
export const keyNotFound = (id: string) => notOn('key', id);
export const watchNotFound = (id: string) => notOn('watch', id);
export const samLinkNotFound = (id: string) => notOn('SAM link', id);
export const deliveryNotFound = (id: string) => notOn('delivery', id, 'this watch');
/** A file asked under `/explore/assets/` or `/docs/assets/` (`under`) that is not there. */
export const assetNotFound = (under: string, file: string): Problem =>
  problem('ROUTE_NOT_FOUND', `No asset '${file}' under ${under}.`);
export const problemTypeNotFound = (slug: string): Problem =>
  problem('ROUTE_NOT_FOUND', `No problem type '${slug}'; the OpenAPI document lists every one under x-problem-types.`);

// Routes and the HTTP layer
export const routeNotFound = (method: string, path: string): Problem =>
  problem('ROUTE_NOT_FOUND', `No route matches ${method} ${path}.`);
export const methodNotAllowed = (method: string, path: string, allow: string): Problem =>
  problem('METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}; allowed: ${allow}.`);
export const methodNotImplemented = (method: string): Problem =>
  problem('METHOD_NOT_ALLOWED', `${method} is not a method this API implements.`);
export const bodyTooLarge = (limitBytes: number): Problem =>
  problem('PAYLOAD_TOO_LARGE', `The body may be at most ${limitBytes} bytes.`);
/** `what`: the query string's excess, e.g. "1001 parameters". */
export const queryTooComplex = (what: string, maxPairs: number, maxRepeats: number): Problem =>
  problem(
    'QUERY_TOO_COMPLEX',
    `The query string has ${what}; no request this API serves needs as many (at most ${maxPairs} parameters, each name at most ${maxRepeats} times).`,
  );
export const invalidCursor = (why: string): Problem =>
  inputsProblem('INVALID_CURSOR', [{ in: 'query', name: 'cursor', message: why }]);

// Credentials, scopes and credits
/** `what`: "an API key" or "a login token". */
export const bearerMissing = (what: string, challenge: Readonly<Record<string, string>>): Problem =>
  problem('UNAUTHENTICATED', `Send ${what} as 'Authorization: Bearer <${what === 'an API key' ? 'key' : 'token'}>'.`, {
    headers: challenge,
  });
/** /mcp's 401: the gate's detail, and what /mcp asks of every request. */
export const mcpUnauthenticated = (refused: Problem, challenge: string): Problem => ({
  code: refused.code,
  detail: `${refused.detail} /mcp needs an API key on every request: 'Authorization: Bearer <key>'.`,
  headers: { ...refused.headers, 'WWW-Authenticate': challenge },
});
export const insufficientScope = (scope: string, held: readonly string[]): Problem =>
  problem('INSUFFICIENT_SCOPE', `This operation needs the scope '${scope}'; the key has ${held.join(', ')}.`);
export const insufficientCredits = (cost: number, balance: number): Problem =>
  problem(
    'INSUFFICIENT_CREDITS',
    `This request costs ${cost} credit${cost === 1 ? '' : 's'}; the balance is ${balance}.`,
    { headers: { 'X-Quota-Balance': String(balance), 'X-Quota-Cost': String(cost) } },
  );
export const keyLimitReached = (live: number): Problem =>
  problem(
    'KEY_LIMIT_REACHED',
    `This account holds ${live} live keys, the most it may; revoke one (DELETE /api/v1/developer/keys/{id}) before creating another.`,
  );
export const idempotencyKeyExpired = (usedAt: Date, hours: number): Problem =>
  problem(
    'IDEMPOTENCY_KEY_REUSED',
    `This Idempotency-Key was used at ${usedAt.toISOString()}, longer ago than the ${hours} hours it holds; send a new one.`,
  );
export const watchLimitReached = (held: number): Problem =>
  problem(
    'WATCH_LIMIT_REACHED',
    `This account holds ${held} watches, the most it may; delete one (DELETE /api/v1/watches/{id}) before creating another.`,
  );
export const signedUrlRevoked = (at: Date): Problem =>
  problem('SIGNED_URL_REVOKED', `This signed URL was revoked at ${at.toISOString()}.`);
export const signedUrlExpired = (at: Date): Problem =>
  problem('SIGNED_URL_EXPIRED', `This signed URL expired at ${at.toISOString()}.`);

// Limits: 429 with Retry-After
/** `what` was counted, e.g. "signups from this address". */
export const tooMany = (what: string, retryAfterSeconds: number): Problem =>
  problem('RATE_LIMITED', `Too many ${what}; try again in ${retryAfterSeconds} s.`, {
    headers: retryAfter(retryAfterSeconds),
  });
/** The rate limit's refusal; its X-RateLimit headers are the caller's. */
export const requestsOverLimit = (
  who: string,
  max: number,
  windowSeconds: number,
  retryAfterSeconds: number,
): Problem =>
  problem(
    'RATE_LIMITED',
    `${who} may make ${max} requests per ${windowSeconds} s; try again in ${retryAfterSeconds} s.`,
  );
export const accountSlotsFull = (running: number, what: string, retryAfterSeconds: number): Problem =>
  problem(
    'RATE_LIMITED',
    `This account is running ${running} ${what}, the most it may at once on one server; try again when one has finished.`,
    { headers: retryAfter(retryAfterSeconds) },
  );
export const loginsInProgress = (who: string): Problem =>
  problem('RATE_LIMITED', `${who} has too many logins in progress; try again in a second.`, { headers: retryAfter(1) });

// Dependencies: 503 with Retry-After
/** `down`: the names of the checks that failed. */
export const notReady = (down: readonly string[]): Problem =>
  problem('DEPENDENCY_UNAVAILABLE', `Not ready: ${down.join(', ')} ${down.length === 1 ? 'is' : 'are'} down.`, {
    headers: retryAfter(5),
  });
export const sourceFileMissing = (file: string): Problem =>
  problem('DEPENDENCY_UNAVAILABLE', `The source file ${file} is not on this instance.`);
export const sourceFileChanged = (file: string): Problem =>
  problem(
    'DEPENDENCY_UNAVAILABLE',
    `The source file ${file} on this instance is not the one the catalog was seeded from (sha256 differs).`,
  );
export const searchTimedOut = (ms: number): Problem =>
  problem(
    'DEPENDENCY_TIMEOUT',
    `The search did not finish within ${ms} ms; narrow it (fewer or shorter words, a category or a filter).`,
    { headers: retryAfter(5) },
  );

/** An account's line for engine slots is full (src/shared/fair-gate.ts): its own burst, so its fault. */
export const lineFull = (
  what: string,
  held: { running: number; waiting: number },
  limits: { perAccount: number; waitingPerAccount: number },
): Problem =>
  problem(
    'RATE_LIMITED',
    `This account has ${held.running} ${what} running and ${held.waiting} waiting on this server, where it may run ${limits.perAccount} and have ${limits.waitingPerAccount} waiting; try again when one has finished.`,
    { headers: retryAfter(1) },
  );

/** No engine slot freed in time: the engine answers slowly (or hangs), which is no fault of the client's. */
export const noSlotFreed = (what: string, ms: number): Problem =>
  problem(
    'DEPENDENCY_TIMEOUT',
    `No slot for ${what} freed within ${ms} ms on this server: the search engine is answering slowly; try again shortly.`,
    { headers: retryAfter(1) },
  );

// Design and interchange
export const tMinAboveTMax = (tMin: number, tMax: number): Problem => ({
  code: 'VALIDATION_FAILED',
  detail: `query parameter 't_min' (${tMin}) is above t_max (${tMax})`,
  errors: [{ in: 'query', name: 't_min', message: `is above t_max (${tMax})` }],
});
/** Points (1-based `i`, at `v` volts) above an inverter's maximum DC voltage `max`. */
export const aboveMaxDcVoltage = (over: readonly { v: number; i: number }[], max: number | undefined): Problem => ({
  code: 'VALIDATION_FAILED',
  detail: `query parameter 'points' asks for ${over.map(({ v }) => `${v} V`).join(', ')}, above the inverter's maximum DC voltage of ${max} V`,
  errors: over.map(({ v, i }) => ({
    in: 'query' as const,
    name: 'points',
    message: `point ${i + 1} is at ${v} V, above the maximum DC voltage of ${max} V (max_dc_voltage_v)`,
  })),
});
/** `offered`: the sentence naming the SAM lists. */
export const noSamFormat = (name: string, title: string, offered: string): Problem =>
  problem('NO_SAM_FORMAT', `SAM has no library format for the list '${name}' (${title}). ${offered}`);
export const noSuchList = (name: string, offered: string): Problem =>
  problem('NOT_FOUND', `No list is named '${name}'. ${offered}`);
/** `dates`: the list's editions, comma-separated. */
export const noSuchEdition = (name: string, edition: string, dates: string): Problem =>
  problem('NOT_FOUND', `${name} has no edition ${edition}; its editions: ${dates}.`);
export const noEditionBy = (name: string, asOf: string | undefined, dates: string): Problem =>
  problem('NOT_FOUND', `${name} had no edition by ${asOf}; its editions: ${dates}.`);
