// A typed client for the Product Data Service: every operation by its operationId, with its query,
// path parameters, body and responses typed from the OpenAPI document (src/contract/operations.generated.ts).
//
//   const pds = new PdsClient('http://127.0.0.1:3000', { token: process.env.PDS_KEY });
//   const res = await pds.call('searchProducts', { query: { q: 'trina 400', limit: 5 } });
//   if (res.status === 200) console.log(res.body.data.map((p) => p.model));
import { OPERATIONS, type Operations } from '../../src/contract/operations.generated';

export type * from '../../src/contract/operations.generated';
export type OperationId = keyof Operations;

export type CallInput<O extends OperationId> = {
  /** An API key (`pds_...`) or, for key management, the login token. */
  readonly token?: string;
  readonly headers?: Record<string, string>;
} & ([Operations[O]['query']] extends [never]
  ? { readonly query?: never }
  : { readonly query?: Operations[O]['query'] }) &
  ([Operations[O]['params']] extends [never]
    ? { readonly params?: never }
    : { readonly params: Operations[O]['params'] }) &
  ([Operations[O]['body']] extends [never] ? { readonly body?: never } : { readonly body: Operations[O]['body'] });

/** One documented answer: its status narrows the body's type. */
export type Reply<O extends OperationId> = {
  [S in keyof Operations[O]['responses']]: {
    readonly status: S extends `${infer N extends number}` ? N : S;
    readonly headers: Headers;
    readonly body: Operations[O]['responses'][S];
  };
}[keyof Operations[O]['responses']];

export class PdsClient {
  constructor(
    readonly baseUrl: string,
    private readonly defaults: { readonly token?: string } = {},
  ) {}

  /** The URL an operation is called at, with its path parameters and query filled in. */
  url(operationId: OperationId, input: { readonly query?: object; readonly params?: object } = {}): string {
    const params = (input.params ?? {}) as Record<string, string>;
    const path = OPERATIONS[operationId].path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(params[name] ?? ''),
    );
    const query = new URLSearchParams();
    const commaSeparated = OPERATIONS[operationId].commaSeparated;
    for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
      if (v === undefined) continue;
      if (Array.isArray(v) && commaSeparated.includes(k)) query.append(k, v.join(','));
      else for (const item of Array.isArray(v) ? v : [v]) query.append(k, String(item));
    }
    const qs = query.toString();
    return `${this.baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }

  async call<O extends OperationId>(
    operationId: O,
    ...[input]: {} extends CallInput<O> ? [CallInput<O>?] : [CallInput<O>]
  ): Promise<Reply<O> & { readonly text: string }> {
    const given = (input ?? {}) as CallInput<O> & { body?: unknown };
    const headers: Record<string, string> = { accept: 'application/json', ...given.headers };
    const token = given.token ?? this.defaults.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (given.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.url(operationId, given), {
      method: OPERATIONS[operationId].method,
      headers,
      body: given.body === undefined ? undefined : JSON.stringify(given.body),
    });
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    const body =
      /^application\/([\w.-]+\+)?json\b/.test(type) && text ? (JSON.parse(text) as unknown) : text || undefined;
    return { status: res.status, headers: res.headers, body, text } as unknown as Reply<O> & { readonly text: string };
  }
}
