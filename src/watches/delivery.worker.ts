// Sends due deliveries as Standard Webhooks, at least once: each poll walks the due slots of the
// schedule, claims each delivery with a lease (one sender at a time, across instances; a dead
// instance's lease runs out and another takes the delivery over), checks the endpoint again after
// DNS, sends with the same webhook-id every time, and records the attempt. A failure is retried on
// WEBHOOK_RETRY_SCHEDULE with ±20% jitter; 410 Gone, or failing for WEBHOOK_DISABLE_AFTER_MS,
// disables the watch.
//
// Fair: a poll starts sends and does not wait for them. They run at once under the lanes'
// budgets (delivery-lanes.ts: WEBHOOK_CONCURRENCY in the main lane, at most
// WEBHOOK_CONCURRENCY_PER_WATCH per watch, WEBHOOK_CONCURRENCY_PER_ACCOUNT per account, and a slow lane for endpoints that timed out), so an
// endpoint that accepts and never answers holds at most its own watch's places, and after its first
// timeout only the slow lane's. A delivery that finds no room stays in its slot for the next poll,
// which comes at once when a send ends. Polls start at most WEBHOOK_BATCH sends each.
import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Attempt, DeliveryDoc, EventDoc, WatchDoc } from '../catalog/watch.types';
import type { Logger } from '../shared/logger';
import { signatureHeaders, type SecretBox } from './webhook-signature';
import { DeliveryLanes, type Sender, type SendOutcome } from './delivery-lanes';

export interface Outbound {
  /** Checks the URL after DNS and POSTs; a refused destination is an answer without a status. */
  send(
    url: string,
    headers: Record<string, string>,
    body: string,
  ): Promise<{ status: number | null; latencyMs: number; excerpt: string; timedOut?: boolean }>;
}

export interface WorkerPorts {
  readonly outbox: {
    dueSlots(now: number, max: number): Promise<{ _id: string; ids: string[] }[]>;
    dropSlot(id: string): Promise<void>;
    delivery(id: string): Promise<DeliveryDoc | null>;
    event(id: string): Promise<EventDoc | null>;
    takeLease(id: string, owner: string, now: Date, until: Date): Promise<boolean>;
    settle(
      id: string,
      owner: string,
      attempt: Attempt,
      next: Pick<DeliveryDoc, 'status' | 'next_at' | 'tries'>,
    ): Promise<boolean>;
    schedule(ids: readonly string[], at: Date): Promise<void>;
  };
  readonly watches: {
    findById(id: string): Promise<WatchDoc | null>;
    update(id: string, set: Partial<Omit<WatchDoc, '_id' | 'account_id'>>): Promise<WatchDoc | null>;
  };
  readonly outbound: Outbound;
  readonly secrets: SecretBox;
}

export interface WorkerOptions {
  readonly pollMs: number;
  /** Most sends a poll starts. */
  readonly batch: number;
  /** Sends at once in the main lane. */
  readonly concurrency: number;
  /** Sends at once per watch. */
  readonly perWatch: number;
  /** Sends at once per account, all its watches together. */
  readonly perAccount: number;
  /** Sends at once in the slow lane, and how long a timeout keeps a watch there. */
  readonly slowLane: { readonly concurrency: number; readonly forMs: number };
  /** Delays before each retry, ms. */
  readonly retryDelays: readonly number[];
  readonly disableAfterMs: number;
  /** How long a claim holds: longer than an attempt can take. */
  readonly leaseMs: number;
}

/** `5s,5m,30m` -> ms. */
export function parseSchedule(text: string): number[] {
  const unit: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  return text.split(',').map((part) => {
    const [, n, u] = /^(\d+)(ms|s|m|h|d)$/.exec(part.trim())!;
    return Number(n) * unit[u];
  });
}

function once<T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
  let hit = cache.get(key);
  if (!hit) cache.set(key, (hit = read()));
  return hit;
}

const jittered = (ms: number) => Math.round(ms * (0.8 + Math.random() * 0.4));

/** Due slots a poll walks: every one a poll may need, so deliveries waiting for room never hide later ones. */
const SLOTS_PER_POLL = 5000;
/** Deliveries a poll reads at once while walking a slot. */
const READS_AT_ONCE = 8;
const WATCH_OF_ENTRIES = 50_000;

