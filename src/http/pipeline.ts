// Mounts routes only through the contract: each route names an operationId of the OpenAPI document,
// and gets the gates its declared access requires (API key with scope and rate limit; a
// login token; or nothing), then request validation, the credits, the response cache when the
// route's answer is the index's alone, then its handler. A route whose operation is missing from
// the document, or declares no access, refuses to mount.
import type Router from '@koa/router';
import { setBefore, type RequestContext as Context, type RequestMiddleware as Middleware, type RequestState } from './request-state';
import { OPERATIONS, type ContractOperation, type Access } from '../contract/operations';
import type { Scope } from '../contract/openapi';
import { readJsonBody } from './json-body';
import type { FromIndex } from './response-cache';

export interface RequestInput {
  readonly query: Record<string, any>;
  readonly params: Record<string, string>;
  readonly body: any;
}

export interface Route {
  readonly operationId: string;
  /** When the answer is a function of the index and the input alone, it may come from the response cache. */
  readonly fromIndex?: FromIndex;
  handle(ctx: Context, input: RequestInput): Promise<void>;
}

/** The middleware each kind of access needs; supplied by main's wiring. */
export interface Gates {
  apiKey(scope: Scope): Middleware;
  rateLimit: Middleware;
  /** Debits `cost` credits once the request is known valid; refunds if the handler fails at all. */
  credits(cost: number): Middleware;
  loginToken: Middleware;
  /** Serves and keeps rendered answers of index-only reads (response-cache.ts); after the credits. */
  responseCache(operationId: string, fromIndex: FromIndex): Middleware;
}

const ACCESS: readonly Access[] = ['products:read', 'search:read', 'revisions:read', 'account', 'public'];

export function mount(router: Router<RequestState>, routes: readonly Route[], gates: Gates, bodyLimit: number): void {
  for (const route of routes) {
    const op = OPERATIONS.get(route.operationId);
    if (!op) throw new Error(`operation ${route.operationId} is not in the OpenAPI document; refusing to mount it`);
    if (!ACCESS.includes(op.access)) throw new Error(`operation ${route.operationId} declares no access (x-scope); refusing to mount it`);
    const cached = route.fromIndex ? [gates.responseCache(op.operationId, route.fromIndex)] : [];
    router[op.method](op.path, ...gatesFor(op, gates), validated(op, bodyLimit), credited(op, gates), ...cached, (ctx) => route.handle(ctx, setBefore(ctx, 'input')));
  }
}

function gatesFor(op: ContractOperation, gates: Gates): Middleware[] {
  if (op.access === 'public') return [];
  if (op.access === 'account') return [gates.loginToken];
  return [gates.apiKey(op.access), gates.rateLimit];
}

function credited(op: ContractOperation, gates: Gates): Middleware {
  return op.access === 'public' || op.access === 'account' ? (_ctx, next) => next() : gates.credits(op.cost);
}

function validated(op: ContractOperation, bodyLimit: number): Middleware {
  return async (ctx, next) => {
    const input = { query: { ...ctx.query }, params: { ...ctx.params }, body: op.hasBody ? await readJsonBody(ctx, bodyLimit) : undefined };
    op.validate(input);
    ctx.state.input = input;
    await next();
  };
}
