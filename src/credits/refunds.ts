// Refunds, exact and durable. Every refund has an id, and the database applies an id at most once
// (the account keeps it as a receipt while the refund is in flight), so a refund whose write failed
// or timed out can be retried without knowing whether that write landed. A refund the database does
// not take now is owed: written to the owed-refund store (Redis in production, shared by instances
// and outliving this process) and settled by whichever instance gets to it first. Only while the
// store too is away is a refund owed in this process's memory; it is then lost if the process dies
// before the database is back, and the log says so.
import { randomUUID } from 'node:crypto';
import type { KeyedLock } from '../shared/keyed-lock';
import type { OwedRefundStore, Refund } from '../catalog/refund.types';

import type { Logger } from '../shared/logger';

export interface RefundPorts {
  readonly accounts: {
    creditOnce(id: string, amount: number, refundId: string): Promise<boolean>;
    forgetRefund(id: string, refundId: string): Promise<void>;
  };
  /** Serializes writes to one account's balance where the database would not (see keyed-lock.ts). */
  readonly lock: KeyedLock;
  /** The shared store of owed refunds. */
  readonly owed: OwedRefundStore;
  /** One settler per refund at a time, across instances. */
  readonly turns: KeyedLock;
}

/** An owed-refund store in this process only: the fallback while the shared one is away, and for tests. */
export function memoryOwedRefunds(): OwedRefundStore {
  const owed = new Map<string, Refund>();
  return {
    add: async (refund) => void owed.set(refund.id, refund),
    list: async () => [...owed.values()],
    has: async (id) => owed.has(id),
    remove: async (id) => void owed.delete(id),
  };
}

/** Told of every refund that lands, under the account's lock; `returned`: a lease's unspent credits. */
export type LandedListener = (accountId: string, credits: number, returned: boolean) => void | Promise<void>;

/** How long a failed request waits for its refund before answering; the refund goes on after. */
const ANSWER_WITHIN_MS = 200;
const RETRY_MS = 2000;

export class Refunds {
  /** Refunds owed while the shared store was away too. */
  private readonly local = memoryOwedRefunds();
  private readonly timer: NodeJS.Timeout;
  private settling?: Promise<void>;
  private readonly landedListeners: LandedListener[] = [];

  /** Settles owed refunds every RETRY_MS, including those another instance owed and could not settle before it stopped. */
  constructor(
    private readonly ports: RefundPorts,
    private readonly logger: Logger,
  ) {
    this.timer = setInterval(() => void this.settle(), RETRY_MS).unref();
  }

  /**
   * Calls `listener` whenever a refund lands in the database, under the account's lock, before the
   * next write to the balance: the leases keep the balance they show in step with it.
   */
  onLanded(listener: LandedListener): void {
    this.landedListeners.push(listener);
  }

  /** Gives `amount` back; waits at most a moment, the refund goes on (or is owed) after. Never rejects. */
  async give(accountId: string, amount: number): Promise<void> {
    await Promise.race([this.land(accountId, amount), new Promise((r) => setTimeout(r, ANSWER_WITHIN_MS).unref())]);
  }

  /**
   * Gives `amount` back and resolves once it landed or is owed. Never rejects. `returned`: credits a
   * lease gives back unspent, not a refund.
   */
  async land(accountId: string, amount: number, returned = false): Promise<void> {
    const refund: Refund = { id: randomUUID(), accountId, credits: amount, ...(returned ? { returned } : {}) };
    try {
      await this.ports.lock.run(accountId, () => this.creditOnce(refund));
    } catch {
      await this.owe(refund);
      return;
    }
    // Nobody else knows this id, so nothing can apply it again: the receipt can go.
    await this.forget(refund);
  }

  /** Credits owed and not yet settled, in the shared store and in this process (tests). */
  async owedCredits(): Promise<number> {
    const all = [...(await this.ports.owed.list()), ...(await this.local.list())];
    return all.reduce((sum, r) => sum + r.credits, 0);
  }

  /** Tries every owed refund once, in the shared store and here; what the database still refuses stays owed. */
  settle(): Promise<void> {
    this.settling ??= this.settleAll().finally(() => (this.settling = undefined));
    return this.settling;
  }

  private async settleAll(): Promise<void> {
    const shared = await this.ports.owed.list().catch(() => []);
    for (const refund of shared) await this.settleOne(refund, this.ports.owed, this.ports.turns).catch(() => undefined);
    for (const refund of await this.local.list()) {
      // Moved to the shared store once it is back, so any instance can settle it from there.
      const moved = await this.ports.owed.add(refund).then(
        () => true,
        () => false,
      );
      if (moved) await this.local.remove(refund.id);
      else await this.settleOne(refund, this.local, { run: (_key, work) => work() }).catch(() => undefined);
    }
  }

  /** On shutdown: a last attempt, and a log line for every refund that only this process knew of. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.settle();
    for (const { accountId: account_id, credits } of await this.local.list())
      this.logger.error('refund lost at shutdown', { account_id, credits });
  }

  /** Under the refund's turn, so two instances never settle one refund at once; a settled one is skipped. */
  private settleOne(refund: Refund, store: OwedRefundStore, turns: KeyedLock): Promise<void> {
    return turns.run(`refund:${refund.id}`, async () => {
      if (!(await store.has(refund.id))) return;
      await this.ports.lock.run(refund.accountId, () => this.creditOnce(refund));
      await store.remove(refund.id);
      await this.forget(refund);
    });
  }

  private async creditOnce(refund: Refund): Promise<void> {
    if (!(await this.ports.accounts.creditOnce(refund.accountId, refund.credits, refund.id))) return;
    for (const listener of this.landedListeners)
      await listener(refund.accountId, refund.credits, refund.returned === true);
  }

  /**
   * Drops a refund's receipt, under the account's lock like every write to it: on FerretDB even an
   * $unset rewrites the whole document, and would undo a concurrent debit (the faults test lost a
   * credit that way). A receipt left behind (the database went away just now) costs a few bytes.
   */
  private async forget(refund: Refund): Promise<void> {
    await this.ports.lock
      .run(refund.accountId, () => this.ports.accounts.forgetRefund(refund.accountId, refund.id))
      .catch(() => undefined);
  }

  private async owe(refund: Refund): Promise<void> {
    const { accountId: account_id, credits } = refund;
    try {
      await this.ports.owed.add(refund);
      this.logger.warn('refund owed; the database did not take it', { account_id, credits });
    } catch {
      await this.local.add(refund);
      this.logger.error('refund owed in memory only; the database and the owed-refund store are both away', {
        account_id,
        credits,
      });
    }
  }
}
