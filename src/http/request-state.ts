// What middleware leaves on ctx.state for the steps after it, typed once: the app, every router and
// every middleware use these types, so a field read is a field some step writes.
import type { Middleware, ParameterizedContext } from 'koa';
import type { KeyPrincipal } from '../catalog/api-key.types';

/** The request as validation passed it on (typed per operation for handlers: pipeline.ts's HandlerInput). */
export interface RequestInput {
  readonly query: Record<string, unknown>;
  readonly params: Record<string, unknown>;
  readonly body: unknown;
}

/** A JSON answer as sent: its bytes and their entity tag, beside the value they render (for a door that sends values). */
export interface Rendered {
  readonly bytes: Buffer;
  readonly tag: string;
  readonly value: unknown;
}

/** Says whether a request's answer comes from the index alone (no database read, no clock). */
export type FromIndex = (input: RequestInput) => boolean;

export interface RequestState {
  /** Set first of all (request-id.ts). */
  requestId: string;
  /** The API key's holder, set by the key gate (auth.ts) on key operations. */
  apiKey?: KeyPrincipal;
  /** The account a login token names, set by the login-token gate (auth.ts) on key management. */
  accountId?: string;
  /** The validated request, set by the contract's validation (pipeline.ts). */
  input?: RequestInput;
  /** Charges credits beyond the operation's cost (volume-costed operations), set by the credits gate. */
  charge?: (extra: number) => Promise<void>;
  /** Sets the request's whole price once it is known: charges the rest, or gives back what was held beyond it. */
  settle?: (total: number) => Promise<void>;
  /** The body already serialized with its entity tag, set by the response cache (entity-tags.ts). */
  rendered?: Rendered;
}

export type RequestContext = ParameterizedContext<RequestState>;
export type RequestMiddleware = Middleware<RequestState>;

/** A field an earlier step of this route's chain must have set; its absence is a wiring bug, not bad input. */
export function requireState<K extends keyof RequestState>(
  ctx: { readonly state: RequestState },
  key: K,
): NonNullable<RequestState[K]> {
  const value = ctx.state[key];
  if (value === undefined || value === null) throw new Error(`ctx.state.${key} is read before the step that sets it`);
  return value;
}
