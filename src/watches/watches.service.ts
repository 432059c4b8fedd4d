// Watches: an account's standing questions (these products; new products matching this search),
// what to be told (event types) and where (one endpoint). Managed with the login token or a key with
// `watches:write`. The endpoint is checked (https, public addresses after DNS) when set, and again
// before every delivery; its signing secret is shown once, at creation or rotation.
import { randomBytes } from 'node:crypto';
import { AppError, validationError } from '../errors/app-error';
import { unknownWatchedProducts, watchLimitReached, watchNotFound } from '../errors/catalog';
import { PRODUCT_EVENTS, SEARCH_EVENTS, type EventType, type SavedSearch, type WatchDoc } from '../catalog/watch.types';
import type { KeyedLock } from '../shared/keyed-lock';
import { newWebhookSecret, type SecretBox } from './webhook-signature';

export interface WatchStore {
  insert(watch: WatchDoc): Promise<void>;
  findById(id: string): Promise<WatchDoc | null>;
  listByAccount(accountId: string): Promise<WatchDoc[]>;
  update(id: string, set: Partial<Omit<WatchDoc, '_id' | 'account_id'>>): Promise<WatchDoc | null>;
  remove(watch: WatchDoc): Promise<void>;
}

export interface WatchPorts {
  /** One turn at a time per name, across instances: an account's creations are counted and written in turn. */
  readonly turns: KeyedLock;
  readonly watches: WatchStore;
  /** Of `ids`, those that name no product. */
  readonly missingProducts: (ids: readonly string[]) => Promise<string[]>;
  /** Reads searchProducts parameters as the search does; throws a 400 naming a bad one. */
  readonly readSearch: (params: Readonly<Record<string, unknown>>) => Promise<SavedSearch>;
  /** Resolves and checks an endpoint URL; rejects with a message saying why it may not be used. */
  readonly checkEndpoint: (url: string) => Promise<void>;
  readonly secrets: SecretBox;
}

export interface WatchOptions {
  /** MAX_WATCHES_PER_ACCOUNT. */
  readonly maxWatches: number;
  /** WEBHOOK_SECRET_OVERLAP_MS: how long a rotated-out secret still signs. */
  readonly overlapMs: number;
}

export interface WatchBody {
  name?: string;
  products?: string[];
  search?: Record<string, unknown>;
  events?: EventType[];
  url?: string;
  paused?: boolean;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function watchView(w: WatchDoc, now = Date.now()) {
  const previous = w.secrets.find((s) => s.expires_at && s.expires_at.getTime() > now);
  return {
    id: w._id,
    name: w.name,
    ...(w.products ? { products: w.products } : {}),
    ...(w.search
      ? {
          search: {
            params: w.search.params,
            ...(w.search.interpretation ? { interpretation: w.search.interpretation } : {}),
          },
        }
      : {}),
    events: w.events,
    url: w.url,
    status: w.status,
    disabled_reason: w.disabled_reason,
    failing_since: iso(w.failing_since),
    previous_secret_expires_at: previous ? iso(previous.expires_at) : null,
    created_at: w.created_at.toISOString(),
    updated_at: w.updated_at.toISOString(),
  };
}

export class WatchService {
  constructor(
    private readonly ports: WatchPorts,
    private readonly options: WatchOptions,
    private readonly now: () => number = Date.now,
  ) {}

  async create(accountId: string, body: WatchBody & { events: EventType[]; url: string }) {
    const target = await this.target(body);
    this.checkEvents(body.events, target.products !== null);
    await this.checkUrl(body.url);
    const secret = newWebhookSecret();
    const at = new Date(this.now());
    const watch: WatchDoc = {
      _id: `wh_${BigInt(`0x${randomBytes(10).toString('hex')}`)
        .toString(36)
        .padStart(16, '0')}`,
      account_id: accountId,
      name: body.name ?? '',
      ...target,
      events: [...new Set(body.events)],
      url: body.url,
      secrets: [{ sealed: this.ports.secrets.seal(secret), created_at: at, expires_at: null }],
      status: 'active',
      disabled_reason: null,
      failing_since: null,
      created_at: at,
      updated_at: at,
    };
    await this.ports.turns.run(`watches:${accountId}`, async () => {
      const held = (await this.ports.watches.listByAccount(accountId)).length;
      if (held >= this.options.maxWatches) throw new AppError(watchLimitReached(held));
      await this.ports.watches.insert(watch);
    });
    return { ...watchView(watch, this.now()), secret };
  }

