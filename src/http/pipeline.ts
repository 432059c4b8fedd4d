// Mounts routes only through the contract: each route names an operationId of the OpenAPI document,
// and gets the gates its declared access requires (API key with scope and rate limit; a
// login token; or nothing), then request validation, the credits, the response cache when the
// route's answer is the index's alone, then its handler. A route whose operation is missing from
// the document, or declares no access, refuses to mount.
import type Router from '@koa/router';
import compose from 'koa-compose';
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
  handle(ctx: Context, input: HandlerInput<Op>): Promise<void>;
}

/** A route of any operation: what a domain's routes file returns. */
export type AnyRoute = { [Op in OperationId]: Route<Op> }[OperationId];

/** A route whose handler is typed by its operation (a misspelt parameter fails the build). */
export const route = <Op extends OperationId>(r: Route<Op>): AnyRoute => r as unknown as AnyRoute;

/** The middleware each kind of access needs; supplied by main's wiring. */
export interface Gates {
  /** An API key with `scope`, or any valid key when `scope` is null. */
  apiKey(scope: Scope | null): Middleware;
  rateLimit: Middleware;
  /** Debits `cost` credits once the request is known valid; refunds if the handler fails at all. */
  credits(cost: number): Middleware;
  loginToken: Middleware;
  /** A login token, or an API key with `scope` (then rate-limited); either way ctx.state.accountId is set. */
  accountOrKey(scope: Scope): Middleware;
  /** A signed URL in place of a key: sets the key of the link's owner, who pays (signed-url-gate.ts). */
  signedUrl: Middleware;
  /** Serves and keeps rendered answers of index-only reads (response-cache.ts); after the credits. */
  responseCache(operationId: string, fromIndex: FromIndex): Middleware;
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

/**
 * Mounts each route on `router`; returns each operation's whole chain (gates, validation, credits,
 * cache, handler) by operationId, for another front door (src/mcp/) to run exactly what REST runs.
 */
export function mount(
  router: Router<RequestState>,
  routes: readonly AnyRoute[],
  gates: Gates,
  bodyLimit: number,
): ReadonlyMap<string, Middleware> {
  const chains = new Map<string, Middleware>();
  for (const typed of routes) {
    // The one place input loses its operation's type: validation below guarantees that shape.
    const r = typed as unknown as {
      operationId: string;
      fromIndex?: FromIndex;
      handle(ctx: Context, input: RequestInput): Promise<void>;
    };
    const op = OPERATIONS.get(r.operationId);
    if (!op) throw new Error(`operation ${r.operationId} is not in the OpenAPI document; refusing to mount it`);
    if (!ACCESS.includes(op.access))
      throw new Error(`operation ${r.operationId} declares no access (x-scope); refusing to mount it`);
    const cached = r.fromIndex ? [gates.responseCache(op.operationId, r.fromIndex)] : [];
    // Composed once here: the router composes a route's middleware on every request it matches,
    // and one function is the least it has to compose.
    const chain = compose([
      ...gatesFor(op, gates),
      validated(op, bodyLimit),
      credited(op, gates),
      ...cached,
      (ctx: Context) => r.handle(ctx, requireState(ctx, 'input')),
    ]);
    router[op.method](op.path, chain);
    chains.set(op.operationId, chain);
  }
  return chains;
}

function gatesFor(op: ContractOperation, gates: Gates): Middleware[] {
  if (op.access === 'public') return [];
  if (op.access === 'account') return [gates.loginToken];
  if (op.access === 'key') return [gates.apiKey(null), gates.rateLimit];
  if (op.access === 'signed-url') return [gates.signedUrl, gates.rateLimit];
  if (MANAGING.includes(op.access)) return [gates.accountOrKey(op.access)];
  return [gates.apiKey(op.access), gates.rateLimit];
}

function credited(op: ContractOperation, gates: Gates): Middleware {
  return UNCHARGED.includes(op.access) ? (_ctx, next) => next() : gates.credits(op.cost);
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
