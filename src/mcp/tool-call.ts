// A tool call as a call of its operation (http/call.ts): the caller is the MCP request's (its key and
// address), the arguments are the tool's JSON values under the operation's own parameter names, and
// the answer is kept here for the tool result. No HTTP request is made or pretended.
import type { ArgumentCall } from '../http/call';
import type { RequestContext, RequestState } from '../http/request-state';
import type { ContractOperation } from '../contract/operations';
import { parameterPlaces, restArguments } from '../contract/tool-schemas';

/** The headers of the MCP request a tool call's stages may read: who calls. */
const CALLER_HEADERS = new Set(['authorization', 'user-agent']);

export class ToolCall implements ArgumentCall {
  readonly method: string;
  readonly path: string;
  readonly ip: string;
  readonly args: ArgumentCall['args'];
  readonly state: RequestState;
  readonly headerSent = false;
  status = 200;
  body: unknown = undefined;
  type = '';
  /** The answer's headers, by lower-case name. */
  readonly headers: Record<string, string> = {};
  readonly #outer: RequestContext;

  constructor(outer: RequestContext, op: ContractOperation, toolArgs: Record<string, unknown>) {
    this.#outer = outer;
    this.args = operationArguments(op, toolArgs);
    this.method = op.method.toUpperCase();
    this.path = op.path.replace(/:(\w+)/g, (_, p: string) => encodeURIComponent(pathPart(this.args.params[p])));
    this.ip = outer.ip;
    this.state = { requestId: outer.state.requestId };
  }

  get(field: string): string {
    return CALLER_HEADERS.has(field.toLowerCase()) ? this.#outer.get(field) : '';
  }

  set(fields: Record<string, string>): void {
    for (const [name, value] of Object.entries(fields)) this.headers[name.toLowerCase()] = value;
  }

  /** The answer as a JSON value: the handler's, or the one the response cache kept beside its bytes. */
  answer(): unknown {
    const rendered = this.state.rendered;
    return rendered && rendered.bytes === this.body ? rendered.value : this.body;
  }
}

/** A path parameter as it would stand in the REST path (a value of another type is refused by validation). */
const pathPart = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

/**
 * A tool's arguments as the operation's path parameters, query and body, each value as given (an
 * array stays an array, a number a number). A null is an argument not given: clients that must name
 * every property (OpenAI's strict mode) send null for the optional ones. A name the operation does not
 * take goes to the query, where validation refuses it by name.
 */
export function operationArguments(op: ContractOperation, toolArgs: Record<string, unknown>): ArgumentCall['args'] {
  const given = Object.fromEntries(Object.entries(toolArgs).filter(([, value]) => value !== null));
  if (op.hasBody) return { query: {}, params: {}, headers: {}, body: given };
  const places = parameterPlaces(op.operationId);
  const query: Record<string, unknown> = {};
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(restArguments(op.operationId, given)))
    if (places.get(name) === 'path') params[name] = value;
    else query[name] = value;
  return { query, params, headers: {}, body: undefined };
}
