// Credits taken from the database in blocks ("leases") per account and instance, and spent from
// memory: one database write per block instead of one per request. A quiet account takes one
// credit at a time, exactly as before; an account that keeps calling gets blocks that double up to
// `maxBlock`, and the next block is taken in the background once a quarter of the current one is
// left, so a busy account's requests do not queue behind a database write. What a lease has not
// spent goes back to the database after `idleMs` without use, on shutdown, and before any 402 (so a
// refusal always sees the whole balance).
// The cost: another instance may see those credits as taken for up to `idleMs`, and a process that
// dies without shutting down loses at most the unspent part of its leases (at most `maxBlock` per
// account: a background block tops the lease up to its block size, never beyond). Balances stay
// exact otherwise: balance + leased = what the account really has.
// The balance a request is shown (X-Quota-Balance) is that sum, told by the credit book (book.ts)
// that every worker and instance keeps together; without one (a single process), this lease's own.
import { debit, type CreditPorts } from './credits.service';
import type { CreditBook } from './book';
import { processLock, type ProcessLock } from '../shared/keyed-lock';
import type { Refunds } from './refunds';

interface Lease {
  remaining: number;
  /** The database balance after this lease's last block. */
  stored: number;
  block: number;
  refilledAt: number;
  usedAt: number;
  /** The background top-up under way, if any. */
  topping?: Promise<void>;
}

/** Within this long of the last refill, the next block is twice as large. */
const GROW_WITHIN_MS = 1000;

