// The credits gate: the HTTP step that charges an operation's price to the key's account, over the
// balance that credits/ keeps (its leases and refunds).
import { requireState } from './request-state';
import type { Call, CallStage } from './call';
import { metrics } from '../shared/metrics';

/** Credits taken from and given back to an account's balance (credits/leases.ts). */
export interface CreditTaker {
  /** Takes `amount` or refuses with INSUFFICIENT_CREDITS; resolves with the balance left. */
  take(accountId: string, amount: number): Promise<number>;
  give(accountId: string, amount: number): Promise<void>;
}

/**
 * Debits an operation's cost before it runs; only a successful answer keeps it: any error (bad
 * input found by the handler, a missing product, a failure on our side) gives the credits back.
 * Operations costed by volume charge the rest through `ctx.state.charge(n)` before they answer, or
 * set their whole price with `ctx.state.settle(total)` (which gives back what was held beyond it).
 * A HEAD request is never charged.
 */
export function creditsGate(leases: CreditTaker): (cost: number) => CallStage {
  return (cost) => async (ctx, next) => {
    // A HEAD answers no data (headers only): it is never charged, whatever the operation costs.
    if (ctx.method === 'HEAD') return headFree(ctx, next);
    const accountId = requireState(ctx, 'apiKey').accountId;
    let spent = cost;
    let balance = await leases.take(accountId, cost);
    // Once the answer has started (an export cut short settles at the end), the headers are gone.
    const report = () => {
      if (!ctx.headerSent) ctx.set({ 'X-Quota-Balance': String(balance), 'X-Quota-Cost': String(spent) });
    };
    report();
    const charge = async (extra: number) => {
      if (extra <= 0) return;
      balance = await leases.take(accountId, extra);
      spent += extra;
      report();
    };
    ctx.state.charge = charge;
    ctx.state.settle = async (total: number) => {
      if (total > spent) return charge(total - spent);
      if (total === spent) return;
      // Priced below what was held (a batch that found fewer products, an export cut short): the rest goes back.
      await leases.give(accountId, spent - total);
      balance += spent - total;
      spent = total;
      report();
    };
    try {
      await next();
      metrics.creditsSpent(spent);
    } catch (err) {
      // Landed or owed: either way the client is not charged for an answer without data.
      await leases.give(accountId, spent);
      ctx.set({ 'X-Quota-Balance': String(balance + spent), 'X-Quota-Cost': '0' });
      throw err;
    }
  };
}

/** A HEAD passes with nothing taken: the handler's extra charges and settlement are no-ops. */
async function headFree(ctx: Call, next: () => Promise<unknown>): Promise<void> {
  ctx.state.charge = async () => undefined;
  ctx.state.settle = async () => undefined;
  ctx.set({ 'X-Quota-Cost': '0' });
  await next();
}
