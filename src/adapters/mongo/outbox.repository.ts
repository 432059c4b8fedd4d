// The outbox of webhooks, by _id only (FerretDB 1.24 indexes nothing else, and its updates are a
// read and a write):
// - `announced`: the state last announced per product, in buckets by a hash of its id;
// - `events`: what was announced, one document each, ids derived from what they announce;
// - `deliveries`: one per (event, watch), id derived from both (the webhook-id): stored before any
//   attempt, so a restart loses nothing, and announcing twice stores one;
// - `delivery_schedule`: slots, each a document of delivery ids due at one time, written once and
//   never appended to, and one index document (`slots`) naming them in time order; and a log
//   document per watch (`log:<watch>`) naming its deliveries, newest last.
// The index and log documents change under a lock (Redis across instances). A delivery is claimed
// by a lease: a compare-and-set, atomic on MongoDB, emulated on FerretDB under the delivery's lock.
import { createHash, randomBytes } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { LRUCache } from 'lru-cache';
import type { Attempt, DeliveryDoc, EventDoc } from '../../catalog/watch.types';
import type { KeyedLock } from '../../shared/keyed-lock';
import { COLLECTIONS } from './collections';
import { editIdList, type IdListDoc } from './id-list';
import { dbCall, insertManyKeepingDuplicates } from './client';

/** A bucket of announced states (`[id, revision, listed]` as JSON), the baseline mark, or (an earlier layout) one product's state. */
type AnnouncedDoc =
  | { readonly _id: string; readonly states: string }
  | { readonly _id: string }
  | { readonly _id: string; readonly revision: number; readonly listed: boolean };
interface LogDoc {
  readonly _id: string;
  readonly entries: { id: string; at: Date }[];
}

/** Marks that announcing has run once: before it, the current state is the baseline and nothing is announced. */
const BASELINE = '#baseline';
const SLOTS = 'slots';
/** Delivery ids per slot document: well under a poll's batch, so a poll finishes (and drops) whole slots. */
const SLOT_SIZE = 100;
const CACHED_SLOTS = 10_000;
const SLOT_READS_AT_ONCE = 8;

/** Buckets of announced states: 43,291 products make documents of about 40 KB each. */
const ANNOUNCED_BUCKETS = 64;
const bucketOf = (productId: string) =>
  `announced:${createHash('sha256').update(productId).digest().readUInt16BE(0) % ANNOUNCED_BUCKETS}`;

const slotTime = (slotId: string) => Number(slotId.split(':')[1]);

export class OutboxRepository {
  private readonly announced: Collection<AnnouncedDoc>;
  private readonly events: Collection<EventDoc>;
  private readonly deliveries: Collection<DeliveryDoc>;
  private readonly lists: Collection<IdListDoc>;
  private readonly logs: Collection<LogDoc>;
  /** Slot documents read (they never change once written). */
  private readonly slots = new LRUCache<string, IdListDoc>({ max: CACHED_SLOTS });

  constructor(
    db: Db,
    private readonly lock: KeyedLock,
    private readonly atomicUpdates: () => Promise<boolean>,
  ) {
    this.announced = db.collection(COLLECTIONS.announced);
    this.events = db.collection(COLLECTIONS.events);
    this.deliveries = db.collection(COLLECTIONS.deliveries);
    this.lists = db.collection(COLLECTIONS.schedule);
    this.logs = db.collection(COLLECTIONS.schedule);
  }

  /** The state last announced per product, or null when announcing never ran. */
  async announcedState(): Promise<Map<string, { revision: number; listed: boolean }> | null> {
    const docs = await dbCall(() => this.announced.find({}).toArray());
    if (!docs.some((d) => d._id === BASELINE)) return null;
    const states = new Map<string, { revision: number; listed: boolean }>();
    // Per-product documents (an earlier layout) first, so a bucket written since overrides them.
    for (const d of docs)
      if ('revision' in d && d._id !== BASELINE) states.set(d._id, { revision: d.revision, listed: d.listed });
    for (const d of docs)
      if ('states' in d)
        for (const [id, revision, listed] of JSON.parse(d.states)) states.set(id, { revision, listed });
    return states;
  }

