// Who may send now, per instance: one main budget shared by every watch, a small slow lane for
// watches whose endpoint timed out (so a silent endpoint never sits on the main budget again), and
// a cap per watch and one per account in both lanes (so neither one endpoint nor one account's many
// watches ever hold a whole lane). A watch leaves the slow lane when its endpoint answers in time, or
// when `slowForMs` has passed since its last timeout.

export type Lane = 'main' | 'slow';
/** How a send ended: an answer in time (any status), a timeout, or neither (refused, not sent). */
export type SendOutcome = 'answered' | 'timed-out' | 'other';

export interface LaneOptions {
  /** Sends at once in the main lane (WEBHOOK_CONCURRENCY). */
  readonly main: number;
  /** Sends at once in the slow lane (WEBHOOK_SLOW_LANE_CONCURRENCY). */
  readonly slow: number;
  /** Sends at once per watch, in whichever lane (WEBHOOK_CONCURRENCY_PER_WATCH). */
  readonly perWatch: number;
  /** Sends at once per account, all its watches together, in whichever lane (WEBHOOK_CONCURRENCY_PER_ACCOUNT). */
  readonly perAccount: number;
  /** How long a timeout keeps a watch in the slow lane (WEBHOOK_SLOW_LANE_MS). */
  readonly slowForMs: number;
}

/** Whom a send is for: the watch, and the account that owns it. */
export interface Sender {
  readonly watch: string;
  readonly account: string;
}

/** Slow-lane marks kept before expired ones are swept. */
const MARKS_BEFORE_SWEEP = 10_000;

export class DeliveryLanes {
  private readonly sending: Record<Lane, number> = { main: 0, slow: 0 };
  private readonly perWatch = new Map<string, number>();
  private readonly perAccount = new Map<string, number>();
  private readonly slowUntil = new Map<string, number>();

  constructor(
    private readonly options: LaneOptions,
    private readonly now: () => number = Date.now,
  ) {}

  laneOf(watchId: string): Lane {
    const until = this.slowUntil.get(watchId);
    if (until === undefined) return 'main';
    if (until > this.now()) return 'slow';
    this.slowUntil.delete(watchId);
    return 'main';
  }

  /** Whether a send for `to` could start now. */
  hasRoom(to: Sender): boolean {
    const lane = this.laneOf(to.watch);
    return (
      this.sending[lane] < this.options[lane] &&
      (this.perWatch.get(to.watch) ?? 0) < this.options.perWatch &&
      (this.perAccount.get(to.account) ?? 0) < this.options.perAccount
    );
  }

  /** Whether any lane has a free place (when none has, a poll has nothing to start). */
  anyRoom(): boolean {
    return this.sending.main < this.options.main || this.sending.slow < this.options.slow;
  }

  /** Takes a place for a send for `to`: the lane it goes in, or null when its lane, watch or account is full. */
  take(to: Sender): Lane | null {
    if (!this.hasRoom(to)) return null;
    const lane = this.laneOf(to.watch);
    this.sending[lane] += 1;
    count(this.perWatch, to.watch, 1);
    count(this.perAccount, to.account, 1);
    return lane;
  }

  /** Gives the place back; a timeout sends the watch to the slow lane, an answer in time brings it back. */
  release(to: Sender, lane: Lane, outcome: SendOutcome): void {
    this.sending[lane] -= 1;
    count(this.perWatch, to.watch, -1);
    count(this.perAccount, to.account, -1);
    if (outcome === 'answered') this.slowUntil.delete(to.watch);
    if (outcome !== 'timed-out') return;
    this.slowUntil.set(to.watch, this.now() + this.options.slowForMs);
    if (this.slowUntil.size > MARKS_BEFORE_SWEEP)
      for (const [id, until] of this.slowUntil) if (until <= this.now()) this.slowUntil.delete(id);
  }

  /** Sends in flight per lane (for tests and metrics). */
  inFlight(): Readonly<Record<Lane, number>> {
    return { ...this.sending };
  }
}

/** Adds `by` to the count of `key`, forgetting a count that reaches 0. */
function count(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
