// Announces what a seed committed: compares every product's revision and listing with what was last
// announced, derives the events (event-rules.ts), matches them to the watches that asked, and stores
// events, then deliveries and their schedule, then the new announced state. Run after the record is
// written, from what the record holds (read back, or as the run that wrote every product left it):
// nothing is announced that it does not hold, a crash anywhere is made good by the next run (ids are
// derived from what is announced, so nothing is stored twice), and a run that changed nothing
// announces nothing. The first run on a store sets the baseline.
import { createHash } from 'node:crypto';
import type { Change } from '../catalog/claim';
import type { ProductDoc } from '../catalog/product.types';
import { toSearchDocument } from '../catalog/search-document';
import type { ProductCompany } from '../catalog/company-records';
import type {
  AnnounceReport,
  DeliveryDoc,
  EventDoc,
  ListedProduct,
  ProductState,
  WatchDoc,
} from '../catalog/watch.types';
import { eventId, netChanges, productEvents, type AnnouncedState, type EventDraft } from './event-rules';
import { matchesSearch } from './search-match';

export interface AnnouncePorts {
  readonly products: {
    /** Every product's current revision and listing, read from the record. */
    listings(): Promise<ListedProduct[]>;
    findById(id: string): Promise<ProductDoc | null>;
  };
  readonly revisions: { get(productId: string, n: number): Promise<{ changes: readonly Change[] } | null> };
  /** Each source's list and edition. */
  readonly sources: { list(): Promise<{ _id: string; list: string; edition: string }[]> };
  readonly companyOf: () => Promise<(spelling: string) => ProductCompany | undefined>;
  readonly watches: { all(): Promise<WatchDoc[]> };
  readonly outbox: {
    announcedState(): Promise<Map<string, AnnouncedState> | null>;
    saveAnnounced(states: readonly ProductState[]): Promise<void>;
    insertEvents(events: readonly EventDoc[]): Promise<void>;
    insertDeliveries(docs: readonly DeliveryDoc[]): Promise<DeliveryDoc[]>;
    schedule(ids: readonly string[], at: Date): Promise<void>;
    log(watchId: string, ids: readonly string[], at: Date, keepAfter: Date): Promise<void>;
  };
}

export type { AnnounceReport };

/** Events stored and matched per step: a flood of 20,000 is written in bounded batches. */
const BATCH = 1000;

export function deliveryId(eventIdValue: string, watchId: string): string {
  return `msg_${createHash('sha256').update(`${eventIdValue}\u0000${watchId}`).digest('base64url').slice(0, 27)}`;
}

export async function announceChanges(
  ports: AnnouncePorts,
  options: {
    readonly logRetentionMs: number;
    /**
     * Every product the record holds, as the run that just wrote the record left it (its batches held
     * them all): compared instead of reading every product back, which FerretDB does by decoding each
     * whole document (a first start's baseline took 21 s for 43,291 products, 2026-11-25; a seed of
     * unchanged data 9 s of 28, and 11 s of FerretDB's CPU, 2026-12-01). Absent: read from the record.
     */
    readonly everyProduct?: readonly ListedProduct[];
  },
  now: Date = new Date(),
): Promise<AnnounceReport> {
  const before = await ports.outbox.announcedState();
  const products = options.everyProduct ?? (await ports.products.listings());
  if (!before) {
    await ports.outbox.saveAnnounced(products.map(stateOf));
    return { baseline: true, events: {}, deliveries: 0 };
  }
  const sources = await ports.sources.list();
  const newest = new Map<string, string>();
  for (const s of sources) if ((newest.get(s.list) ?? '') < s.edition) newest.set(s.list, s.edition);
  const sourceName = new Map(sources.map((s) => [s._id, `${s.list} edition ${s.edition}`]));
  const drafts: EventDraft[] = [];
  const changed: ProductState[] = [];
  for (const p of products) {
    const was = before.get(p._id);
    const lists = [...new Set(p.listing.editions.map((e) => e.list))];
    const last = p.listing.editions.find((e) => e.edition === p.listing.last_edition);
    const current = {
      product_id: p._id,
      revision: p.current_revision,
      listed: p.listing.in_latest_edition,
      edition: last ? `${last.list} edition ${last.edition}` : '',
      newest_editions: lists.flatMap((l) => (newest.has(l) ? [`${l} edition ${newest.get(l)}`] : [])),
    };
    if (was && was.revision === current.revision && was.listed === current.listed) continue;
    changed.push({ id: p._id, revision: current.revision, listed: current.listed });
    const revised =
      was && current.revision > was.revision ? await revisionsAfter(ports, p._id, was.revision, current.revision) : [];
    drafts.push(...productEvents(was, current, () => netChanges(revised, (id) => sourceName.get(id) ?? id)));
  }
  const watches = (await ports.watches.all()).filter((w) => w.status === 'active');
  const counts: Record<string, number> = {};
  let deliveries = 0;
  for (let i = 0; i < drafts.length; i += BATCH) {
    const batch = drafts.slice(i, i + BATCH);
    const { events, pairs } = await matchBatch(batch, watches, ports);
    await ports.outbox.insertEvents(events.map((e) => ({ ...e, created_at: now })));
    const docs = pairs.map(({ event, watch }) => newDelivery(event, watch, now));
    await ports.outbox.insertDeliveries(docs);
    // Scheduled and logged whether new or stored by a run that stopped here: doing it twice is harmless.
    await ports.outbox.schedule(
      docs.map((d) => d._id),
      now,
    );
    const byWatch = new Map<string, DeliveryDoc[]>();
    for (const d of docs) byWatch.set(d.watch_id, [...(byWatch.get(d.watch_id) ?? []), d]);
    const keepAfter = new Date(now.getTime() - options.logRetentionMs);
    for (const [watchId, list] of byWatch)
      await ports.outbox.log(
        watchId,
        list.map((d) => d._id),
        now,
        keepAfter,
      );
    for (const e of events) counts[e.type] = (counts[e.type] ?? 0) + 1;
    deliveries += docs.length;
  }
  await ports.outbox.saveAnnounced(changed);
  return { baseline: false, events: counts, deliveries };
}

