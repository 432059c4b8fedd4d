import { route, type AnyRoute } from '../http/pipeline';
import { refuseOverLimit as refuse, type Throttle } from '../limits/throttle';
import { addressKey, networkKey } from '../http/client-address';
import { AppError } from '../errors/app-error';
import { register, login, normalizeEmail, type AccountPorts } from './accounts.service';

export interface AccountRouteDeps {
  readonly ports: AccountPorts;
  readonly signupCredits: number;
  readonly jwt: { secret: string; ttlSeconds: number };
  /**
   * Failed logins are counted per email and client address together, and per client address: a
   * stranger who fails with a victim's email locks out only their own address, never the victim.
   * A successful login counts no failure, but every login counts toward `loginsByAddress`.
   * Registrations are counted per client address.
   */
  readonly throttles: {
    loginFailuresByEmailAndAddress: Throttle;
    loginFailuresByAddress: Throttle;
    /** Every login, failed or not: a password check costs ~90 ms of the thread pool either way. */
    loginsByAddress: Throttle;
    registerByAddress: Throttle;
  };
  /** Password checks running at once, per client address and on this instance. */
  readonly passwordChecks: PasswordCheckSlots;
}

/** Slots for password checks (scrypt on the thread pool that also serves gzip and file reads). */
export interface PasswordCheckSlots {
  within<T>(address: string, work: () => Promise<T>): Promise<T>;
}

export function accountRoutes(deps: AccountRouteDeps): AnyRoute[] {
  return [
    route({
      operationId: 'register',
      async handle(ctx, input) {
        refuse(await deps.throttles.registerByAddress.hit(networkKey(ctx.ip)), 'registrations from this network');
        ctx.status = 201;
        ctx.body = await register(input.body, deps.signupCredits, deps.ports);
      },
    }),
    route({
      operationId: 'login',
      async handle(ctx, input) {
        const address = addressKey(ctx.ip);
        const pair = `${normalizeEmail(input.body.email)} ${address}`;
        const t = deps.throttles;
        refuse(await t.loginsByAddress.hit(address), 'logins from this address');
        // The attempt is counted as a failure before the password is checked, so concurrent wrong
        // passwords meet the limit before their scrypt runs; one that does not fail takes its count back.
        const byAddress = t.loginFailuresByAddress;
        const byPair = t.loginFailuresByEmailAndAddress;
        const giveBack = () => Promise.all([byAddress.release(address), byPair.release(pair)]);
        const [fromAddress, forPair] = await Promise.all([byAddress.hit(address), byPair.hit(pair)]);
        if (!fromAddress.allowed || !forPair.allowed) {
          await giveBack();
          refuse(fromAddress, 'failed logins from this address');
          refuse(forPair, 'failed logins for this email from this address');
        }
        try {
          ctx.body = await deps.passwordChecks.within(address, () => login(input.body, deps.jwt, deps.ports));
        } catch (err) {
          if (!(err instanceof AppError && err.code === 'INVALID_CREDENTIALS')) await giveBack();
          throw err;
        }
        await giveBack();
      },
    }),
  ];
}
