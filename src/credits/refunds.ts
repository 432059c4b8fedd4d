// Refunds that must not be lost when the database fails the very request they belong to: a refund
// the database does not take now is owed, kept in this process and retried until it lands.
import { refund, type CreditPorts } from './credits.service';
import type { Logger } from '../http/logger';

/** How long a failed request waits for its refund before answering; the refund goes on after. */
const ANSWER_WITHIN_MS = 200;
const RETRY_MS = 2000;

export class Refunds {
  private readonly owed = new Map<string, number>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly ports: CreditPorts,
    private readonly logger: Logger,
  ) {}

  /** Gives `amount` back; waits at most a moment, the refund goes on (or is owed) after. Never rejects. */
  async give(accountId: string, amount: number): Promise<void> {
    await Promise.race([this.land(accountId, amount), new Promise((r) => setTimeout(r, ANSWER_WITHIN_MS).unref())]);
  }

  /** Gives `amount` back and resolves once it landed or is owed. Never rejects. */
  async land(accountId: string, amount: number): Promise<void> {
    await refund(accountId, amount, this.ports).catch(() => this.owe(accountId, amount));
  }

  /** Credits still owed (tests and shutdown). */
  get pending(): number {
    let sum = 0;
    for (const amount of this.owed.values()) sum += amount;
    return sum;
  }

  /** Tries every owed refund once more; what the database still refuses stays owed. */
  async settle(): Promise<void> {
    const due = [...this.owed];
    this.owed.clear();
    for (const [accountId, amount] of due) {
      await refund(accountId, amount, this.ports).catch(() => this.owe(accountId, amount));
    }
  }

  /** On shutdown: a last attempt, and a log line for anything that could not be given back. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.settle();
    for (const [account_id, credits] of this.owed) this.logger.error('refund lost at shutdown', { account_id, credits });
  }

  private owe(accountId: string, amount: number): void {
    this.owed.set(accountId, (this.owed.get(accountId) ?? 0) + amount);
    this.logger.warn('refund owed; the database did not take it', { account_id: accountId, credits: amount });
    this.timer ??= setInterval(() => {
      if (this.owed.size === 0) return;
      void this.settle();
    }, RETRY_MS).unref();
  }
}
