// A watch's delivery log, a redelivery of one, and a test event: what a developer uses to see and
// try what the endpoint receives. Each is queued like any delivery and sent by the worker. Test
// events and redeliveries are free, so they are counted per watch (WEBHOOK_MANUAL_SENDS_PER_WATCH,
// across instances): past the limit, 429 with Retry-After, and nothing is queued.
import { randomUUID } from 'node:crypto';
import { AppError } from '../errors/app-error';
import { deliveryNotFound } from '../errors/catalog';
import { refuseOverLimit, type Verdict } from '../limits/throttle';
import { TEST_EVENT, type DeliveryDoc, type EventDoc } from '../catalog/watch.types';
import { eventId } from './event-rules';
import { deliveryId } from './announce.service';
import type { WatchService } from './watches.service';

export interface DeliveryPorts {
  readonly outbox: {
    logOf(watchId: string, limit: number): Promise<DeliveryDoc[]>;
    delivery(id: string): Promise<DeliveryDoc | null>;
    requeue(id: string, at: Date): Promise<DeliveryDoc | null>;
    insertEvents(events: readonly EventDoc[]): Promise<void>;
    insertDeliveries(docs: readonly DeliveryDoc[]): Promise<DeliveryDoc[]>;
    schedule(ids: readonly string[], at: Date): Promise<void>;
    log(watchId: string, ids: readonly string[], at: Date, keepAfter: Date): Promise<void>;
  };
  /** Wakes the worker, so a queued delivery goes now rather than at the next poll. */
  readonly nudge: () => void;
  /** Counts a test event or redelivery on a watch. */
  readonly manualSends: { hit(watchId: string): Promise<Verdict> };
}

export function deliveryView(d: DeliveryDoc) {
  return {
    id: d._id,
    event_id: d.event_id,
    event_type: d.event_type,
    status: d.status,
    created_at: d.created_at.toISOString(),
    next_attempt_at: d.status === 'pending' ? d.next_at.toISOString() : null,
    attempts: d.attempts.map((a) => ({ ...a, at: a.at.toISOString() })),
  };
}

export class DeliveryService {
  constructor(
    private readonly watches: WatchService,
    private readonly ports: DeliveryPorts,
    private readonly options: { readonly logRetentionMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  async list(accountId: string, watchId: string, limit: number) {
    await this.watches.owned(accountId, watchId);
    return { data: (await this.ports.outbox.logOf(watchId, limit)).map(deliveryView) };
  }

  async redeliver(accountId: string, watchId: string, id: string) {
    await this.watches.owned(accountId, watchId);
    const found = await this.ports.outbox.delivery(id);
    if (!found || found.watch_id !== watchId) throw new AppError(deliveryNotFound(id));
    await this.counted(watchId);
    const queued = await this.ports.outbox.requeue(id, new Date(this.now()));
    this.ports.nudge();
    return deliveryView(queued ?? found);
  }

  async sendTest(accountId: string, watchId: string) {
    const watch = await this.watches.owned(accountId, watchId);
    await this.counted(watchId);
    const at = new Date(this.now());
    // Each request is its own event: two sends in the same millisecond (through two workers) are two deliveries.
    const id = eventId(TEST_EVENT, watchId, at.toISOString(), randomUUID());
    const event: EventDoc = {
      _id: id,
      type: TEST_EVENT,
      created_at: at,
      watch_id: watchId,
      data: JSON.stringify({ event_id: id, watch_id: watchId, note: 'A test event sent on request; nothing changed.' }),
    };
    const delivery: DeliveryDoc = {
      _id: deliveryId(id, watchId),
      watch_id: watchId,
      account_id: watch.account_id,
      event_id: id,
      event_type: TEST_EVENT,
      status: 'pending',
      created_at: at,
      next_at: at,
      tries: 0,
      attempts: [],
      lease_owner: null,
      lease_until: null,
    };
    await this.ports.outbox.insertEvents([event]);
    await this.ports.outbox.insertDeliveries([delivery]);
    await this.ports.outbox.schedule([delivery._id], at);
    await this.ports.outbox.log(watchId, [delivery._id], at, new Date(at.getTime() - this.options.logRetentionMs));
    this.ports.nudge();
    return deliveryView(delivery);
  }

  private async counted(watchId: string): Promise<void> {
    refuseOverLimit(await this.ports.manualSends.hit(watchId), 'test events and redeliveries on this watch');
  }
}
