// A tool call runs its operation's whole REST chain (key, scope, rate limit, validation, credits,
// cache, handler: http/pipeline.ts) on a request made from the MCP request's headers, so the answer,
// its provenance, its price and its problems are the REST ones; a problem comes back as a tool error
// carrying it.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import compose from 'koa-compose';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { OPERATIONS } from '../contract/operations';
import { parameterPlaces, restArguments } from '../contract/tool-schemas';
import { boundedQuery } from '../http/query-string';
import type { RequestContext, RequestMiddleware } from '../http/request-state';
import { TOOLS } from './mcp.tools';

/** The headers a tool call's inner request keeps from the MCP request: who calls, from where. */
const KEPT_HEADERS = ['authorization', 'x-forwarded-for', 'user-agent', 'x-request-id'];

export interface CallDeps {
  /** Each operation's REST chain by operationId (pipeline.ts's mount). */
  readonly chains: ReadonlyMap<string, RequestMiddleware>;
  /** Renders an AppError as problem+json (http/errors.ts). */
  readonly rendered: RequestMiddleware;
}

export async function callTool(
  outer: RequestContext,
  name: string,
  args: Record<string, unknown>,
  deps: CallDeps,
): Promise<CallToolResult> {
  const tool = TOOLS.get(name);
  const chain = tool && deps.chains.get(tool.operationId);
  // The spec's own example: an unknown tool is a JSON-RPC error, Invalid params.
  if (!tool || !chain)
    throw new McpError(ErrorCode.InvalidParams, `No tool is named '${name}'; tools/list names them.`);
  const inner = innerContext(outer, tool.operationId, restArguments(tool.operationId, args));
  // The arguments arrive as a query string, read by the same bounded parser as a REST request's (Koa's
  // own is quadratic in the repeats of a name, and an argument may be a long array).
  await compose([deps.rendered, boundedQuery(), chain])(inner, () => Promise.resolve());
  // Some answers leave already serialized (the response cache's bytes, the glossary's fixed text).
  const sent: unknown = inner.body;
  const answer: unknown = Buffer.isBuffer(sent)
    ? JSON.parse(sent.toString('utf8'))
    : typeof sent === 'string'
      ? JSON.parse(sent)
      : sent;
  const headers = inner.response.headers;
  const _meta = {
    status: inner.status,
    ...(headers['x-quota-cost'] !== undefined ? { quota_cost: Number(headers['x-quota-cost']) } : {}),
    ...(headers['x-quota-balance'] !== undefined ? { quota_balance: Number(headers['x-quota-balance']) } : {}),
  };
  const text = JSON.stringify(answer);
  if (inner.status >= 400)
    return { isError: true, content: [{ type: 'text', text }], _meta: { ..._meta, problem: answer } };
  return { content: [{ type: 'text', text }], structuredContent: answer as Record<string, unknown>, _meta };
}

/** A Koa context for one tool call: its operation's method and path, the arguments as its query, path or body. */
function innerContext(outer: RequestContext, operationId: string, args: Record<string, unknown>): RequestContext {
  const op = OPERATIONS.get(operationId)!;
  const places = parameterPlaces(operationId);
  const params: Record<string, string> = {};
  const query = new URLSearchParams();
  let body: Buffer | undefined;
  if (op.hasBody) body = Buffer.from(JSON.stringify(args));
  else
    for (const [key, value] of Object.entries(args)) {
      if (places.get(key) === 'path') params[key] = String(value);
      // A name the operation does not take goes to the query, where validation refuses it by name.
      else for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item));
    }
  const path = op.path.replace(/:(\w+)/g, (_, p: string) => encodeURIComponent(params[p] ?? ''));
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = outer.get(name);
    if (value) headers[name] = value;
  }
  if (body) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(body.length) });
  const req = Object.assign(Readable.from(body ? [body] : []), {
    headers,
    method: op.method.toUpperCase(),
    url: `${path}${query.size > 0 ? `?${query}` : ''}`,
    socket: outer.req.socket,
    httpVersion: '1.1',
    httpVersionMajor: 1,
    httpVersionMinor: 1,
  }) as unknown as IncomingMessage;
  // A response nothing is written to: the chain sets its status, headers and body, which the tool reads.
  const res = new ServerResponse(req);
  const inner = outer.app.createContext(req, res) as unknown as RequestContext;
  inner.params = params;
  inner.state.requestId = outer.state.requestId;
  return inner;
}
