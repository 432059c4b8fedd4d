// Mounts routes only through the contract: each route names an operationId of the OpenAPI document,
// and gets the gates its declared access requires (API key with scope and rate limit; a
// login token; or nothing), then request validation, the credits, the response cache when the
// route's answer is the index's alone, then its handler. A route whose operation is missing from
// the document, or declares no access, refuses to mount. An operation whose handler answers a call
// (http/call.ts) rather than HTTP itself gets a second chain of the same stages over a call whose
// arguments came as JSON values (a tool call): only its validation differs, reading values as given
// rather than a query string and a body stream.
import type Router from '@koa/router';
import compose from 'koa-compose';
import type { Next } from 'koa';
import {
  requireState,
  type FromIndex,
  type RequestContext as Context,
  type RequestInput,
  type RequestMiddleware as Middleware,
  type RequestState,
} from './request-state';
import { OPERATIONS, type ContractOperation, type Access } from '../contract/operations';
import type { Operations } from '../contract/operations.generated';
import type { Scope } from '../catalog/api-key.types';
import { readJsonBody } from './json-body';
import type { ArgumentCall, Call, CallStage } from './call';
import { AppError } from '../errors/app-error';
import { bodyTooLarge } from '../errors/catalog';

export type OperationId = keyof Operations;

/** A part the operation does not have is an empty object. */
type Part<T> = [T] extends [never] ? Readonly<Record<string, never>> : Readonly<T>;

/** What a handler receives, typed from the document: the query as validated (defaults applied), the path, the body. */
export interface HandlerInput<Op extends OperationId> {
  readonly query: Part<Operations[Op]['validatedQuery']>;
  readonly params: Part<Operations[Op]['params']>;
  readonly body: Operations[Op]['body'];
}

export interface Route<Op extends OperationId> {
  readonly operationId: Op;
  /** When the answer is a function of the index and the input alone, it may come from the response cache. */
  readonly fromIndex?: (input: HandlerInput<Op>) => boolean;
  /** Answers a call from any door (http/call.ts): a value, a status, the headers a call carries. */
  handle?(call: Call, input: HandlerInput<Op>): Promise<void>;
  /** Answers what only HTTP can carry (a stream, a file, content negotiation): such an operation is no tool. */
  handleHttp?(ctx: Context, input: HandlerInput<Op>): Promise<void>;
}

/** A route of any operation: what a domain's routes file returns. */
export type AnyRoute = { [Op in OperationId]: Route<Op> }[OperationId];

type Answers<Op extends OperationId> = Omit<Route<Op>, 'handle' | 'handleHttp'>;

/** A route whose handler is typed by its operation (a misspelt parameter fails the build), over a call. */
export const route = <Op extends OperationId>(
  r: Answers<Op> & { handle(call: Call, input: HandlerInput<Op>): Promise<void> },
): AnyRoute => r as unknown as AnyRoute;

/** A route whose handler needs the HTTP request itself; its operation is served over HTTP alone. */
export const httpRoute = <Op extends OperationId>(
  r: Answers<Op> & { handleHttp(ctx: Context, input: HandlerInput<Op>): Promise<void> },
): AnyRoute => r as unknown as AnyRoute;

/** An operation's chain over a call whose arguments came as JSON values (a tool call). */
export type CallChain = (call: ArgumentCall) => Promise<unknown>;

/** The middleware each kind of access needs; supplied by main's wiring. */
export interface Gates {
  /** An API key with `scope`, or any valid key when `scope` is null. */
  apiKey(scope: Scope | null): CallStage;
  rateLimit: CallStage;
  /** Debits `cost` credits once the request is known valid; refunds if the handler fails at all. */
  credits(cost: number): CallStage;
  loginToken: Middleware;
  /** A login token, or an API key with `scope` (then rate-limited); either way ctx.state.accountId is set. */
  accountOrKey(scope: Scope): Middleware;
  /** A signed URL in place of a key: sets the key of the link's owner, who pays (signed-url-gate.ts). */
  signedUrl: Middleware;
  /** Serves and keeps rendered answers of index-only reads (response-cache.ts); after the credits. */
  responseCache(operationId: string, fromIndex: FromIndex): CallStage;
}

const ACCESS: readonly Access[] = [
  'products:read',
  'search:read',
  'revisions:read',
  'watches:write',
  'key',
  'account',
  'public',
  'signed-url',
];
/** Scopes that manage the account's own resources: a login token does too, and they cost no credits. */
const MANAGING: readonly Access[] = ['watches:write'];
/** Access that costs no credits: only reading scopes are charged. */
const UNCHARGED: readonly Access[] = ['public', 'account', 'key', ...MANAGING];

