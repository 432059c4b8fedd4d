// Rate limits with koa-ratelimit, per API key and per account (all its keys together, so that
// creating keys does not multiply the allowance): state in Redis, shared by every instance. When
// Redis does not answer, each instance limits on its own (in memory) instead of failing or hanging,
// and says so in the log; /readyz reports Redis down meanwhile. The headers report the tighter of
// the two limits. Both are counted for every request, so one refused by the key's limit still
// counts toward the account's (documented with the 429).
import ratelimit from 'koa-ratelimit';
import type { Next } from 'koa';
import { requireState, type RequestContext as Context, type RequestMiddleware as Middleware } from './request-state';
import { AppError } from '../errors/app-error';
import type { Logger } from '../shared/logger';
import { metrics } from '../shared/metrics';

export interface RateLimitOptions {
  /** Requests per window for one API key. */
  readonly max: number;
  /** Requests per window for one account, whatever key it uses. */
  readonly accountMax: number;
  readonly windowMs: number;
  /** The Redis client koa-ratelimit counts in (adapters/redis/client.ts); absent: in this process only. */
  readonly redis?: ratelimit.MiddlewareOptions['db'];
  readonly keyPrefix: string;
  readonly logger: Logger;
}

const HEADERS = { remaining: 'X-RateLimit-Remaining', reset: 'X-RateLimit-Reset', total: 'X-RateLimit-Limit' };

/** Where one limit stands for this request. */
interface Standing {
  readonly remaining: number;
  readonly reset: number;
  readonly max: number;
}

/** The IETF draft fields (draft-ietf-httpapi-ratelimit-headers) beside the X-RateLimit-* ones. */
function ietfFields(remaining: number, resetUnix: number, max: number, windowMs: number): Record<string, string> {
  const secondsLeft = Math.max(0, Math.ceil(resetUnix - Date.now() / 1000));
  return {
    RateLimit: `"default";r=${remaining};t=${secondsLeft}`,
    'RateLimit-Policy': `"default";q=${max};w=${Math.round(windowMs / 1000)}`,
  };
}

interface Limit {
  readonly name: 'api_key' | 'account';
  readonly max: number;
  readonly id: (ctx: Context) => string;
  /** Says who is limited, in the 429's detail. */
  readonly who: string;
}

/**
 * One limit, counted in Redis (or in memory without it): resolves with where it stands, or refuses
 * with RATE_LIMITED. koa-ratelimit is run as a check only (its `next` returns at once), so that
 * the two limits can be counted at the same time.
 */
function limiter(limit: Limit, options: RateLimitOptions): (ctx: Context) => Promise<Standing> {
  const { windowMs, redis, logger } = options;
  const common = {
    duration: windowMs,
    max: limit.max,
    id: limit.id,
    throw: true,
    headers: HEADERS,
    namespace: `${options.keyPrefix}ratelimit${limit.name === 'account' ? ':account' : ''}`,
  };
  const local = ratelimit({ ...common, driver: 'memory', db: new Map() });
  const shared = redis ? ratelimit({ ...common, driver: 'redis', db: redis }) : local;

  const check = async (middleware: Middleware, ctx: Context): Promise<Standing> => {
    let standing: Standing | undefined;
    try {
      await middleware(ctx, () => {
        standing = {
          remaining: Number(ctx.response.get(HEADERS.remaining)),
          reset: Number(ctx.response.get(HEADERS.reset)),
          max: limit.max,
        };
        return Promise.resolve();
      });
    } catch (err) {
      const e = err as { status?: number; headers?: Record<string, string | number> };
      if (e.status !== 429) throw err;
      const reset = Number(e.headers?.[HEADERS.reset] ?? 0);
      const retryAfter = Math.max(1, Math.ceil(reset - Date.now() / 1000));
      metrics.rateLimited(limit.name);
      throw new AppError(
        'RATE_LIMITED',
        `${limit.who} may make ${limit.max} requests per ${Math.round(windowMs / 1000)} s; try again in ${retryAfter} s.`,
        {
          headers: {
            [HEADERS.total]: String(limit.max),
            [HEADERS.remaining]: '0',
            [HEADERS.reset]: String(reset),
            'Retry-After': String(retryAfter),
            ...ietfFields(0, reset, limit.max, windowMs),
          },
        },
      );
    }
    // koa-ratelimit reads the standing before it calls `next`; a standing it did not report is a bug here.
    if (!standing) throw new Error(`rate limit ${limit.name} reported no standing`);
    return standing;
  };

  return async (ctx) => {
    try {
      return await check(shared, ctx);
    } catch (err) {
      if (shared === local || err instanceof AppError) throw err;
      logger.warn('rate-limit store unavailable; limiting in this instance only', {
        limit: limit.name,
        cause: (err as Error).message,
      });
      return check(local, ctx);
    }
  };
}

export function rateLimitGate(options: RateLimitOptions): Middleware {
  const byKey = limiter(
    { name: 'api_key', max: options.max, id: (ctx) => requireState(ctx, 'apiKey').id, who: 'This key' },
    options,
  );
  const byAccount = limiter(
    {
      name: 'account',
      max: options.accountMax,
      id: (ctx) => requireState(ctx, 'apiKey').accountId,
      who: "This key's account (all its keys together)",
    },
    options,
  );
  // Both counted at once: their two scripts leave in one write and are answered together (the
  // Redis client pipelines commands issued in one tick), so the gate waits for one round trip.
  return async (ctx: Context, next: Next) => {
    const [key, account] = await Promise.allSettled([byKey(ctx), byAccount(ctx)]);
    // The key's refusal first: it is the one its holder can act on.
    if (key.status === 'rejected') throw key.reason;
    if (account.status === 'rejected') throw account.reason;
    const tighter = account.value.remaining < key.value.remaining ? account.value : key.value;
    ctx.set({
      [HEADERS.total]: String(tighter.max),
      [HEADERS.remaining]: String(tighter.remaining),
      [HEADERS.reset]: String(tighter.reset),
      ...ietfFields(tighter.remaining, tighter.reset, tighter.max, options.windowMs),
    });
    await next();
  };
}
