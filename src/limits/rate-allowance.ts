// One rate limit shared by every instance, counted in blocks: an instance takes a block of the
// window's allowance from the store (Redis) and admits requests from memory until it is spent, so a
// busy key costs one round trip per block, not per request. A key that calls rarely takes one at a
// time, as an exact per-request count would; one that keeps calling gets blocks that double up to
// `maxBlock`, and the next block is taken in the background once a quarter of the current one is
// left. Unused allowance goes back after `idleMs` without use and on shutdown.
// What it costs, stated in the API document: the store never grants more than the limit in a
// window, so no key is ever served more than its limit across instances; a key spread over several
// instances may be refused up to (instances - 1) x maxBlock requests early while another instance
// holds allowance it has taken and not used (given back within `idleMs`).
import type { AllowanceStore } from './limits.stores';

/** Where a limit stands after a request: admitted or not, what is left and when the window ends (Unix seconds). */
export interface Verdict {
  readonly admitted: boolean;
  readonly remaining: number;
  readonly reset: number;
}

export interface AllowanceOptions {
  /** Prefixes each id's window in the store (the key's and the account's limits have their own). */
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
  readonly maxBlock: number;
  readonly idleMs: number;
}

interface Lease {
  readonly window: string;
  /** Taken by this instance and not yet used. */
  left: number;
  /** The window's count over every instance at the last grant. */
  taken: number;
  /** When the window ends, by this clock; judged from when the take was sent, so never later than the store's. */
  endsAt: number;
  block: number;
  refilledAt: number;
  usedAt: number;
}

/** Within this long of the last refill, the next block is twice as large. */
const GROW_WITHIN_MS = 1000;

/** A block is at most this share of the limit, so what other instances may hold stays small beside it. */
export const blockFor = (limit: number) => Math.max(1, Math.min(256, Math.floor(limit / 32)));

export class RateAllowance {
  private readonly leases = new Map<string, Lease>();
  private readonly refills = new Map<string, Promise<number>>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly store: AllowanceStore,
    private readonly options: AllowanceOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for `id` from what this instance holds; undefined when it holds nothing (then `take`). */
  takeHeld(id: string): Verdict | undefined {
    const lease = this.current(id);
    return lease && lease.left > 0 ? this.spend(id, lease) : undefined;
  }

  /** Counts one request for `id`. Rejects when the store does not answer and this instance holds nothing for it. */
  async take(id: string): Promise<Verdict> {
    for (;;) {
      const held = this.takeHeld(id);
      if (held) return held;
      if ((await this.refill(id)) === 0) {
        const after = this.current(id);
        // Another request's refill may have landed meanwhile.
        if (after && after.left > 0) continue;
        return { admitted: false, remaining: 0, reset: resetOf(after?.endsAt ?? this.now() + this.options.windowMs) };
      }
    }
  }

  /** Gives back every unused block (shutdown). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled(this.refills.values());
    await Promise.allSettled([...this.leases.keys()].map((id) => this.release(id)));
  }

  private current(id: string): Lease | undefined {
    const lease = this.leases.get(id);
    if (lease && lease.endsAt <= this.now()) {
      this.leases.delete(id);
      return undefined;
    }
    return lease;
  }

  private spend(id: string, lease: Lease): Verdict {
    lease.left -= 1;
    lease.usedAt = this.now();
    this.schedule();
    if (lease.block > 1 && lease.left * 4 <= lease.block && !this.refills.has(id)) {
      // A failed top-up changes nothing: the request that finds the lease empty asks again.
      this.refill(id).catch(() => undefined);
    }
    return {
      admitted: true,
      remaining: Math.max(0, this.options.limit - lease.taken + lease.left),
      reset: resetOf(lease.endsAt),
    };
  }

  /** Tops `id`'s lease up to its next block; resolves with how many were granted. One at a time per id. */
  private refill(id: string): Promise<number> {
    const under = this.refills.get(id);
    if (under) return under;
    const { name, limit, windowMs, maxBlock } = this.options;
    const sentAt = this.now();
    const lease = this.current(id);
    const block = !lease
      ? 1
      : sentAt - lease.refilledAt < GROW_WITHIN_MS
        ? Math.min(maxBlock, lease.block * 2)
        : lease.block;
    const wanted = Math.max(1, block - (lease?.left ?? 0));
    const refill = this.store
      .take(`${name}:${id}`, wanted, limit, windowMs)
      .then((grant) => {
        let held = this.current(id);
        // What was left of an earlier window is void: that window has ended in the store.
        if (!held || held.window !== grant.window) {
          held = { window: grant.window, left: 0, taken: 0, endsAt: 0, block, refilledAt: 0, usedAt: sentAt };
          this.leases.set(id, held);
        }
        Object.assign(held, {
          left: held.left + grant.granted,
          taken: grant.taken,
          endsAt: sentAt + grant.ttlMs,
          block,
          refilledAt: sentAt,
        });
        this.schedule();
        return grant.granted;
      })
      .finally(() => this.refills.delete(id));
    this.refills.set(id, refill);
    return refill;
  }

  private async release(id: string): Promise<void> {
    const lease = this.leases.get(id);
    this.leases.delete(id);
    if (lease && lease.left > 0 && lease.endsAt > this.now())
      await this.store.giveBack(`${this.options.name}:${id}`, lease.left, lease.window);
  }

  private schedule(): void {
    this.timer ??= setInterval(
      () => {
        const idleSince = this.now() - this.options.idleMs;
        for (const [id, lease] of this.leases)
          if (lease.usedAt < idleSince && !this.refills.has(id)) this.release(id).catch(() => undefined);
        if (this.leases.size === 0) {
          clearInterval(this.timer);
          this.timer = undefined;
        }
      },
      Math.max(50, Math.floor(this.options.idleMs / 2)),
    ).unref();
  }
}

const resetOf = (endsAt: number) => Math.ceil(endsAt / 1000);
