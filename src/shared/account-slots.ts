import { AppError } from '../errors/app-error';
import { accountSlotsFull } from '../errors/catalog';

/**
 * Work of one kind running per account in this instance. Exports hold a point in time while their
 * client reads; searches hold the engine while it runs them: an account may have only `max` at once,
 * and one more is a 429 problem, so one account's burst cannot take every engine thread.
 */
export class AccountSlots {
  private readonly running = new Map<string, number>();

  /** `what`: the work named in the refusal, plural ("exports", "searches"). */
  constructor(
    private readonly max: number,
    private readonly what: string,
    private readonly retryAfterSeconds: number,
  ) {}

  /** Takes a slot for `accountId`; the function returned gives it back (once, however often called). */
  take(accountId: string): () => void {
    const now = this.running.get(accountId) ?? 0;
    if (now >= this.max) {
      throw new AppError(accountSlotsFull(now, this.what, this.retryAfterSeconds));
    }
    this.running.set(accountId, now + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.running.get(accountId) ?? 1) - 1;
      if (left > 0) this.running.set(accountId, left);
      else this.running.delete(accountId);
    };
  }

  /** Runs `work` in a slot of `accountId`, given back however it ends. */
  async within<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    const release = this.take(accountId);
    try {
      return await work();
    } finally {
      release();
    }
  }
}
