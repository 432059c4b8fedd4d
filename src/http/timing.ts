// Server-Timing on every response (durations of the search and database steps and the total), one
// access-log line per request, and its count and latency in /metrics.
import { performance } from 'node:perf_hooks';
import type { RequestMiddleware as Middleware } from './request-state';
import { runWithTimings, currentTimings } from '../shared/request-timings';
import type { Logger } from '../shared/logger';
import { metrics } from '../shared/metrics';

export function timing(logger: Logger): Middleware {
  return (ctx, next) =>
    runWithTimings(async () => {
      const start = performance.now();
      try {
        await next();
      } finally {
        const total = performance.now() - start;
        const entries = [...(currentTimings()?.timings ?? [])].map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`);
        entries.push(`total;dur=${total.toFixed(1)}`);
        ctx.set('Server-Timing', entries.join(', '));
        // The route template, not the path: one series per operation, whatever ids are asked for.
        metrics.request(
          (ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched',
          ctx.method,
          ctx.status,
          total / 1000,
        );
        logger.info('request', {
          request_id: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          duration_ms: Number(total.toFixed(1)),
          key_id: ctx.state.apiKey?.id,
        });
      }
    });
}
