// Per-key rate limits with koa-ratelimit: state in Redis, shared by every instance. When Redis
// does not answer, each instance limits on its own (in memory) instead of failing or hanging, and
// says so in the log; /readyz reports Redis down meanwhile.
import ratelimit from 'koa-ratelimit';
import type { Next } from 'koa';
import { setBefore, type RequestContext as Context, type RequestMiddleware as Middleware } from './request-state';
import { AppError } from '../errors/app-error';
import type { RedisClient } from '../adapters/redis/client';
import type { Logger } from './logger';
import { metrics } from '../metrics/metrics';

export interface RateLimitOptions {
  readonly max: number;
  readonly windowMs: number;
  readonly redis?: RedisClient;
  readonly keyPrefix: string;
  readonly logger: Logger;
}

const HEADERS = { remaining: 'X-RateLimit-Remaining', reset: 'X-RateLimit-Reset', total: 'X-RateLimit-Limit' };

/** The IETF draft fields (draft-ietf-httpapi-ratelimit-headers) beside the X-RateLimit-* ones. */
function ietfFields(remaining: number, resetUnix: number, max: number, windowMs: number): Record<string, string> {
  const secondsLeft = Math.max(0, Math.ceil(resetUnix - Date.now() / 1000));
  return { RateLimit: `"default";r=${remaining};t=${secondsLeft}`, 'RateLimit-Policy': `"default";q=${max};w=${Math.round(windowMs / 1000)}` };
}

export function rateLimitGate(options: RateLimitOptions): Middleware {
  const { max, windowMs, redis, logger } = options;
  const common = { duration: windowMs, max, id: (ctx: Context) => setBefore(ctx, 'apiKey').id, throw: true, headers: HEADERS, namespace: `${options.keyPrefix}ratelimit` };
  const local = ratelimit({ ...common, driver: 'memory', db: new Map() });
  const shared = redis ? ratelimit({ ...common, driver: 'redis', db: redis }) : local;

  const run = async (limiter: Middleware, ctx: Context, next: Next, reached: { downstream: boolean }) => {
    try {
      await limiter(ctx, async () => {
        reached.downstream = true;
        const remaining = Number(ctx.response.get(HEADERS.remaining));
        const reset = Number(ctx.response.get(HEADERS.reset));
        ctx.set(ietfFields(remaining, reset, max, windowMs));
        await next();
      });
    } catch (err) {
      const e = err as { status?: number; headers?: Record<string, string | number> };
      if (reached.downstream || e.status !== 429) throw err;
      const reset = Number(e.headers?.[HEADERS.reset] ?? 0);
      const retryAfter = Math.max(1, Math.ceil(reset - Date.now() / 1000));
      metrics.rateLimited('api_key');
      throw new AppError('RATE_LIMITED', `This key may make ${max} requests per ${Math.round(windowMs / 1000)} s; try again in ${retryAfter} s.`, {
        headers: { [HEADERS.total]: String(max), [HEADERS.remaining]: '0', [HEADERS.reset]: String(reset), 'Retry-After': String(retryAfter), ...ietfFields(0, reset, max, windowMs) },
      });
    }
  };

  return async (ctx, next) => {
    const reached = { downstream: false };
    try {
      await run(shared, ctx, next, reached);
    } catch (err) {
      if (reached.downstream || shared === local || err instanceof AppError) throw err;
      logger.warn('rate-limit store unavailable; limiting in this instance only', { cause: (err as Error).message });
      await run(local, ctx, next, reached);
    }
  };
}
