// Rendered answers (bytes and entity tag, beside the value) kept per index generation (shared/generation-cache.ts),
// for operations whose answer is a function of the index and the validated request alone. A hit
// skips the handler, the JSON serialization and the hash; it does not skip anything before it: the
// key, the rate limit, the validation and the credits run for every request exactly as for a miss.
// Answers are shared between accounts. Nothing tells a client that an answer was kept (no step in
// Server-Timing); hits and misses are counted in /metrics for operators.
import { Stream } from 'node:stream';
import { requireState, type FromIndex, type Rendered } from './request-state';
import type { CallStage } from './call';
import { render, sendRendered } from './entity-tags';
import { metrics } from '../shared/metrics';
import { GenerationCache, type Kept } from '../shared/generation-cache';

export const always: FromIndex = () => true;

/**
 * The answer's value is kept beside its bytes, for a door that sends values (a tool call's
 * structuredContent). Measured: twenty pv-module documents as a search answer, 156 KB of JSON, hold
 * 192 KB of heap as a value (1.23 per byte), so an entry counts 2.25 times its bytes.
 */
const VALUE_PER_BYTE = 1.25;

export interface ResponseCacheOptions {
  /** The concrete index (or indices) behind the alias now; empty when unknown. */
  readonly generation: () => Promise<string>;
  readonly maxBytes: number;
  readonly maxEntries: number;
}

interface KeptAnswer extends Kept {
  readonly rendered: Rendered;
}

export function responseCache(options: ResponseCacheOptions): (operationId: string, fromIndex: FromIndex) => CallStage {
  const cache = new GenerationCache<KeptAnswer>({
    ...options,
    onLookup: (result) => metrics.responseCache(result),
  });
  return (operationId, fromIndex) => async (ctx, next) => {
    const input = requireState(ctx, 'input');
    if (!fromIndex(input)) return next();
    // The validated input, defaults applied: two spellings of one request share an entry.
    const slot = await cache.open(`${operationId} ${JSON.stringify(input.params)} ${JSON.stringify(input.query)}`);
    if (slot?.hit) {
      sendRendered(ctx, slot.hit.rendered);
      return;
    }
    await next();
    if (ctx.status !== 200 || ctx.body === null || ctx.body === undefined || ctx.body instanceof Stream) return;
    const rendered = render(ctx.body);
    sendRendered(ctx, rendered);
    slot?.keep({ rendered, bytes: Math.ceil(rendered.bytes.length * (1 + VALUE_PER_BYTE)) + rendered.tag.length });
  };
}
