import type { Route } from '../http/pipeline';
import type { Throttle } from '../http/throttle';
import { AppError } from '../errors/app-error';
import { register, login, normalizeEmail, type AccountPorts } from './accounts.service';

export interface AccountRouteDeps {
  readonly ports: AccountPorts;
  readonly signupCredits: number;
  readonly jwt: { secret: string; ttlSeconds: number };
  readonly throttles: { loginByEmail: Throttle; loginByAddress: Throttle; registerByAddress: Throttle };
}

async function admit(throttle: Throttle, key: string, what: string): Promise<void> {
  const { allowed, retryAfterSeconds } = await throttle.hit(key);
  if (!allowed) throw new AppError('RATE_LIMITED', `Too many ${what}; try again in ${retryAfterSeconds} s.`, { headers: { 'Retry-After': String(retryAfterSeconds) } });
}

export function accountRoutes(deps: AccountRouteDeps): Route[] {
  return [
    {
      operationId: 'register',
      async handle(ctx, input) {
        await admit(deps.throttles.registerByAddress, ctx.ip, 'registrations from this address');
        ctx.status = 201;
        ctx.body = await register(input.body, deps.signupCredits, deps.ports);
      },
    },
    {
      operationId: 'login',
      async handle(ctx, input) {
        await admit(deps.throttles.loginByAddress, ctx.ip, 'login attempts from this address');
        await admit(deps.throttles.loginByEmail, normalizeEmail(input.body.email), 'login attempts for this email');
        ctx.body = await login(input.body, deps.jwt, deps.ports);
      },
    },
  ];
}
