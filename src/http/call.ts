// One call of an operation, whichever door it came in by: what the operation's chain (key, scope,
// rate limit, validation, credits, response cache, handler: pipeline.ts) reads and writes, and no more.
// The stages and the handlers of the operations that answer a value are written over it. At the HTTP
// door a Koa context is the call (its fields are the ones named here); the MCP door makes one from a
// tool call (mcp/tool-call.ts), with no HTTP request behind it.
import type { RequestInput, RequestState } from './request-state';

export interface Call {
  /** The operation's method; a HEAD answers no data and is never charged. */
  readonly method: string;
  /** The REST path the call addresses: a problem's `instance`. */
  readonly path: string;
  /** The caller's address (refused keys are counted per address). */
  readonly ip: string;
  /** A header of the caller's request ('' when absent): its credential. */
  get(field: string): string;
  /** What each stage leaves for the ones after it. */
  readonly state: RequestState;
  /** The answer: its status, its value (or the rendered bytes), its media type. */
  status: number;
  body: unknown;
  type: string;
  /** Headers the answer carries (quota, rate limit). */
  set(fields: Record<string, string>): void;
  /** Whether the answer has begun to leave, so no header can follow (an export settles after it). */
  readonly headerSent: boolean;
}

/** A call that arrives with its arguments parsed as JSON values (a tool call): validated as such, not as text. */
export interface ArgumentCall extends Call {
  readonly args: RequestInput & { readonly headers: Readonly<Record<string, unknown>> };
}

/** One stage of an operation's chain. */
export type CallStage = (call: Call, next: () => Promise<unknown>) => Promise<unknown>;
