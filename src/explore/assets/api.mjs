// @ts-check
// The page's one way to the API: the served OpenAPI document for vocabularies and limits, and calls
// with the session's key. A failed call throws the API's problem detail as it came.
import { h } from './dom.mjs';
import { session } from './session.mjs';

/** An API answer that was not 2xx: its RFC 9457 problem, as the service sent it. */
class Problem extends Error {
  constructor(status, body) {
    super(body?.detail ?? `HTTP ${status}`);
    this.status = status;
    this.body = body ?? { title: `HTTP ${status}`, status, detail: 'The service answered without a problem body.' };
  }
}

let contract;

/** The served OpenAPI document, read once per page load. */
export async function loadContract() {
  const res = await fetch('/api/v1/openapi.json');
  if (!res.ok) throw new Problem(res.status, await res.json().catch(() => undefined));
  contract = await res.json();
  return contract;
}

export const doc = () => contract;

/** The operation with this id, as the document declares it. */
function operation(operationId) {
  for (const item of Object.values(contract.paths))
    for (const op of Object.values(item)) if (op.operationId === operationId) return op;
  throw new Error(`the document declares no ${operationId}`);
}

/** The credits an operation costs (`x-credit-cost`), 0 when it costs none. */
export const creditCost = (operationId) => operation(operationId)['x-credit-cost'] ?? 0;

/** The schema of one parameter of an operation. */
export const paramSchema = (operationId, name) =>
  operation(operationId).parameters.find((p) => p.name === name)?.schema ?? {};

/** Every spec's unit, description and short label (`x-spec-catalog`). */
export const specInfo = (name) => contract['x-spec-catalog'][name] ?? {};

/**
 * A spec's name for people: the glossary's short label (`STC power`, `MPPT low`). Undefined for a
 * name the glossary lacks (`nominal_power_w`, any category's), so no raw name is ever shown.
 */
export const specLabel = (name) => specInfo(name).label;

/** A spec's tooltip: its raw name (what a parameter or a field calls it) and its full description. */
export const specTitle = (name) => [name, specInfo(name).description].filter(Boolean).join(': ');

/**
 * Calls the API. `query`: a URLSearchParams or an object (arrays repeat the parameter); `body`: sent
 * as JSON with `method` (GET by default). The key goes in the Authorization header only, never in a
 * URL. `signal` cancels a stale request. A 204 resolves with undefined.
 */
/**
 * @typedef {object} ApiOptions
 * @property {URLSearchParams | Readonly<Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>>} [query]
 * @property {AbortSignal} [signal]
 * @property {string} [method]
 * @property {unknown} [body]
 */
/**
 * @param {string} path
 * @param {ApiOptions} [options]
 * @returns {Promise<any>}
 */
export async function api(path, { query, signal, method = 'GET', body } = {}) {
  const params = query instanceof URLSearchParams ? query : new URLSearchParams();
  if (query && !(query instanceof URLSearchParams))
    for (const [k, v] of Object.entries(query))
      for (const item of [v].flat()) if (item !== undefined && item !== '') params.append(k, String(item));
  const qs = params.toString();
  const res = await fetch(`/api/v1${path}${qs ? `?${qs}` : ''}`, {
    method,
    headers: {
      authorization: `Bearer ${session.key()}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const parsed = res.status === 204 ? undefined : await res.json().catch(() => undefined);
  if (!res.ok) throw new Problem(res.status, parsed);
  return parsed;
}

/** A problem shown as the API wrote it: title and status, detail, and each failing parameter. */
export function problemView(err) {
  if (err?.name === 'AbortError') return null;
  const p = err instanceof Problem ? err.body : { title: 'The page could not reach the service', detail: String(err) };
  return h(
    'div',
    { className: 'problem', role: 'alert' },
    h('strong', {}, `${p.title}${p.status ? ` (${p.status})` : ''}`),
    h('p', {}, p.detail),
    Array.isArray(p.errors) && p.errors.length > 0
      ? h(
          'ul',
          {},
          p.errors.map((e) => h('li', {}, `${e.in ?? ''} ${e.name ?? ''}: ${e.message ?? ''}`.trim())),
        )
      : null,
    p.status === 401 ? h('p', {}, 'The key this page holds no longer works: sign out, then sign in again.') : null,
    p.status === 403 && p.type?.endsWith('/insufficient-scope')
      ? h('p', {}, 'Signing in with email and password gives this tab a key with every scope the explorer uses.')
      : null,
    p.type ? h('p', { className: 'muted' }, 'Problem type: ', h('code', {}, p.type)) : null,
  );
}