  /**
   * Records these products' states as announced. They are kept in ANNOUNCED_BUCKETS documents, each
   * a JSON text of the states of the products whose id hashes to it: one write per bucket touched,
   * where a document per product made a first announcement of 43,291 products 43,291 upserts
   * (about 15 s on FerretDB) and reading them back 4 s, against 0.3 s and 0.1 s (2026-11-25). A
   * bucket is read, merged and written under the outbox lock; each write replaces one document,
   * so a run that stops half way leaves every bucket either as it was or as it is now.
   */
  async saveAnnounced(states: readonly { id: string; revision: number; listed: boolean }[]): Promise<void> {
    const byBucket = new Map<string, (typeof states)[number][]>();
    for (const s of states) {
      const bucket = bucketOf(s.id);
      const list = byBucket.get(bucket);
      if (list) list.push(s);
      else byBucket.set(bucket, [s]);
    }
    for (const [bucket, changed] of byBucket)
      await this.lock.run(`announced:${bucket}`, async () => {
        const doc = await dbCall(() => this.announced.findOne({ _id: bucket }));
        const merged = new Map<string, [string, number, boolean]>(
          doc && 'states' in doc ? (JSON.parse(doc.states) as [string, number, boolean][]).map((e) => [e[0], e]) : [],
        );
        for (const s of changed) merged.set(s.id, [s.id, s.revision, s.listed]);
        const replacement = { _id: bucket, states: JSON.stringify([...merged.values()]) };
        await dbCall(() => this.announced.replaceOne({ _id: bucket }, replacement, { upsert: true }));
      });
    await dbCall(() => this.announced.replaceOne({ _id: BASELINE }, { _id: BASELINE }, { upsert: true }));
  }

  async insertEvents(events: readonly EventDoc[]): Promise<void> {
    await insertManyKeepingDuplicates(this.events, events);
  }

  event(id: string): Promise<EventDoc | null> {
    return dbCall(() => this.events.findOne({ _id: id }));
  }

  /** Stores deliveries; those stored before (same event and watch) are kept as they are. Returns the new ones. */
  async insertDeliveries(docs: readonly DeliveryDoc[]): Promise<DeliveryDoc[]> {
    const existing = new Set((await insertManyKeepingDuplicates(this.deliveries, docs)).map((d) => d._id));
    return docs.filter((d) => !existing.has(d._id));
  }

  delivery(id: string): Promise<DeliveryDoc | null> {
    return dbCall(() => this.deliveries.findOne({ _id: id }));
  }

  /** Puts delivery ids in new slots due at `at` (never appends to a slot: only the small index is rewritten). */
  async schedule(ids: readonly string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    const slots: IdListDoc[] = [];
    for (let i = 0; i < ids.length; i += SLOT_SIZE)
      slots.push({
        _id: `slot:${String(at.getTime()).padStart(15, '0')}:${randomBytes(6).toString('base64url')}`,
        ids: ids.slice(i, i + SLOT_SIZE),
      });
    await dbCall(() => this.lists.insertMany(slots));
    await this.editList(SLOTS, (list) => [...list, ...slots.map((s) => s._id)].sort());
  }

  /**
   * Slots due at `now`, earliest first, with their delivery ids. Slots never change once written, so
   * those read before come from memory: a poll walking many slots that wait for room reads none again.
   */
  async dueSlots(now: number, max: number): Promise<IdListDoc[]> {
    const index = await dbCall(() => this.lists.findOne({ _id: SLOTS }));
    const due = (index?.ids ?? []).filter((id) => slotTime(id) <= now).slice(0, max);
    const slots: (IdListDoc | null)[] = due.map((id) => this.slots.get(id) ?? null);
    const missing = slots.flatMap((s, i) => (s ? [] : [i]));
    let next = 0;
    const reader = async () => {
      while (next < missing.length) {
        const i = missing[next++];
        const slot = await dbCall(() => this.lists.findOne({ _id: due[i] }));
        if (slot) this.slots.set(slot._id, (slots[i] = slot));
      }
    };
    await Promise.all(Array.from({ length: Math.min(SLOT_READS_AT_ONCE, missing.length) }, reader));
    return slots.filter((s): s is IdListDoc => s !== null);
  }

  /** Forgets a slot whose every delivery is settled or due later in another slot. */
  async dropSlot(id: string): Promise<void> {
    await this.editList(SLOTS, (list) => list.filter((x) => x !== id));
    await dbCall(() => this.lists.deleteOne({ _id: id }));
    this.slots.delete(id);
  }

