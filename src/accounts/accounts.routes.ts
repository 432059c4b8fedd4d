import { route, type AnyRoute } from '../http/pipeline';
import type { Throttle, Verdict } from '../http/throttle';
import { addressKey } from '../http/client-address';
import { AppError } from '../errors/app-error';
import { register, login, normalizeEmail, type AccountPorts } from './accounts.service';

export interface AccountRouteDeps {
  readonly ports: AccountPorts;
  readonly signupCredits: number;
  readonly jwt: { secret: string; ttlSeconds: number };
  /**
   * Failed logins are counted per email and client address together, and per client address: a
   * stranger who fails with a victim's email locks out only their own address, never the victim.
   * A successful login counts nothing. Registrations are counted per client address.
   */
  readonly throttles: {
    loginFailuresByEmailAndAddress: Throttle;
    loginFailuresByAddress: Throttle;
    registerByAddress: Throttle;
  };
}

function refuse(verdict: Verdict, what: string): void {
  if (!verdict.allowed)
    throw new AppError('RATE_LIMITED', `Too many ${what}; try again in ${verdict.retryAfterSeconds} s.`, {
      headers: { 'Retry-After': String(verdict.retryAfterSeconds) },
    });
}

export function accountRoutes(deps: AccountRouteDeps): AnyRoute[] {
  return [
    route({
      operationId: 'register',
      async handle(ctx, input) {
        refuse(await deps.throttles.registerByAddress.hit(addressKey(ctx.ip)), 'registrations from this address');
        ctx.status = 201;
        ctx.body = await register(input.body, deps.signupCredits, deps.ports);
      },
    }),
    route({
      operationId: 'login',
      async handle(ctx, input) {
        const address = addressKey(ctx.ip);
        const pair = `${normalizeEmail(input.body.email)} ${address}`;
        const { loginFailuresByEmailAndAddress: byPair, loginFailuresByAddress: byAddress } = deps.throttles;
        refuse(await byAddress.peek(address), 'failed logins from this address');
        refuse(await byPair.peek(pair), 'failed logins for this email from this address');
        try {
          ctx.body = await login(input.body, deps.jwt, deps.ports);
        } catch (err) {
          if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS')
            await Promise.all([byAddress.hit(address), byPair.hit(pair)]);
          throw err;
        }
      },
    }),
  ];
}
