// The MCP front door: Model Context Protocol over Streamable HTTP at /mcp, stateless (no session id:
// any instance answers any call), on the official SDK's low-level Server, with each tool's schema
// derived from the OpenAPI document (contract/tool-schemas.ts) and each call run through its
// operation's chain, the one REST runs, over a call rather than an HTTP request (mcp.call.ts).
//
// At the door, every request needs a valid API key (any scope): a missing, malformed, unknown,
// revoked or expired one is HTTP 401 with a `WWW-Authenticate: Bearer` challenge, counted in the same
// refused-key throttle as REST (the REST key gate itself). Each JSON-RPC message counts once in the
// key's and account's rate limits (a tool call in its own chain, any other message here), a batch
// holds at most `batchMax` messages and its answer stops growing past `answerMaxBytes`.
import Router from '@koa/router';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { OPENAPI } from '../contract/openapi';
import { OPERATIONS } from '../contract/operations';
import { AppError } from '../errors/app-error';
import { mcpUnauthenticated } from '../errors/catalog';
import { problems } from '../http/errors';
import type { CallChain } from '../http/pipeline';
import { readJsonBody } from '../http/json-body';
import type { RequestContext, RequestMiddleware, RequestState } from '../http/request-state';
import type { Logger } from '../shared/logger';
import { callTool, unreachableTools, type CallDeps } from './mcp.call';
import { TOOLS, TOOL_LIST } from './mcp.tools';

export interface McpDeps {
  /** Each operation's chain over a call, by operationId (pipeline.ts's mount). */
  readonly chains: ReadonlyMap<string, CallChain>;
  /** The REST key gate for any valid key (http/auth.ts), with its refused-key throttle. */
  readonly apiKey: RequestMiddleware;
  /** The REST rate limit of the key and its account. */
  readonly rateLimit: RequestMiddleware;
  readonly logger: Logger;
  /** The configured body limit; /mcp takes the largest of it and every tool's operation's. */
  readonly bodyLimit: number;
  /** The most JSON-RPC messages one batch (an array body) may hold. */
  readonly batchMax: number;
  /** A batch's answer takes no further message once it holds this many bytes. */
  readonly answerMaxBytes: number;
}

/** Room for the JSON-RPC envelope around the largest tool input. */
const ENVELOPE_BYTES = 1024;
/** The protocol revision that removed JSON-RPC batching (and every later one). */
const NO_BATCHES_FROM = '2025-06-18';
export const METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';

/** The largest body /mcp reads: the largest any of its tools takes over REST, plus the envelope. */
export function mcpBodyLimit(configured: number): number {
  const largest = Math.max(
    configured,
    ...[...TOOLS.values()].map((t) => OPERATIONS.get(t.operationId)?.bodyLimit ?? 0),
  );
  return largest + ENVELOPE_BYTES;
}

/** The request schemas checked before the SDK sees a request, so bad params are -32602, not -32603. */
const PARAMS_CHECKED = new Map<string, { safeParse(value: unknown): { success: boolean; error?: unknown } }>([
  ['initialize', InitializeRequestSchema],
  ['tools/list', ListToolsRequestSchema],
  ['tools/call', CallToolRequestSchema],
]);

type Message = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };

const rpcError = (id: unknown, code: number, message: string) => ({
  jsonrpc: '2.0',
  id: id ?? null,
  error: { code, message },
});

export function mcpRouter(deps: McpDeps): Router<RequestState> {
  const unreachable = unreachableTools(deps.chains);
  if (unreachable.length > 0)
    throw new Error(`tools ${unreachable.join(', ')} name operations served over HTTP alone; refusing to offer them`);
  const router = new Router<RequestState>();
  const call: CallDeps = { chains: deps.chains, problems: problems(deps.logger) };
  const bodyLimit = mcpBodyLimit(deps.bodyLimit);
  router.get(METADATA_PATH, (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = resourceMetadata(originOf(ctx));
  });
  router.post('/mcp', challenged(deps.apiKey), async (ctx) => {
    const body = await readJsonBody(ctx, bodyLimit);
    if (!Array.isArray(body)) {
      if ((body as Message)?.method !== 'tools/call') await deps.rateLimit(ctx, () => Promise.resolve());
      const answer = await answerOne(ctx, body as Message, call);
      ctx.status = answer.status;
      if (answer.json !== undefined) ctx.body = answer.json;
      return;
    }
    const refusal = batchRefusal(body, ctx.get('mcp-protocol-version'), deps.batchMax);
    if (refusal) {
      ctx.status = 400;
      ctx.body = rpcError(null, ErrorCode.InvalidRequest, refusal);
      return;
    }
    // Every message counts, before any runs: a tool call in its own chain, the others here.
    for (const m of body as Message[])
      if (m?.method !== 'tools/call') await deps.rateLimit(ctx, () => Promise.resolve());
    const answers: unknown[] = [];
    let bytes = 0;
    for (const message of body as Message[]) {
      if (bytes >= deps.answerMaxBytes) {
        if (message?.id !== undefined)
          answers.push(
            rpcError(
              message.id,
              ErrorCode.InvalidRequest,
              `Not run: the batch's answer already holds ${bytes} bytes (at most ${deps.answerMaxBytes}); send it again alone.`,
            ),
          );
        continue;
      }
      const answer = await answerOne(ctx, message, call);
      if (answer.json === undefined) continue;
      const parts = Array.isArray(answer.json) ? answer.json : [answer.json];
      for (const part of parts) answers.push(part);
      bytes += Buffer.byteLength(JSON.stringify(answer.json));
    }
    if (answers.length === 0) ctx.status = 202;
    else ctx.body = answers;
  });
  return router;
}