  async list(accountId: string) {
    const now = this.now();
    return { data: (await this.ports.watches.listByAccount(accountId)).map((w) => watchView(w, now)) };
  }

  async get(accountId: string, id: string) {
    return watchView(await this.owned(accountId, id), this.now());
  }

  /** Changes what is given; `paused: false` also re-enables a watch the service disabled. */
  async change(accountId: string, id: string, body: WatchBody) {
    const watch = await this.owned(accountId, id);
    const set: { -readonly [K in keyof WatchDoc]?: WatchDoc[K] } = { updated_at: new Date(this.now()) };
    const retarget = body.products !== undefined || body.search !== undefined;
    const target = retarget ? await this.target(body) : { products: watch.products, search: watch.search };
    if (retarget) Object.assign(set, target);
    if (body.events !== undefined || retarget)
      this.checkEvents((set.events = body.events ? [...new Set(body.events)] : watch.events), target.products !== null);
    if (body.url !== undefined) {
      await this.checkUrl(body.url);
      set.url = body.url;
    }
    if (body.name !== undefined) set.name = body.name;
    if (body.paused !== undefined) {
      set.status = body.paused ? 'paused' : 'active';
      if (!body.paused) Object.assign(set, { disabled_reason: null, failing_since: null });
    }
    const updated = await this.ports.watches.update(id, set);
    if (!updated) throw notFound(id);
    return watchView(updated, this.now());
  }

  /** A new secret, shown once; the one it replaces keeps signing beside it for WEBHOOK_SECRET_OVERLAP_MS. */
  async rotateSecret(accountId: string, id: string) {
    const watch = await this.owned(accountId, id);
    const now = this.now();
    const secret = newWebhookSecret();
    const until = new Date(now + this.options.overlapMs);
    const kept = watch.secrets
      .filter((s) => !s.expires_at || s.expires_at.getTime() > now)
      .map((s) => ({ ...s, expires_at: s.expires_at ?? until }));
    const updated = await this.ports.watches.update(id, {
      secrets: [{ sealed: this.ports.secrets.seal(secret), created_at: new Date(now), expires_at: null }, ...kept],
      updated_at: new Date(now),
    });
    if (!updated) throw notFound(id);
    return { ...watchView(updated, now), secret };
  }

  async remove(accountId: string, id: string): Promise<void> {
    const watch = await this.owned(accountId, id);
    await this.ports.turns.run(`watches:${accountId}`, () => this.ports.watches.remove(watch));
  }

  /** The watch if this account owns it; another account's is answered exactly like a missing one. */
  async owned(accountId: string, id: string): Promise<WatchDoc> {
    const watch = await this.ports.watches.findById(id);
    if (!watch || watch.account_id !== accountId) throw notFound(id);
    return watch;
  }

  private async target(body: WatchBody): Promise<Pick<WatchDoc, 'products' | 'search'>> {
    if ((body.products === undefined) === (body.search === undefined))
      throw validationError([{ in: 'body', name: 'products', message: 'or search is required, and not both' }]);
    if (body.products) {
      const products = [...new Set(body.products)];
      const missing = await this.ports.missingProducts(products);
      if (missing.length > 0) throw new AppError(unknownWatchedProducts(missing));
      return { products, search: null };
    }
    return { products: null, search: await this.ports.readSearch(body.search!) };
  }

  private checkEvents(events: readonly EventType[], forProducts: boolean): void {
    const allowed = forProducts ? PRODUCT_EVENTS : SEARCH_EVENTS;
    const wrong = events.filter((e) => !allowed.includes(e));
    if (wrong.length > 0)
      throw validationError([
        {
          in: 'body',
          name: 'events',
          message: `${wrong.join(', ')} ${wrong.length === 1 ? 'is' : 'are'} not for a ${forProducts ? 'product' : 'saved-search'} watch, which takes ${allowed.join(', ')}`,
        },
      ]);
  }

  private async checkUrl(url: string): Promise<void> {
    try {
      await this.ports.checkEndpoint(url);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw validationError([{ in: 'body', name: 'url', message: (err as Error).message }]);
    }
  }
}

const notFound = (id: string) => new AppError(watchNotFound(id));
