// Rendered answers (bytes and entity tag) kept per index generation, for operations whose answer is
// a function of the index and the validated request alone. A hit skips the handler, the JSON
// serialization and the hash; it does not skip anything before it: the key, the rate limit, the
// validation and the credits run for every request exactly as for a miss. Entries are dropped all
// at once when the alias moves (as the Elasticsearch read cache's are), and bounded in bytes (LRU).
import { LRUCache } from 'lru-cache';
import { Stream } from 'node:stream';
import { setBefore, type RequestMiddleware as Middleware } from './request-state';
import type { RequestInput } from './pipeline';
import { render, sendRendered, type Rendered } from './entity-tags';
import { metrics } from '../metrics/metrics';
import { timed } from '../shared/request-context';

/** Says whether a request's answer comes from the index alone (no database read, no clock). */
export type FromIndex = (input: RequestInput) => boolean;
export const always: FromIndex = () => true;

export interface ResponseCacheOptions {
  /** The concrete index (or indices) behind the alias now; empty when unknown. */
  readonly generation: () => Promise<string>;
  readonly maxBytes: number;
}

export function responseCache(options: ResponseCacheOptions): (operationId: string, fromIndex: FromIndex) => Middleware {
  const entries = options.maxBytes > 0 ? new LRUCache<string, Rendered>({ maxSize: options.maxBytes, sizeCalculation: (r, key) => r.bytes.length + key.length }) : undefined;
  let current = '';
  return (operationId, fromIndex) => async (ctx, next) => {
    const input = setBefore(ctx, 'input');
    if (!entries || !fromIndex(input)) return next();
    const generation = await options.generation();
    if (generation === '') return next();
    if (generation !== current) {
      entries.clear();
      current = generation;
    }
    // The validated input, defaults applied: two spellings of one request share an entry.
    const key = `${operationId} ${JSON.stringify(input.params)} ${JSON.stringify(input.query)}`;
    // Server-Timing names the step (`cache`), so a client can tell a kept answer from a fresh one.
    const hit = await timed('cache', async () => entries.get(key));
    if (hit) {
      metrics.responseCache('hit');
      sendRendered(ctx, hit);
      return;
    }
    metrics.responseCache('miss');
    await next();
    if (ctx.status !== 200 || ctx.body === null || ctx.body === undefined || ctx.body instanceof Stream) return;
    const rendered = render(ctx.body);
    sendRendered(ctx, rendered);
    // An answer made while the alias moved is not kept under the new generation.
    if (current === generation) entries.set(key, rendered);
  };
}
