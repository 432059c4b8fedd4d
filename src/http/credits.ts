import type { Middleware } from 'koa';
import { debit, type CreditPorts } from '../credits/credits.service';
import type { Refunds } from '../credits/refunds';
import { metrics } from '../metrics/metrics';

/**
 * Debits an operation's cost before it runs; a failure on our side (5xx) gives the credits back.
 * Operations costed by volume charge the rest through `ctx.state.charge(n)` before they answer.
 */
export function creditsGate(ports: CreditPorts, refunds: Refunds): (cost: number) => Middleware {
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
      metrics.creditsSpent(spent);
    } catch (err) {
      if (((err as { status?: number }).status ?? 500) >= 500) {
        // Landed or owed: either way the client is not charged for our failure.
        await refunds.give(accountId, spent);
        ctx.set({ 'X-Quota-Balance': String(balance + spent), 'X-Quota-Cost': '0' });
      }
      throw err;
    }
  };
}