/** A route as mount sees it: the one place input loses its operation's type (validation guarantees that shape). */
interface LooseRoute {
  readonly operationId: string;
  readonly fromIndex?: FromIndex;
  handle?(call: Call, input: RequestInput): Promise<void>;
  handleHttp?(ctx: Context, input: RequestInput): Promise<void>;
}

/**
 * Mounts each route on `router`; returns the chain over a call (gates, validation of JSON arguments,
 * credits, cache, handler) of each operation a call can reach, by operationId, for another front door
 * (src/mcp/) to run exactly the gates, prices and handler REST runs.
 */
export function mount(
  router: Router<RequestState>,
  routes: readonly AnyRoute[],
  gates: Gates,
  bodyLimit: number,
): ReadonlyMap<string, CallChain> {
  const calls = new Map<string, CallChain>();
  for (const typed of routes) {
    const r = typed as LooseRoute;
    const op = OPERATIONS.get(r.operationId);
    if (!op) throw new Error(`operation ${r.operationId} is not in the OpenAPI document; refusing to mount it`);
    if (!ACCESS.includes(op.access))
      throw new Error(`operation ${r.operationId} declares no access (x-scope); refusing to mount it`);
    const cached = r.fromIndex ? [gates.responseCache(op.operationId, r.fromIndex)] : [];
    const handle = r.handle?.bind(r);
    const handleHttp = r.handleHttp?.bind(r);
    if (!handle === !handleHttp)
      throw new Error(`operation ${r.operationId} needs one handler, handle or handleHttp; refusing to mount it`);
    const answer: Middleware = handle
      ? (ctx) => handle(ctx, requireState(ctx, 'input'))
      : (ctx) => handleHttp!(ctx, requireState(ctx, 'input'));
    // Composed once here: the router composes a route's middleware on every request it matches,
    // and one function is the least it has to compose.
    const chain = compose([...gatesFor(op, gates), validated(op, bodyLimit), credited(op, gates), ...cached, answer]);
    router[op.method](op.path, chain);
    const callGates = callGatesFor(op, gates);
    if (handle && callGates)
      calls.set(
        op.operationId,
        compose<ArgumentCall>([
          ...callGates,
          validatedArguments(op, bodyLimit),
          credited(op, gates),
          ...cached,
          (call) => handle(call, requireState(call, 'input')),
        ]),
      );
  }
  return calls;
}

function gatesFor(op: ContractOperation, gates: Gates): Middleware[] {
  const access = op.access;
  if (access === 'public' || access === 'key') return callGatesFor(op, gates)!;
  if (access === 'account') return [gates.loginToken];
  if (access === 'signed-url') return [gates.signedUrl, gates.rateLimit];
  if (MANAGING.includes(access)) return [gates.accountOrKey(access)];
  return callGatesFor(op, gates)!;
}

/** The gates of an operation a call can reach without HTTP: none, or an API key and the rate limits. */
function callGatesFor(op: ContractOperation, gates: Gates): CallStage[] | undefined {
  const access = op.access;
  if (access === 'public') return [];
  if (access === 'key') return [gates.apiKey(null), gates.rateLimit];
  if (access === 'account' || access === 'signed-url' || MANAGING.includes(access)) return undefined;
  return [gates.apiKey(access), gates.rateLimit];
}

function credited(op: ContractOperation, gates: Gates): CallStage {
  return UNCHARGED.includes(op.access) ? (_call, next) => next() : gates.credits(op.cost);
}

function validated(op: ContractOperation, bodyLimit: number): Middleware {
  return async (ctx, next) => {
    const input = {
      query: { ...ctx.query },
      params: { ...ctx.params },
      headers: Object.fromEntries(
        op.headers.flatMap((name) => (Object.hasOwn(ctx.headers, name) ? [[name, ctx.headers[name]]] : [])),
      ),
      body: op.hasBody ? await readJsonBody(ctx, Math.max(bodyLimit, op.bodyLimit ?? 0)) : undefined,
    };
    op.validate(input);
    ctx.state.input = input;
    await next();
  };
}

/** Validation of arguments that came as JSON values: the same validators, on arrays and numbers as given. */
function validatedArguments(
  op: ContractOperation,
  bodyLimit: number,
): (call: ArgumentCall, next: Next) => Promise<void> {
  const limit = Math.max(bodyLimit, op.bodyLimit ?? 0);
  return async (call, next) => {
    const { query, params, headers, body } = call.args;
    // The bound REST puts on a body's bytes, on the same JSON.
    if (op.hasBody && Buffer.byteLength(JSON.stringify(body ?? null)) > limit) throw new AppError(bodyTooLarge(limit));
    const input = { query: { ...query }, params: { ...params }, headers: { ...headers }, body };
    op.validateArguments(input);
    call.state.input = input;
    await next();
  };
}
