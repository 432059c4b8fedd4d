// Calls operations by operationId and checks every response against the OpenAPI document: the
// status is one the operation documents, errors are problem+json, bodies match their schema, and
// bearer responses carry the documented headers. API tests call the service only through this.
import assert from 'node:assert/strict';
import type { ValidateFunction } from 'ajv';
import { OPENAPI } from '../../src/contract/openapi';
import { OPERATIONS } from '../../src/contract/operations';
import { createAjv, compile } from '../../src/contract/ajv';
import { request, type Reply } from './http';
import { PdsClient, type CallInput, type OperationId } from '../../clients/typescript';

const ajv = createAjv();
const validators = new Map<string, ValidateFunction>();

function operationDoc(operationId: string): Record<string, any> {
  for (const item of Object.values(OPENAPI.paths))
    for (const op of Object.values(item as Record<string, any>)) if (op.operationId === operationId) return op;
  throw new Error(`no operation ${operationId} in the document`);
}

export function assertMatchesContract(operationId: string, reply: Reply): void {
  const doc = operationDoc(operationId);
  const documented = doc.responses[String(reply.status)];
  assert.ok(
    documented,
    `${operationId} answered ${reply.status}, which it does not document: ${reply.text.slice(0, 300)}`,
  );
  assert.ok(reply.headers.get('x-request-id'), 'every response has X-Request-Id');
  const content = documented.content as Record<string, { schema: object }> | undefined;
  if (!content) {
    assert.equal(reply.text, '', `${operationId} ${reply.status} documents no body`);
    return;
  }
  // An operation that answers in several media types (a file or its JSON twin) is checked against the one it sent.
  const sent = reply.headers.get('content-type')?.split(';')[0];
  const entries = Object.entries(content);
  const [mediaType, { schema }] = entries.find(([type]) => type === sent) ?? entries[0];
  assert.equal(
    reply.headers.get('content-type')?.split(';')[0],
    mediaType,
    `${operationId} ${reply.status} media type`,
  );
  const key = `${operationId} ${reply.status}`;
  if (mediaType === 'text/plain') {
    assert.equal(typeof reply.text, 'string', `${key}: a text body`);
    return;
  }
  if (mediaType === 'application/x-ndjson') {
    for (const line of reply.text.split('\n').filter(Boolean))
      assert.equal(typeof JSON.parse(line), 'object', `${key}: every line is a JSON object`);
    return;
  }
  if (!validators.has(key)) validators.set(key, compile(ajv, schema));
  const validate = validators.get(key)!;
  assert.ok(
    validate(reply.body),
    `${key} body violates the contract: ${ajv.errorsText(validate.errors)}\n${reply.text.slice(0, 500)}`,
  );
  if (reply.status < 300 && doc['x-credit-cost'] !== undefined) {
    for (const name of Object.keys(documented.headers ?? {}))
      assert.ok(reply.headers.get(name) !== null, `${key} carries ${name}`);
  }
}

export interface CallOptions {
  readonly params?: Record<string, string>;
  readonly query?: Record<string, string | number | string[]> | string;
  readonly body?: unknown;
  readonly rawBody?: string;
  readonly token?: string;
  readonly headers?: Record<string, string>;
}

export function operationUrl(base: string, operationId: string, options: CallOptions = {}): string {
  const op = OPERATIONS.get(operationId)!;
  const path = op.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(options.params?.[name] ?? ''));
  let qs = '';
  if (typeof options.query === 'string') qs = options.query;
  else if (options.query) {
    const usp = new URLSearchParams();
    for (const [k, v] of Object.entries(options.query))
      for (const item of Array.isArray(v) ? v : [v]) usp.append(k, String(item));
    qs = usp.toString();
  }
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * Calls an operation through the typed client (client/), so every API test compiles against the
 * types generated from the document, and checks the reply against the document at run time.
 */
export async function call<O extends OperationId>(
  base: string,
  operationId: O,
  ...[input]: {} extends CallInput<O> ? [CallInput<O>?] : [CallInput<O>]
): Promise<Reply> {
  const res = await new PdsClient(base).call(operationId, ...([input] as [CallInput<O>]));
  const reply: Reply = { status: res.status as number, headers: res.headers, body: res.body, text: res.text };
  assertMatchesContract(operationId, reply);
  return reply;
}

/**
 * Sends what the typed client would refuse to compile (a wrong type, an unknown field, a broken
 * body), to test the service's validation; the reply is still checked against the document.
 */
export async function callUnchecked<T = any>(
  base: string,
  operationId: string,
  options: CallOptions = {},
): Promise<Reply<T>> {
  const op = OPERATIONS.get(operationId)!;
  const reply = await request<T>(operationUrl(base, operationId, options), {
    method: op.method.toUpperCase(),
    token: options.token,
    body: options.body,
    rawBody: options.rawBody,
    headers:
      options.rawBody !== undefined ? { 'content-type': 'application/json', ...options.headers } : options.headers,
  });
  assertMatchesContract(operationId, reply);
  return reply;
}