/** Why a batch is refused whole, if it is. */
function batchRefusal(body: unknown[], protocolVersion: string | undefined, batchMax: number): string | undefined {
  if (protocolVersion && protocolVersion >= NO_BATCHES_FROM)
    return `Invalid Request: protocol ${protocolVersion} has no JSON-RPC batching (removed in ${NO_BATCHES_FROM}); send one message per request.`;
  if (body.length === 0) return 'Invalid Request: an empty batch.';
  if (body.length > batchMax)
    return `Invalid Request: a batch holds at most ${batchMax} messages; this one holds ${body.length}.`;
  return undefined;
}

/** One JSON-RPC message through a fresh stateless server: its HTTP status and JSON answer (none for a notification). */
async function answerOne(
  ctx: RequestContext,
  message: Message,
  call: CallDeps,
): Promise<{ status: number; json?: unknown }> {
  const schema = typeof message?.method === 'string' ? PARAMS_CHECKED.get(message.method) : undefined;
  if (schema && message.id !== undefined && !schema.safeParse(message).success)
    return {
      status: 200,
      json: rpcError(
        message.id,
        ErrorCode.InvalidParams,
        `Invalid params for ${String(message.method)}: see the method's schema (a tool call needs a string 'name' and an object 'arguments').`,
      ),
    };
  const server = new Server(
    { name: 'product-data-service', version: OPENAPI.info.version },
    { capabilities: { tools: { listChanged: false } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOL_LIST }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(ctx, request.params.name, request.params.arguments ?? {}, call),
  );
  // Stateless: no session id, JSON answers rather than a stream, one server per message.
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    const headers = new Headers();
    for (const name of ['accept', 'content-type', 'mcp-protocol-version'])
      if (ctx.get(name)) headers.set(name, ctx.get(name));
    const request = new Request('http://localhost/mcp', { method: 'POST', headers });
    const response = await transport.handleRequest(request, { parsedBody: message });
    const text = await response.text();
    return { status: response.status, ...(text ? { json: JSON.parse(text) } : {}) };
  } finally {
    await transport.close();
    await server.close();
  }
}

/** Where the client reached this service (behind a trusted proxy, as the proxy says). */
const originOf = (ctx: RequestContext) => `${ctx.protocol}://${ctx.get('host') || 'localhost'}`;

/** The key gate, with the challenge the MCP authorization rules ask of a 401 (RFC 6750, RFC 9728). */
function challenged(apiKey: RequestMiddleware): RequestMiddleware {
  return async (ctx, next) => {
    try {
      await apiKey(ctx, () => Promise.resolve());
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 401) throw err;
      const given = ctx.get('Authorization') !== '';
      const challenge = [
        'Bearer realm="product-data-service"',
        `resource_metadata="${originOf(ctx)}${METADATA_PATH}"`,
        ...(given ? ['error="invalid_token"', `error_description="${err.detail.replace(/["\\]/g, "'")}"`] : []),
      ].join(', ');
      throw new AppError(mcpUnauthenticated(err, challenge));
    }
    await next();
  };
}

/** RFC 9728 protected-resource metadata: the key is a bearer token in the header; no OAuth server issues it. */
function resourceMetadata(origin: string) {
  const scopes = [...new Set([...TOOLS.values()].map((t) => OPERATIONS.get(t.operationId)?.access))].filter(
    (s) => typeof s === 'string' && s.includes(':'),
  );
  return {
    resource: `${origin}/mcp`,
    resource_name: 'Product Data Service (MCP)',
    bearer_methods_supported: ['header'],
    scopes_supported: scopes,
    resource_documentation: `${origin}/docs`,
  };
}