export class CreditLeases {
  private readonly leases = new Map<string, Lease>();
  private readonly turns: ProcessLock;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly ports: CreditPorts,
    private readonly refunds: Refunds,
    private readonly options: { readonly maxBlock: number; readonly idleMs: number; readonly waitMs: number },
    private readonly book?: CreditBook,
  ) {
    this.turns = processLock(options.waitMs);
    // A refund that lands in the database (one owed while it was away, settled now) is part of the
    // balance this process shows, though no block was taken since. Where the database serializes
    // nothing (MongoDB: no lock), a refund landing during a block's debit may be counted twice in
    // what is shown, until the next block: the balance itself stays exact.
    refunds.onLanded(async (accountId, credits, returned) => {
      const lease = this.leases.get(accountId);
      if (lease) lease.stored += credits;
      await this.book?.landed(accountId, credits, returned).catch(() => undefined);
    });
  }

  /** Takes `cost` credits; resolves with the balance to show, or throws 402 with nothing taken. */
  take(accountId: string, cost: number): Promise<number> {
    const held = this.leases.get(accountId);
    // The common case needs no turn: the lease covers the cost and nothing is under way for the
    // account, and spending from memory is one synchronous step.
    if (held && held.remaining >= cost && !this.turns.busy(accountId)) return this.spend(accountId, held, cost);
    return this.turns.run(accountId, async () => {
      await this.leases.get(accountId)?.topping;
      let lease = this.leases.get(accountId);
      if (!lease || lease.remaining < cost) lease = await this.refill(accountId, cost, lease);
      return this.spend(accountId, lease, cost);
    });
  }

  /** Gives credits back: into the account's lease when it has one, else to the database. */
  async give(accountId: string, amount: number): Promise<void> {
    const lease = this.leases.get(accountId);
    if (!lease) return this.refunds.give(accountId, amount);
    lease.remaining += amount;
    await this.book?.refunded(accountId, amount).catch(() => undefined);
  }

  /** Returns every unspent lease to the database (shutdown). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.leases.keys()].map((id) => this.turns.run(id, () => this.release(id))));
  }

  private async refill(accountId: string, cost: number, lease: Lease | undefined): Promise<Lease> {
    const now = Date.now();
    const need = cost - (lease?.remaining ?? 0);
    const block =
      lease && now - lease.refilledAt < GROW_WITHIN_MS ? Math.min(this.options.maxBlock, lease.block * 2) : 1;
    if (block > 1) {
      const taken = need + block - 1;
      const stored = await this.debitBlock(accountId, taken);
      if (stored !== null) {
        // The same object: refunds given into it while the debit was on their way are kept.
        const current = this.leases.get(accountId) ?? { remaining: 0, stored, block, refilledAt: now, usedAt: now };
        Object.assign(current, { remaining: current.remaining + taken, stored, block, refilledAt: now });
        this.leases.set(accountId, current);
        return current;
      }
    }
    // One credit at a time, or not enough for a block: hand back what the lease holds, then take
    // exactly the cost, so a 402 is decided on the whole balance.
    await this.release(accountId);
    const stored = await debit(accountId, cost, this.ports, (left) => this.tellLeased(accountId, cost, left));
    const exact: Lease = { remaining: cost, stored, block: 1, refilledAt: now, usedAt: now };
    this.leases.set(accountId, exact);
    return exact;
  }

  /** Takes `taken` from the stored balance under the account's lock, and tells the book there; null when short. */
  private debitBlock(accountId: string, taken: number): Promise<number | null> {
    return this.ports.lock.run(accountId, async () => {
      const stored = await this.ports.accounts.debit(accountId, taken);
      if (stored !== null) await this.tellLeased(accountId, taken, stored);
      return stored;
    });
  }

  private async tellLeased(accountId: string, taken: number, stored: number): Promise<void> {
    await this.book?.leased(accountId, taken, stored).catch(() => undefined);
  }

  /** Spends from the lease at once (exact); then the balance to show: the book's, else this lease's. */
  private async spend(accountId: string, lease: Lease, cost: number): Promise<number> {
    lease.remaining -= cost;
    lease.usedAt = Date.now();
    this.schedule();
    if (lease.block > 1 && !lease.topping && lease.remaining * 4 <= lease.block) {
      lease.topping = this.topUp(accountId, lease).finally(() => (lease.topping = undefined));
    }
    const own = lease.stored + lease.remaining;
    return (await this.book?.spent(accountId, cost).catch(() => undefined)) ?? own;
  }

  /**
   * Takes the next block while the lease still has credits. Not enough left for it, or the database
   * away: nothing happens here, and the request that finds the lease short refills it under the
   * account's turn as before (a block, else a single debit or a 402 on the whole balance, or the
   * database's error).
   */
  private async topUp(accountId: string, lease: Lease): Promise<void> {
    const now = Date.now();
    const block =
      now - lease.refilledAt < GROW_WITHIN_MS ? Math.min(this.options.maxBlock, lease.block * 2) : lease.block;
    const taken = block - lease.remaining;
    const stored = await this.debitBlock(accountId, taken).catch(() => null);
    if (stored === null) return;
    Object.assign(lease, { remaining: lease.remaining + taken, stored, block, refilledAt: now });
  }

  private async release(accountId: string): Promise<void> {
    // A top-up under way lands in this lease first, so what it took is given back with the rest.
    await this.leases.get(accountId)?.topping;
    const lease = this.leases.get(accountId);
    this.leases.delete(accountId);
    if (lease && lease.remaining > 0) await this.refunds.land(accountId, lease.remaining, true);
  }

  /** Under the account's turn, so a lease used meanwhile is kept. */
  private async releaseIfIdle(accountId: string, idleSince: number): Promise<void> {
    if ((this.leases.get(accountId)?.usedAt ?? 0) < idleSince) await this.release(accountId);
  }

  private schedule(): void {
    this.timer ??= setInterval(
      () => {
        const idleSince = Date.now() - this.options.idleMs;
        for (const [id, lease] of this.leases)
          // A turn not had in time (the balance busy) or a release that failed is tried again on the
          // next tick; left unhandled, its rejection would end the process.
          if (lease.usedAt < idleSince)
            this.turns.run(id, () => this.releaseIfIdle(id, idleSince)).catch(() => undefined);
        if (this.leases.size === 0) {
          clearInterval(this.timer);
          this.timer = undefined;
        }
      },
      Math.max(100, Math.floor(this.options.idleMs / 2)),
    ).unref();
  }
}
