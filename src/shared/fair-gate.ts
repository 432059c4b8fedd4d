import { AppError } from '../errors/app-error';
import { lineFull, noSlotFreed } from '../errors/catalog';

export interface FairGateLimits {
  /** Work this process runs at once, every account together. */
  readonly slots: number;
  /** Of those, the most one account may hold: fewer than `slots`, so another account always finds one free. */
  readonly perAccount: number;
  /** Requests one account may have waiting for a slot; one more is refused at once. */
  readonly waitingPerAccount: number;
  /** Longest a request waits for a slot before it is refused. */
  readonly maxWaitMs: number;
}

interface Waiter {
  readonly start: (release: () => void) => void;
  timer?: NodeJS.Timeout;
}

/**
 * Admission to a shared engine, fair between accounts. A process sends at most `slots` pieces of
 * work to the engine at once; what finds no free slot waits in its account's line, and a freed slot
 * goes to the waiting account that holds the fewest (the longest-waiting of them first). One account
 * never holds more than `perAccount`, so a burst of costly searches from one tenant queues behind
 * itself while another tenant's search finds a slot at once. Lines are bounded in length (past it, a
 * 429 problem: the account's own burst) and in time (past it, a 503 dependency-timeout problem: slots
 * that do not free mean the engine is slow or hanging); either way nothing was sent to the engine.
 */
export class FairGate {
  private running = 0;
  private readonly held = new Map<string, number>();
  /** Waiting requests per account, in the order the accounts started waiting. */
  private readonly lines = new Map<string, Waiter[]>();

  /** `what`: the work named in refusals, plural ("searches"). */
  constructor(
    private readonly limits: FairGateLimits,
    private readonly what: string,
  ) {}

  /** Runs `work` once `accountId` has a slot, and gives the slot back however it ends. */
  async within<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    const release = await this.admit(accountId);
    try {
      return await work();
    } finally {
      release();
    }
  }

  private admit(accountId: string): Promise<() => void> {
    // Slots are handed out as soon as they free, so while one is free every waiting account holds
    // its most: a request that can start now jumps no one.
    if (this.running < this.limits.slots && this.heldBy(accountId) < this.limits.perAccount) {
      this.take(accountId);
      return Promise.resolve(this.releaser(accountId));
    }
    const line = this.lines.get(accountId) ?? [];
    if (line.length >= this.limits.waitingPerAccount) {
      return Promise.reject(
        new AppError(lineFull(this.what, { running: this.heldBy(accountId), waiting: line.length }, this.limits)),
      );
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { start: resolve };
      line.push(waiter);
      this.lines.set(accountId, line);
      waiter.timer = setTimeout(() => {
        this.leave(accountId, waiter);
        reject(new AppError(noSlotFreed(this.what, this.limits.maxWaitMs)));
      }, this.limits.maxWaitMs);
      waiter.timer.unref();
    });
  }

  /** Hands free slots to waiting accounts, the one holding the fewest first. */
  private dispatch(): void {
    while (this.running < this.limits.slots) {
      const next = this.nextAccount();
      if (next === undefined) return;
      const waiter = this.lines.get(next)?.[0];
      if (!waiter) return;
      this.leave(next, waiter);
      this.take(next);
      clearTimeout(waiter.timer);
      waiter.start(this.releaser(next));
    }
  }

  private nextAccount(): string | undefined {
    let best: string | undefined;
    for (const accountId of this.lines.keys()) {
      const holds = this.heldBy(accountId);
      if (holds >= this.limits.perAccount) continue;
      if (best === undefined || holds < this.heldBy(best)) best = accountId;
    }
    return best;
  }

  private take(accountId: string): void {
    this.running += 1;
    this.held.set(accountId, this.heldBy(accountId) + 1);
  }

  private releaser(accountId: string): () => void {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.running -= 1;
      const left = this.heldBy(accountId) - 1;
      if (left > 0) this.held.set(accountId, left);
      else this.held.delete(accountId);
      this.dispatch();
    };
  }

  private leave(accountId: string, waiter: Waiter): void {
    const line = this.lines.get(accountId);
    if (!line) return;
    const at = line.indexOf(waiter);
    if (at >= 0) line.splice(at, 1);
    if (line.length === 0) this.lines.delete(accountId);
  }

  private heldBy(accountId: string): number {
    return this.held.get(accountId) ?? 0;
  }
}