  /**
   * Claims a pending, due delivery for `owner` until `until`, unless another holds it: true when
   * claimed. One sender per delivery at a time; an instance that dies lets its lease run out.
   */
  async takeLease(id: string, owner: string, now: Date, until: Date): Promise<boolean> {
    const free = { $or: [{ lease_until: null }, { lease_until: { $lte: now } }] };
    const set = { $set: { lease_owner: owner, lease_until: until } };
    if (await this.atomicUpdates()) {
      const r = await dbCall(() =>
        this.deliveries.updateOne({ _id: id, status: 'pending', next_at: { $lte: now }, ...free }, set),
      );
      return r.modifiedCount === 1;
    }
    return this.lock.run(`delivery:${id}`, async () => {
      const d = await this.delivery(id);
      if (!d || d.status !== 'pending' || d.next_at > now || (d.lease_until && d.lease_until > now)) return false;
      await dbCall(() => this.deliveries.updateOne({ _id: id }, set));
      return true;
    });
  }

  /** Records an attempt and what follows it, and releases the lease, if `owner` still holds it. */
  async settle(
    id: string,
    owner: string,
    attempt: Attempt,
    next: Pick<DeliveryDoc, 'status' | 'next_at' | 'tries'>,
  ): Promise<boolean> {
    const update = {
      $set: { ...next, lease_owner: null, lease_until: null },
      $push: { attempts: attempt },
    };
    if (await this.atomicUpdates()) {
      const r = await dbCall(() => this.deliveries.updateOne({ _id: id, lease_owner: owner }, update));
      return r.modifiedCount === 1;
    }
    return this.lock.run(`delivery:${id}`, async () => {
      const d = await this.delivery(id);
      if (!d || d.lease_owner !== owner) return false;
      await dbCall(() => this.deliveries.updateOne({ _id: id }, update));
      return true;
    });
  }

  /** Makes a delivery pending again at `at`, on a fresh schedule, keeping its attempts (redelivery). */
  async requeue(id: string, at: Date): Promise<DeliveryDoc | null> {
    // Pending first, then the slot: a poll that found the slot while the delivery still read as
    // delivered would drop the slot as settled, and the redelivery would never be sent.
    const queued = await this.lock.run(`delivery:${id}`, () =>
      dbCall(() =>
        this.deliveries.findOneAndUpdate(
          { _id: id },
          { $set: { status: 'pending', next_at: at, tries: 0, lease_owner: null, lease_until: null } },
          { returnDocument: 'after' },
        ),
      ),
    );
    if (queued) await this.schedule([id], at);
    return queued;
  }

  /**
   * Adds deliveries to a watch's log; entries older than `keepAfter` leave it, and their deliveries
   * are deleted unless still pending.
   */
  async log(watchId: string, ids: readonly string[], at: Date, keepAfter: Date): Promise<void> {
    const logId = `log:${watchId}`;
    const dropped: string[] = [];
    await this.lock.run(logId, async () => {
      const doc = await dbCall(() => this.logs.findOne({ _id: logId }));
      const entries = (doc?.entries ?? []).filter((e) => e.at > keepAfter || (dropped.push(e.id), false));
      entries.push(...ids.map((id) => ({ id, at })));
      await dbCall(() => this.logs.replaceOne({ _id: logId }, { entries }, { upsert: true }));
    });
    for (const id of dropped) await this.forget(id);
  }

  /**
   * Deletes a delivery unless it is pending. On FerretDB by _id alone, under the delivery's lock (a
   * filter on _id and status scans every delivery there); on MongoDB one conditional delete.
   */
  private async forget(id: string): Promise<void> {
    if (await this.atomicUpdates())
      return void (await dbCall(() => this.deliveries.deleteOne({ _id: id, status: { $ne: 'pending' } })));
    await this.lock.run(`delivery:${id}`, async () => {
      const d = await this.delivery(id);
      if (d && d.status !== 'pending') await dbCall(() => this.deliveries.deleteOne({ _id: id }));
    });
  }

  /** The newest `limit` deliveries of a watch's log, newest first. */
  async logOf(watchId: string, limit: number): Promise<DeliveryDoc[]> {
    const doc = await dbCall(() => this.logs.findOne({ _id: `log:${watchId}` }));
    const ids = (doc?.entries ?? [])
      .slice(-limit)
      .reverse()
      .map((e) => e.id);
    const docs = await Promise.all(ids.map((id) => this.delivery(id)));
    return docs.filter((d): d is DeliveryDoc => d !== null);
  }

  private async editList(id: string, edit: (ids: string[]) => string[]): Promise<void> {
    await editIdList({ lists: this.lists, lock: this.lock, lockName: `list:${id}`, _id: id, edit });
  }
}
