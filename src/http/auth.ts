// The two bearer credentials: API keys (scoped, for the API's operations) and login tokens (for key
// management); the account's own resources (watches) take either. Each is refused where the other
// alone belongs, with a detail that says which is needed.
import type { RequestMiddleware as Middleware } from './request-state';
import type { Call, CallStage } from './call';
import { AppError } from '../errors/app-error';
import { bearerMissing, insufficientScope, tooMany } from '../errors/catalog';
import type { Scope } from '../catalog/api-key.types';
import type { KeyPrincipal } from '../catalog/api-key.types';
import type { Throttle } from '../limits/throttle';
import { addressKey } from './client-address';
import { verifyLoginToken, looksLikeJwt } from '../shared/login-token';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="product-data-service"' };

function bearer(ctx: Call, what: string): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('Authorization'));
  if (!match) throw new AppError(bearerMissing(what, CHALLENGE));
  return match[1];
}

const BLOCKED_MAX = 100_000;

/** Who holds a bearer secret, or an UNAUTHENTICATED AppError saying why nobody does (keys/keys.service.ts). */
export interface KeyAuthenticator {
  authenticate(secret: string): Promise<KeyPrincipal>;
}

/**
 * The API-key gate of an operation that needs `scope` (null: any key). `failures` counts refused keys
 * per client address (IPv6: per /64), shared by every instance: past its limit, that address is
 * answered 429 before any key is looked at, so keys cannot be guessed at speed (they are 256-bit
 * random anyway). Which addresses are blocked is remembered in this instance, so a request with a
 * good key makes no round trip for it; another instance learns of a block at the address's next
 * refused key there.
 */
export function apiKeyGate(keys: KeyAuthenticator, failures: Throttle): (scope: Scope | null) => CallStage {
  const blockedUntil = new Map<string, number>();
  return (scope) => async (ctx, next) => {
    const address = addressKey(ctx.ip);
    const until = blockedUntil.get(address);
    if (until !== undefined && until > Date.now()) throw tooManyFailures(Math.ceil((until - Date.now()) / 1000));
    if (until !== undefined) blockedUntil.delete(address);
    const token = bearer(ctx, 'an API key');
    if (looksLikeJwt(token)) {
      throw new AppError(
        'UNAUTHENTICATED',
        'An API key is required here; a login token only manages keys (POST /api/v1/developer/keys).',
        { headers: CHALLENGE },
      );
    }
    let principal;
    try {
      principal = await keys.authenticate(token);
    } catch (err) {
      if (err instanceof AppError && err.code === 'UNAUTHENTICATED') {
        const counted = await failures.hit(address);
        if (!counted.allowed) {
          if (blockedUntil.size >= BLOCKED_MAX) blockedUntil.clear();
          blockedUntil.set(address, Date.now() + counted.retryAfterSeconds * 1000);
          throw tooManyFailures(counted.retryAfterSeconds);
        }
        throw new AppError(err.code, err.detail, { headers: CHALLENGE });
      }
      throw err;
    }
    if (scope !== null && !principal.scopes.includes(scope))
      throw new AppError(insufficientScope(scope, principal.scopes));
    ctx.state.apiKey = principal;
    await next();
  };
}

function tooManyFailures(retryAfterSeconds: number): AppError {
  return new AppError(tooMany('refused API keys from this address', retryAfterSeconds));
}

export function loginTokenGate(secret: string): Middleware {
  return async (ctx, next) => {
    const accountId = verifyLoginToken(bearer(ctx, 'a login token'), secret);
    if (!accountId)
      throw new AppError('UNAUTHENTICATED', 'The login token is invalid or expired; log in again.', {
        headers: CHALLENGE,
      });
    ctx.state.accountId = accountId;
    await next();
  };
}

/**
 * For operations on the account's own resources (watches): a login token, as for key management,
 * or an API key with the operation's scope, so a deployment can manage them without a password.
 */
export function accountOrKeyGate(loginToken: Middleware, apiKey: Middleware, rateLimit: Middleware): Middleware {
  return async (ctx, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('Authorization'));
    if (match && looksLikeJwt(match[1])) return loginToken(ctx, next);
    await apiKey(ctx, () =>
      rateLimit(ctx, async () => {
        ctx.state.accountId = ctx.state.apiKey!.accountId;
        await next();
      }),
    );
  };
}
