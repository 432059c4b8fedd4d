// Rate limits per API key and per account (all its keys together, so that creating keys does not
// multiply the allowance). Shared by every instance through the store's windows, counted in blocks
// (rate-allowance.ts: never more than the limit, at most a block per other instance early). Without
// a store, or while it does not answer and this instance holds nothing for the id, koa-ratelimit
// limits in this process alone, and the log says so; /readyz reports Redis down meanwhile. The
// headers report the tighter of the two limits. Both are counted for every request, so one refused
// by the key's limit still counts toward the account's (documented with the 429).
import ratelimit from 'koa-ratelimit';
import { AppError } from '../errors/app-error';
import { requestsOverLimit } from '../errors/catalog';
import type { Logger } from '../shared/logger';
import { metrics } from '../shared/metrics';
import { RateAllowance, blockFor, type Verdict } from './rate-allowance';
import type { AllowanceStore } from './limits.stores';

/**
 * What this gate reads and writes of a call (http/call.ts, or a Koa context): the key the key gate
 * (http/auth.ts) found before it, with its account, and the answer's headers.
 */
interface Limited {
  readonly state: { readonly apiKey?: { readonly id: string; readonly accountId: string } };
  set(fields: Record<string, string>): void;
}
type Gate = (call: Limited, next: () => Promise<unknown>) => Promise<unknown>;

/** The key the key gate found; its absence is a wiring bug (this gate mounted before the key gate), not bad input. */
function keyOf(call: Limited): NonNullable<Limited['state']['apiKey']> {
  const key = call.state.apiKey;
  if (!key) throw new Error('state.apiKey is read before the step that sets it');
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
  readonly gate: Gate;
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
  readonly id: (call: Limited) => string;
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

/** The few members of a Koa context koa-ratelimit touches for one check: the id, and the headers it sets. */
interface WindowContext {
  readonly state: { readonly id: string };
  set(field: string | Record<string, string | number>, value?: string | number): void;
  throw(status: number, message: string, props: object): never;
  status: number;
  body: unknown;
}

/**
 * One limit in this process alone, with koa-ratelimit's memory driver, run as a check only (its
 * `next` returns at once). A call is not a Koa context, so each check hands the library the members it
 * touches (WindowContext) and reads the standing from the headers it set.
 */
function localLimit(limit: Limit, windowMs: number): (id: string) => Promise<Standing> {
  const counter = ratelimit({
    driver: 'memory',
    db: new Map(),
    duration: windowMs,
    max: limit.max,
    id: (ctx) => (ctx.state as WindowContext['state']).id,
    throw: true,
    headers: HEADERS,
  }) as unknown as (ctx: WindowContext, next: () => Promise<void>) => Promise<void>;
  return async (id) => {
    const headers: Record<string, string | number> = {};
    const context: WindowContext = {
      state: { id },
      set: (field, value) =>
        void (typeof field === 'string' ? (headers[field] = value ?? '') : Object.assign(headers, field)),
      throw: (status, message, props) => {
        throw Object.assign(new Error(message), { status }, props);
      },
      status: 200,
      body: undefined,
    };
    try {
      await counter(context, () => Promise.resolve());
    } catch (err) {
      const e = err as { status?: number; headers?: Record<string, string | number> };
      if (e.status !== 429) throw err;
      throw refusal(limit, Math.ceil(Number(e.headers?.[HEADERS.reset] ?? 0)), windowMs);
    }
    // The memory driver gives the reset in fractions of a second; the document states whole Unix seconds.
    return {
      remaining: Number(headers[HEADERS.remaining]),
      reset: Math.ceil(Number(headers[HEADERS.reset])),
      max: limit.max,
    };
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
): { check(call: Limited): Standing | Promise<Standing>; close(): Promise<void> } {
  const { windowMs, store, logger } = options;
  const local = localLimit(limit, windowMs);
  if (!store) return { check: (call) => local(limit.id(call)), close: () => Promise.resolve() };
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
  const fromStore = async (id: string): Promise<Standing> => {
    let verdict;
    try {
      verdict = await shared.take(id);
    } catch (err) {
      logger.warn('rate-limit store unavailable; limiting in this instance only', {
        limit: limit.name,
        cause: (err as Error).message,
      });
      return local(id);
    }
    return standing(verdict);
  };
  return {
    check(call) {
      const id = limit.id(call);
      const held = shared.takeHeld(id);
      return held ? standing(held) : fromStore(id);
    },
    close: () => shared.close(),
  };
}

/** A check's standing, or its refusal as a rejected promise rather than a throw. */
function counted(check: () => Standing | Promise<Standing>): Standing | Promise<Standing> {
  try {
    return check();
  } catch (err) {
    return Promise.reject(err);
  }
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
  const report = (ctx: Limited, key: Standing, account: Standing) => {
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
    ctx: Limited,
    next: () => Promise<unknown>,
    checks: [Standing | Promise<Standing>, Standing | Promise<Standing>],
  ) => {
    const [key, account] = await Promise.allSettled(checks.map((c) => Promise.resolve(c)));
    // The key's refusal first: it is the one its holder can act on.
    if (key.status === 'rejected') throw key.reason;
    if (account.status === 'rejected') throw account.reason;
    report(ctx, key.value, account.value);
    await next();
  };
  const gate: Gate = (ctx, next) => {
    // A refusal is a rejected check, so the other limit is still counted (as the 429 documents).
    const key = counted(() => byKey.check(ctx));
    const account = counted(() => byAccount.check(ctx));
    if (key instanceof Promise || account instanceof Promise) return waitForBoth(ctx, next, [key, account]);
    report(ctx, key, account);
    return next();
  };
  return {
    gate,
    close: async () => void (await Promise.all([byKey.close(), byAccount.close()])),
  };
}
