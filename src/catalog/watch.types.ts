// Watches, the events they are told of, and the deliveries that tell them: the shared model of the
// watches domain and the MongoDB adapters that store it (both need it, and neither may import the other).
import type { Listing } from './listing';
import type { ProductQuery, Understood } from './product-query';

/** What a watch may ask to be told of; a product watch gets the product.* events of its products. */
export const EVENT_TYPES = [
  'product.created',
  'product.revised',
  'product.delisted',
  'product.relisted',
  'watch.matched',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** A product as an announcement compares it with what it last announced: its current revision and its listing. */
export interface ListedProduct {
  readonly _id: string;
  readonly current_revision: number;
  readonly listing: Listing;
}

/** A product's state as the watches are told of it: its revision, and whether the newest edition of its lists lists it. */
export interface ProductState {
  readonly id: string;
  readonly revision: number;
  readonly listed: boolean;
}

/** What an announcement told the watches: the baseline set (no events), or the events by type and the deliveries queued. */
export interface AnnounceReport {
  readonly baseline: boolean;
  readonly events: Record<string, number>;
  readonly deliveries: number;
}

/** The events a product watch may ask for, and those a saved-search watch may. */
export const PRODUCT_EVENTS: readonly EventType[] = [
  'product.created',
  'product.revised',
  'product.delisted',
  'product.relisted',
];
export const SEARCH_EVENTS: readonly EventType[] = ['watch.matched'];

/** Not an event of the catalog: sent on request to try an endpoint (POST /watches/{id}/test). */
export const TEST_EVENT = 'watch.test';

/** A saved search as read once at creation: the parameters as given, and what the search understood. */
export interface SavedSearch {
  /** The searchProducts parameters as given (validated), so the watch shows what was asked. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The parsed query without paging, sorting or projection. */
  readonly query: Pick<
    ProductQuery,
    'q' | 'categories' | 'manufacturers' | 'quality' | 'inLatestEdition' | 'ranges' | 'values'
  >;
  /** The understood reading of `q`, if it had words. */
  readonly understood?: Understood;
  /** The interpretation a search answers with (meta.interpretation), stored to show it. */
  readonly interpretation?: unknown;
}

/** A signing secret, stored encrypted (AES-256-GCM under WEBHOOK_SECRET_KEY) so that it can sign. */
export interface StoredSecret {
  readonly sealed: string;
  readonly created_at: Date;
  /** Set when a rotation replaced it: it still signs, beside the new one, until then. */
  readonly expires_at: Date | null;
}

export type WatchStatus = 'active' | 'paused' | 'disabled';

export interface WatchDoc {
  /** `wh_` + 16 base-36 characters. */
  readonly _id: string;
  readonly account_id: string;
  readonly name: string;
  /** Exactly one of products and search. */
  readonly products: readonly string[] | null;
  readonly search: SavedSearch | null;
  readonly events: readonly EventType[];
  readonly url: string;
  readonly secrets: readonly StoredSecret[];
  readonly status: WatchStatus;
  /** Why the service disabled it (410 Gone, failing too long); null otherwise. */
  readonly disabled_reason: string | null;
  /** Since when every attempt failed; null after a success. */
  readonly failing_since: Date | null;
  readonly created_at: Date;
  readonly updated_at: Date;
}

/** One event as announced: a thin payload that names the product, the revision and the source edition. */
export interface EventDoc {
  /** `evt_` + a hash of what it announces: announcing the same thing twice writes one event. */
  readonly _id: string;
  readonly type: EventType | typeof TEST_EVENT;
  readonly created_at: Date;
  /** The payload sent (`data` of the body), JSON text. */
  readonly data: string;
  /** For watch.matched: the watch it matched (the event goes to that watch only). */
  readonly watch_id?: string;
  readonly product_id?: string;
}

export interface Attempt {
  readonly at: Date;
  /** HTTP status, or null when no answer came (refused address, timeout, connection error). */
  readonly status: number | null;
  readonly latency_ms: number;
  /** The first bytes of the answer, or what went wrong. */
  readonly response: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface DeliveryDoc {
  /** `msg_` + a hash of event and watch: also the `webhook-id`, the same on every attempt. */
  readonly _id: string;
  readonly watch_id: string;
  readonly account_id: string;
  readonly event_id: string;
  readonly event_type: string;
  readonly status: DeliveryStatus;
  readonly created_at: Date;
  /** When the next attempt is due (pending only). */
  readonly next_at: Date;
  /** Attempts so far in this round (a redelivery starts a new round). */
  readonly tries: number;
  readonly attempts: readonly Attempt[];
  /** The instance sending it now, and until when that claim holds. */
  readonly lease_owner: string | null;
  readonly lease_until: Date | null;
}
