// Sends due deliveries as Standard Webhooks, at least once: each poll takes the due slots of the
// schedule, claims each delivery with a lease (one sender at a time, across instances; a dead
// instance's lease runs out and another takes the delivery over), checks the endpoint again after
// DNS, sends with the same webhook-id every time, and records the attempt. A failure is retried on
// WEBHOOK_RETRY_SCHEDULE with ±20% jitter; 410 Gone, or failing for WEBHOOK_DISABLE_AFTER_MS,
// disables the watch. Polls take at most WEBHOOK_BATCH deliveries and send WEBHOOK_CONCURRENCY at
// once, so a flood drains in bounded batches beside the reads.
import { randomUUID } from 'node:crypto';
import type { Attempt, DeliveryDoc, EventDoc, WatchDoc } from '../catalog/watch.types';
import type { Logger } from '../shared/logger';
import { signatureHeaders, type SecretBox } from './webhook-signature';

export interface Outbound {
  /** Checks the URL after DNS and POSTs; a refused destination is an answer without a status. */
  send(
    url: string,
    headers: Record<string, string>,
    body: string,
  ): Promise<{ status: number | null; latencyMs: number; excerpt: string }>;
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
  readonly batch: number;
  readonly concurrency: number;
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

export class DeliveryWorker {
  readonly owner = randomUUID();
  private stopped = true;
  private running?: Promise<void>;
  private wake?: () => void;
  private readonly watchReads = new Map<string, Promise<WatchDoc | null>>();
  private readonly eventReads = new Map<string, Promise<EventDoc | null>>();

  constructor(
    private readonly ports: WorkerPorts,
    private readonly options: WorkerOptions,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = this.loop();
  }

  /** Sends what is due now rather than at the next poll (a redelivery, a test event). */
  nudge(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.poll();
      } catch (err) {
        this.logger.warn('webhook delivery poll failed', { cause: String(err) });
      }
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** One round: at most `batch` due deliveries, `concurrency` at a time. */
  async poll(): Promise<void> {
    // A flood is mostly many events for few watches: each watch and event is read once per poll.
    this.watchReads.clear();
    this.eventReads.clear();
    const slots = await this.ports.outbox.dueSlots(this.now(), this.options.batch);
    let budget = this.options.batch;
    for (const slot of slots) {
      if (budget <= 0 || this.stopped) break;
      const ids = slot.ids;
      const settled = ids.map(() => false);
      let next = 0;
      const worker = async () => {
        while (next < ids.length && budget > 0 && !this.stopped) {
          const i = next++;
          settled[i] = await this.handle(ids[i], () => (budget -= 1));
        }
      };
      await Promise.all(Array.from({ length: this.options.concurrency }, worker));
      if (settled.every(Boolean)) await this.ports.outbox.dropSlot(slot._id);
    }
  }

  /** True when the delivery no longer needs this slot (done, gone, or due later in another slot). */
  private async handle(id: string, spend: () => void): Promise<boolean> {
    const d = await this.ports.outbox.delivery(id);
    const now = this.now();
    if (!d || d.status !== 'pending' || d.next_at.getTime() > now) return true;
    const until = new Date(now + this.options.leaseMs);
    if (!(await this.ports.outbox.takeLease(id, this.owner, new Date(now), until))) return false;
    spend();
    await this.attempt(d);
    return true;
  }

  private async attempt(d: DeliveryDoc): Promise<void> {
    const watch = await once(this.watchReads, d.watch_id, () => this.ports.watches.findById(d.watch_id));
    const event = await once(this.eventReads, d.event_id, () => this.ports.outbox.event(d.event_id));
    const at = new Date(this.now());
    const give = (response: string) =>
      this.ports.outbox.settle(
        d._id,
        this.owner,
        { at, status: null, latency_ms: 0, response },
        { status: 'failed', next_at: at, tries: d.tries },
      );
    if (!watch) return void (await give('the watch was deleted'));
    if (!event) return void (await give('the event is gone'));
    if (watch.status === 'disabled') return void (await give(`the watch is disabled: ${watch.disabled_reason ?? ''}`));
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
      return;
    }
    const secrets = watch.secrets
      .filter((s) => !s.expires_at || s.expires_at.getTime() > at.getTime())
      .map((s) => this.ports.secrets.open(s.sealed));
    const readable = secrets.filter((s): s is string => s !== null);
    const body = JSON.stringify({
      type: event.type,
      timestamp: event.created_at.toISOString(),
      data: JSON.parse(event.data),
    });
    const answer =
      readable.length === 0
        ? {
            status: null,
            latencyMs: 0,
            excerpt: 'no signing secret could be read (WEBHOOK_SECRET_KEY changed?); rotate the secret',
          }
        : await this.ports.outbound.send(
            watch.url,
            signatureHeaders(d._id, Math.floor(at.getTime() / 1000), body, readable),
            body,
          );
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
