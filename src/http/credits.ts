import type { Middleware } from 'koa';
import { debit, refund, type CreditPorts } from '../credits/credits.service';

/**
 * Debits an operation's cost before it runs; a failure on our side (5xx) gives the credits back.
 * Operations costed by volume charge the rest through `ctx.state.charge(n)` before they answer.
 */
export function creditsGate(ports: CreditPorts): (cost: number) => Middleware {
  return (cost) => async (ctx, next) => {
    const accountId: string = ctx.state.apiKey.accountId;
    let spent = cost;
    let balance = await debit(accountId, cost, ports);
    const report = () => ctx.set({ 'X-Quota-Balance': String(balance), 'X-Quota-Cost': String(spent) });
    report();
    ctx.state.charge = async (extra: number) => {
      if (extra <= 0) return;
      balance = await debit(accountId, extra, ports);
      spent += extra;
      report();
    };
    try {
      await next();
    } catch (err) {
      if (((err as { status?: number }).status ?? 500) >= 500) {
        await refund(accountId, spent, ports).then(
          () => ctx.set({ 'X-Quota-Balance': String(balance + spent), 'X-Quota-Cost': '0' }),
          () => undefined,
        );
      }
      throw err;
    }
  };
}