const stateOf = (p: ListedProduct): ProductState => ({
  id: p._id,
  revision: p.current_revision,
  listed: p.listing.in_latest_edition,
});

async function revisionsAfter(ports: AnnouncePorts, productId: string, from: number, to: number) {
  const out = [];
  for (let n = from + 1; n <= to; n++) {
    const r = await ports.revisions.get(productId, n);
    if (r) out.push({ number: n, changes: r.changes });
  }
  return out;
}

/** The batch's events, with watch.matched for new products a saved search matches, and who gets each. */
async function matchBatch(batch: readonly EventDraft[], watches: readonly WatchDoc[], ports: AnnouncePorts) {
  const events: Omit<EventDoc, 'created_at'>[] = [];
  const pairs: { event: Omit<EventDoc, 'created_at'>; watch: WatchDoc }[] = [];
  const searches = watches.filter((w) => w.search && w.events.includes('watch.matched'));
  const productWatches = watches.filter((w) => w.products);
  const watchedBy = new Map<string, WatchDoc[]>();
  for (const w of productWatches) for (const id of w.products!) watchedBy.set(id, [...(watchedBy.get(id) ?? []), w]);
  const companyOf = searches.length > 0 ? await ports.companyOf() : undefined;
  for (const d of batch) {
    const event = {
      _id: d.id,
      type: d.type,
      product_id: d.product_id,
      data: JSON.stringify({ ...d.data, event_id: d.id }),
    };
    const to = (watchedBy.get(d.product_id) ?? []).filter((w) => w.events.includes(d.type));
    events.push(event);
    for (const watch of to) pairs.push({ event, watch });
    if (d.type !== 'product.created' || !companyOf) continue;
    const product = await ports.products.findById(d.product_id);
    if (!product) continue;
    const doc = toSearchDocument(product, companyOf(product.manufacturer));
    for (const watch of searches) {
      if (!matchesSearch(watch.search!, doc)) continue;
      const id = eventId('watch.matched', watch._id, d.product_id);
      const matched = {
        _id: id,
        type: 'watch.matched' as const,
        product_id: d.product_id,
        watch_id: watch._id,
        data: JSON.stringify({ ...d.data, watch_id: watch._id, event_id: id }),
      };
      events.push(matched);
      pairs.push({ event: matched, watch });
    }
  }
  return { events, pairs };
}

function newDelivery(event: Omit<EventDoc, 'created_at'>, watch: WatchDoc, now: Date): DeliveryDoc {
  return {
    _id: deliveryId(event._id, watch._id),
    watch_id: watch._id,
    account_id: watch.account_id,
    event_id: event._id,
    event_type: event.type,
    status: 'pending',
    created_at: now,
    next_at: now,
    tries: 0,
    attempts: [],
    lease_owner: null,
    lease_until: null,
  };
}
