// Rate limits per API key and per account (all its keys together, so that creating keys does not
// multiply the allowance). Shared by every instance through the store's windows, counted in blocks
// (rate-allowance.ts: never more than the limit, at most a block per other instance early). Without
// a store, or while it does not answer and this instance holds nothing for the id, koa-ratelimit
// limits in this process alone, and the log says so; /readyz reports Redis down meanwhile. The
// headers report the tighter of the two limits. Both are counted for every request, so one refused
// by the key's limit still counts toward the account's (documented with the 429).
import ratelimit from 'koa-ratelimit';
import type { Middleware as KoaMiddleware, Next, ParameterizedContext } from 'koa';
import { AppError } from '../errors/app-error';
import { requestsOverLimit } from '../errors/catalog';
import type { Logger } from '../shared/logger';
import { metrics } from '../shared/metrics';
import { RateAllowance, blockFor, type Verdict } from './rate-allowance';
import type { AllowanceStore } from './limits.stores';

/** What the key gate (http/auth.ts) leaves on ctx.state before this gate: the key and its account. */
interface KeyedState {
  apiKey?: { readonly id: string; readonly accountId: string };
}
type Context = ParameterizedContext<KeyedState>;
type Middleware = KoaMiddleware<KeyedState>;

/** The key the key gate found; its absence is a wiring bug (this gate mounted before the key gate), not bad input. */
function keyOf(ctx: Context): NonNullable<KeyedState['apiKey']> {
  const key = ctx.state.apiKey;
  if (!key) throw new Error('ctx.state.apiKey is read before the step that sets it');
  return key;
}

export interface RateLimitOptions {
  /** Requests per window for one API key. */
  readonly max: number;
  /** Requests per window for one account, whatever key it uses. */
  readonly accountMax: number;
  readonly windowMs: number;
  /** The windows every instance shares (adapters/redis/allowance-store.ts); absent: this process only. */
  readonly store?: AllowanceStore;
  /** Unused allowance goes back to the store after this long without use. */
  readonly idleMs?: number;
  readonly logger: Logger;
}

export interface RateLimit {
  readonly gate: Middleware;
  /** Gives back what this instance holds of every window (shutdown). */
  close(): Promise<void>;
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
  const windowSeconds = Math.round(windowMs / 1000);
  // Within the window: the reset is rounded up to a whole second, and so is what is left of it.
  const secondsLeft = Math.min(windowSeconds, Math.max(0, Math.ceil(resetUnix - Date.now() / 1000)));
  return {
    RateLimit: `"default";r=${remaining};t=${secondsLeft}`,
    'RateLimit-Policy': `"default";q=${max};w=${windowSeconds}`,
  };
}

interface Limit {
  readonly name: 'api_key' | 'account';
  readonly max: number;
  readonly id: (ctx: Context) => string;
  /** Says who is limited, in the 429's detail. */
  readonly who: string;
}

function refusal(limit: Limit, reset: number, windowMs: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(reset - Date.now() / 1000));
  metrics.rateLimited(limit.name);
  return new AppError(requestsOverLimit(limit.who, limit.max, Math.round(windowMs / 1000), retryAfter), {
    headers: {
      [HEADERS.total]: String(limit.max),
      [HEADERS.remaining]: '0',
      [HEADERS.reset]: String(reset),
      'Retry-After': String(retryAfter),
      ...ietfFields(0, reset, limit.max, windowMs),
    },
  });
}

/** One limit in this process alone, with koa-ratelimit; run as a check only (its `next` returns at once). */
function localLimit(limit: Limit, windowMs: number): (ctx: Context) => Promise<Standing> {
  const middleware: Middleware = ratelimit({
    driver: 'memory',
    db: new Map(),
    duration: windowMs,
    max: limit.max,
    id: limit.id,
    throw: true,
    headers: HEADERS,
  });
  return async (ctx) => {
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
      throw refusal(limit, Number(e.headers?.[HEADERS.reset] ?? 0), windowMs);
    }
    // koa-ratelimit reads the standing before it calls `next`; a standing it did not report is a bug here.
    if (!standing) throw new Error(`rate limit ${limit.name} reported no standing`);
    return standing;
  };
}

/**
 * One limit: in the shared windows when there are any and they answer, else in this process. A
 * request this instance holds allowance for is counted synchronously (the common case under load),
 * so it costs no promise; otherwise the answer is a promise.
 */
function limiter(
  limit: Limit,
  options: RateLimitOptions,
): { check(ctx: Context): Standing | Promise<Standing>; close(): Promise<void> } {
  const { windowMs, store, logger } = options;
  const local = localLimit(limit, windowMs);
  if (!store) return { check: local, close: () => Promise.resolve() };
  const shared = new RateAllowance(store, {
    name: limit.name === 'account' ? 'account' : 'key',
    limit: limit.max,
    windowMs,
    maxBlock: blockFor(limit.max),
    idleMs: options.idleMs ?? 1000,
  });
  const standing = (verdict: Verdict): Standing => {
    if (!verdict.admitted) throw refusal(limit, verdict.reset, windowMs);
    return { remaining: verdict.remaining, reset: verdict.reset, max: limit.max };
  };
  const fromStore = async (ctx: Context, id: string): Promise<Standing> => {
    let verdict;
    try {
      verdict = await shared.take(id);
    } catch (err) {
      logger.warn('rate-limit store unavailable; limiting in this instance only', {
        limit: limit.name,
        cause: (err as Error).message,
      });
      return local(ctx);
    }
    return standing(verdict);
  };
  return {
    check(ctx) {
      const id = limit.id(ctx);
      const held = shared.takeHeld(id);
      return held ? standing(held) : fromStore(ctx, id);
    },
    close: () => shared.close(),
  };
}

export function rateLimit(options: RateLimitOptions): RateLimit {
  const byKey = limiter({ name: 'api_key', max: options.max, id: (ctx) => keyOf(ctx).id, who: 'This key' }, options);
  const byAccount = limiter(
    {
      name: 'account',
      max: options.accountMax,
      id: (ctx) => keyOf(ctx).accountId,
      who: "This key's account (all its keys together)",
    },
    options,
  );
  const report = (ctx: Context, key: Standing, account: Standing) => {
    const tighter = account.remaining < key.remaining ? account : key;
    ctx.set({
      [HEADERS.total]: String(tighter.max),
      [HEADERS.remaining]: String(tighter.remaining),
      [HEADERS.reset]: String(tighter.reset),
      ...ietfFields(tighter.remaining, tighter.reset, tighter.max, options.windowMs),
    });
  };
  // Both counted at once: when both need the store, their two scripts leave in one write and are
  // answered together (the Redis client pipelines commands issued in one tick).
  const waitForBoth = async (
    ctx: Context,
    next: Next,
    checks: [Standing | Promise<Standing>, Standing | Promise<Standing>],
  ) => {
    const [key, account] = await Promise.allSettled(checks.map((c) => Promise.resolve(c)));
    // The key's refusal first: it is the one its holder can act on.
    if (key.status === 'rejected') throw key.reason;
    if (account.status === 'rejected') throw account.reason;
    report(ctx, key.value, account.value);
    await next();
  };
  const gate: Middleware = (ctx, next) => {
    const key = byKey.check(ctx);
    const account = byAccount.check(ctx);
    if (key instanceof Promise || account instanceof Promise) return waitForBoth(ctx, next, [key, account]);
    report(ctx, key, account);
    return next();
  };
  return {
    gate,
    close: async () => void (await Promise.all([byKey.close(), byAccount.close()])),
  };
}