export class DeliveryWorker {
  readonly owner = randomUUID();
  private stopped = true;
  private running?: Promise<void>;
  private wake?: () => void;
  private woken = false;
  private readonly watchReads = new Map<string, Promise<WatchDoc | null>>();
  private readonly eventReads = new Map<string, Promise<EventDoc | null>>();
  private readonly lanes: DeliveryLanes;
  /** Sends in flight, by delivery id. */
  private readonly sends = new Map<string, Promise<void>>();
  /** The watch and account of deliveries seen (never change): a delivery whose watch or account has no room is passed over without a read. */
  private readonly senderOf = new LRUCache<string, Sender>({ max: WATCH_OF_ENTRIES });

  constructor(
    private readonly ports: WorkerPorts,
    private readonly options: WorkerOptions,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.lanes = new DeliveryLanes(
      {
        main: options.concurrency,
        slow: options.slowLane.concurrency,
        perWatch: options.perWatch,
        perAccount: options.perAccount,
        slowForMs: options.slowLane.forMs,
      },
      now,
    );
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = this.loop();
  }

  /** Looks for due deliveries now rather than at the next poll (a redelivery, a test event, a send that ended). */
  nudge(): void {
    this.woken = true;
    this.wake?.();
  }

  /** Stops polling, and waits for the sends in flight to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
    await Promise.allSettled(this.sends.values());
  }

  /** Sends in flight per lane. */
  inFlight() {
    return this.lanes.inFlight();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      try {
        await this.poll();
      } catch (err) {
        this.logger.warn('webhook delivery poll failed', { cause: String(err) });
      }
      if (this.stopped) break;
      if (this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  /** One round: starts what is due and has room, at most `batch` sends; drops the slots that are done. */
  async poll(): Promise<void> {
    // A flood is mostly many events for few watches: each watch and event is read once per poll.
    this.watchReads.clear();
    this.eventReads.clear();
    const slots = await this.ports.outbox.dueSlots(this.now(), SLOTS_PER_POLL);
    const room = { left: this.options.batch };
    for (const slot of slots) {
      // Every place taken: nothing more can start (the send that ends first wakes the next poll).
      if (this.stopped || !this.lanes.anyRoom()) break;
      const done = await this.startAll(slot.ids, room);
      if (done) await this.ports.outbox.dropSlot(slot._id);
    }
  }

  /** Starts what it can of `ids`, a few reads at a time; true when none of them needs the slot any more. */
  private async startAll(ids: readonly string[], room: { left: number }): Promise<boolean> {
    let next = 0;
    let done = true;
    const reader = async () => {
      while (next < ids.length && !this.stopped) if (!(await this.startOne(ids[next++], room))) done = false;
    };
    await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, ids.length) }, reader));
    return done && next >= ids.length;
  }

  /**
   * Starts sending one delivery if it is due and its lane and watch have room. True when it no longer
   * needs this slot (done, gone, or due later in another slot); false while it waits or is sending
   * (the poll after its send finds it settled and drops the slot).
   */
  private async startOne(id: string, room: { left: number }): Promise<boolean> {
    if (this.sends.has(id) || room.left <= 0) return false;
    const known = this.senderOf.get(id);
    if (known !== undefined && !this.lanes.hasRoom(known)) return false;
    const d = await this.ports.outbox.delivery(id);
    const now = this.now();
    if (!d || d.status !== 'pending' || d.next_at.getTime() > now) return true;
    const sender: Sender = { watch: d.watch_id, account: d.account_id };
    this.senderOf.set(id, sender);
    const lane = this.lanes.take(sender);
    if (!lane) return false;
    const until = new Date(now + this.options.leaseMs);
    let claimed = false;
    try {
      claimed =
        room.left > 0 &&
        !this.sends.has(id) &&
        (await this.ports.outbox.takeLease(id, this.owner, new Date(now), until));
    } finally {
      if (!claimed) this.lanes.release(sender, lane, 'other');
    }
    if (!claimed) return false;
    room.left -= 1;
    const send = this.attempt(d)
      .then(
        (outcome) => this.lanes.release(sender, lane, outcome),
        (err: unknown) => {
          this.lanes.release(sender, lane, 'other');
          this.logger.warn('webhook delivery failed', { delivery_id: id, cause: String(err) });
        },
      )
      .finally(() => {
        this.sends.delete(id);
        this.nudge();
      });
    this.sends.set(id, send);
    return false;
  }

  /** One attempt: sends (unless there is nothing to send) and records it; says how the send ended. */
  private async attempt(d: DeliveryDoc): Promise<SendOutcome> {
    const watch = await once(this.watchReads, d.watch_id, () => this.ports.watches.findById(d.watch_id));
    const event = await once(this.eventReads, d.event_id, () => this.ports.outbox.event(d.event_id));
    const at = new Date(this.now());
    const give = async (response: string): Promise<SendOutcome> => {
      await this.ports.outbox.settle(
        d._id,
        this.owner,
        { at, status: null, latency_ms: 0, response },
        { status: 'failed', next_at: at, tries: d.tries },
      );
      return 'other';
    };
    if (!watch) return give('the watch was deleted');
    if (!event) return give('the event is gone');
    if (watch.status === 'disabled') return give(`the watch is disabled: ${watch.disabled_reason ?? ''}`);
    if (watch.status === 'paused') {
      // Held, not tried: it goes when the watch is resumed (checked again each minute).
      const later = new Date(at.getTime() + 60_000);
      await this.ports.outbox.schedule([d._id], later);
      await this.ports.outbox.settle(
        d._id,
        this.owner,
        { at, status: null, latency_ms: 0, response: 'held: the watch is paused' },
        { status: 'pending', next_at: later, tries: d.tries },
      );
      return 'other';
    }
    const answer = await this.send(d, watch, event, at);
    await this.record(d, watch, at, answer);
    if (answer.timedOut) return 'timed-out';
    return answer.status === null ? 'other' : 'answered';
  }

  private async send(d: DeliveryDoc, watch: WatchDoc, event: EventDoc, at: Date) {
    const secrets = watch.secrets
      .filter((s) => !s.expires_at || s.expires_at.getTime() > at.getTime())
      .map((s) => this.ports.secrets.open(s.sealed));
    const readable = secrets.filter((s): s is string => s !== null);
    const body = JSON.stringify({
      type: event.type,
      timestamp: event.created_at.toISOString(),
      data: JSON.parse(event.data),
    });
    if (readable.length === 0)
      return {
        status: null,
        latencyMs: 0,
        excerpt: 'no signing secret could be read (WEBHOOK_SECRET_KEY changed?); rotate the secret',
      };
    return this.ports.outbound.send(
      watch.url,
      signatureHeaders(d._id, Math.floor(at.getTime() / 1000), body, readable),
      body,
    );
  }

  /** Records the attempt and what follows: delivered, retried later, failed, or the watch disabled. */
  private async record(
    d: DeliveryDoc,
    watch: WatchDoc,
    at: Date,
    answer: { status: number | null; latencyMs: number; excerpt: string },
  ): Promise<void> {
    const attempt: Attempt = { at, status: answer.status, latency_ms: answer.latencyMs, response: answer.excerpt };
    const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const tries = d.tries + 1;
    if (ok) {
      await this.ports.outbox.settle(d._id, this.owner, attempt, { status: 'delivered', next_at: at, tries });
      if (watch.failing_since) await this.ports.watches.update(watch._id, { failing_since: null });
      return;
    }
    const failingSince = watch.failing_since ?? at;
    const gone = answer.status === 410;
    const tooLong = at.getTime() - failingSince.getTime() >= this.options.disableAfterMs;
    if (gone || tooLong) {
      const reason = gone
        ? `the endpoint answered 410 Gone at ${at.toISOString()}`
        : `every attempt failed from ${failingSince.toISOString()} to ${at.toISOString()}`;
      await this.ports.watches.update(watch._id, {
        status: 'disabled',
        disabled_reason: reason,
        failing_since: failingSince,
      });
      await this.ports.outbox.settle(d._id, this.owner, attempt, { status: 'failed', next_at: at, tries });
      this.logger.warn('webhook endpoint disabled', { watch_id: watch._id, reason });
      return;
    }
    if (!watch.failing_since) await this.ports.watches.update(watch._id, { failing_since: failingSince });
    const delay = this.options.retryDelays[tries - 1];
    if (delay === undefined) {
      await this.ports.outbox.settle(d._id, this.owner, attempt, { status: 'failed', next_at: at, tries });
      return;
    }
    const next = new Date(at.getTime() + jittered(delay));
    // Scheduled before the delivery says so: a crash between leaves it in both slots, never in none.
    await this.ports.outbox.schedule([d._id], next);
    await this.ports.outbox.settle(d._id, this.owner, attempt, { status: 'pending', next_at: next, tries });
  }
}
