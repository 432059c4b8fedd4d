// A tool call runs its operation's chain (key, scope, rate limit, validation, credits, cache,
// handler: http/pipeline.ts) over a call made from the tool's arguments (tool-call.ts), the stages
// REST runs on the same operation, so the answer, its provenance, its price and its problems are the
// REST ones; a problem comes back as a tool error carrying it. The answer is the handler's value (or
// the one the response cache kept beside its bytes): nothing is serialized to be parsed back.
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { OPERATIONS } from '../contract/operations';
import type { CallChain } from '../http/pipeline';
import type { CallStage } from '../http/call';
import type { RequestContext } from '../http/request-state';
import { TOOLS } from './mcp.tools';
import { ToolCall } from './tool-call';

export interface CallDeps {
  /** Each operation's chain over a call, by operationId (pipeline.ts's mount). */
  readonly chains: ReadonlyMap<string, CallChain>;
  /** Turns an error into the REST problem as the call's answer (http/errors.ts). */
  readonly problems: CallStage;
}

export async function callTool(
  outer: RequestContext,
  name: string,
  args: Record<string, unknown>,
  deps: CallDeps,
): Promise<CallToolResult> {
  const tool = TOOLS.get(name);
  const chain = tool && deps.chains.get(tool.operationId);
  const op = tool && OPERATIONS.get(tool.operationId);
  // The spec's own example: an unknown tool is a JSON-RPC error, Invalid params.
  if (!tool || !chain || !op)
    throw new McpError(ErrorCode.InvalidParams, `No tool is named '${name}'; tools/list names them.`);
  const call = new ToolCall(outer, op, args);
  await deps.problems(call, () => chain(call));
  const answer = call.answer();
  const { headers } = call;
  const _meta = {
    status: call.status,
    ...(headers['x-quota-cost'] !== undefined ? { quota_cost: Number(headers['x-quota-cost']) } : {}),
    ...(headers['x-quota-balance'] !== undefined ? { quota_balance: Number(headers['x-quota-balance']) } : {}),
  };
  // A kept answer's bytes are its JSON text already.
  const rendered = call.state.rendered;
  const text = rendered && rendered.value === answer ? rendered.bytes.toString('utf8') : JSON.stringify(answer);
  if (call.status >= 400)
    return { isError: true, content: [{ type: 'text', text }], _meta: { ..._meta, problem: answer } };
  return { content: [{ type: 'text', text }], structuredContent: answer as Record<string, unknown>, _meta };
}

/** The tools whose operation no call can reach (served over HTTP alone): a wiring bug, found at start. */
export function unreachableTools(chains: ReadonlyMap<string, CallChain>): string[] {
  return [...TOOLS].filter(([, tool]) => !chains.has(tool.operationId)).map(([name]) => name);
}
