import type { Middleware } from 'koa';
import { debit, refund, type CreditPorts } from '../credits/credits.service';

/** Debits an operation's cost before it runs; a failure on our side (5xx) gives the credits back. */
export function creditsGate(ports: CreditPorts): (cost: number) => Middleware {
  return (cost) => async (ctx, next) => {
    const accountId: string = ctx.state.apiKey.accountId;
    const balance = await debit(accountId, cost, ports);
    ctx.set({ 'X-Quota-Balance': String(balance), 'X-Quota-Cost': String(cost) });
    try {
      await next();
    } catch (err) {
      if (((err as { status?: number }).status ?? 500) >= 500) {
        await refund(accountId, cost, ports).then(
          () => ctx.set({ 'X-Quota-Balance': String(balance + cost), 'X-Quota-Cost': '0' }),
          () => undefined,
        );
      }
      throw err;
    }
  };
}
