// Watches: the service and its deliveries for the routes, the worker that sends them, and the
// announcement an ingest makes of what it wrote (watches/announce.service.ts), all over the shared stores.
import type { ProductIndex } from '../adapters/elasticsearch/product-index';
import { redisReady } from '../adapters/redis/client';
import {
  resolveDestination,
  postTo,
  DestinationRefused,
  type OutboundPolicy,
} from '../adapters/outbound/outbound-http';
import { companyLookup } from '../catalog/company-records';
import type { ListedProduct } from '../catalog/watch.types';
import { readSavedSearch } from '../search/saved-search';
import { WatchService } from '../watches/watches.service';
import { SecretBox } from '../watches/webhook-signature';
import { DeliveryService } from '../watches/deliveries.service';
import { DeliveryWorker, parseSchedule } from '../watches/delivery.worker';
import { announceChanges, type AnnounceReport } from '../watches/announce.service';
import type { Stores } from './stores';

/** Watches and their deliveries: the service, the outbox, and the worker that sends (started when delivery is on). */
export function wireWatches(s: Stores, productIndex: ProductIndex): WatchRooms {
  const { config, now } = s;
  const outbound = { allowLoopbackHttp: config.WEBHOOK_ALLOW_HTTP_LOOPBACK };
  const watchStore = s.watches;
  const secretBox = new SecretBox(config.WEBHOOK_SECRET_KEY);
  const watches = new WatchService(
    {
      turns: s.turns('watch creation'),
      watches: watchStore,
      // One _mget of the read model for the whole list (a watch names up to 1,000): FerretDB scans the
      // table for `_id $in`, and 1,000 parallel findOne calls slowed every other tenant's reads.
      missingProducts: async (ids) => {
        const found = await productIndex.getMany(ids, ['id']);
        return ids.filter((_, i) => found[i] === null);
      },
      readSearch: (params) => readSavedSearch(params, productIndex),
      checkEndpoint: async (url) => void (await resolveDestination(url, outbound)),
      secrets: secretBox,
    },
    { maxWatches: config.MAX_WATCHES_PER_ACCOUNT, overlapMs: config.WEBHOOK_SECRET_OVERLAP_MS },
    now,
  );
  const outbox = s.outbox;
  const worker = deliveryWorker(s, { outbox, watchStore, secretBox, outbound });
  if (config.WEBHOOK_DELIVERY === 'on') worker.start();
  const deliveries = new DeliveryService(
    watches,
    {
      outbox,
      nudge: () => worker.nudge(),
      manualSends: s.throttle(
        'webhook-manual-sends',
        config.WEBHOOK_MANUAL_SENDS_PER_WATCH,
        config.WEBHOOK_MANUAL_SENDS_WINDOW_MS,
      ),
    },
    { logRetentionMs: config.WEBHOOK_LOG_RETENTION_MS },
    now,
  );
  return { watches, deliveries, worker };
}

/** The watch rooms' parts other rooms use: the services the routes call, and the worker to stop. */
export interface WatchRooms {
  readonly watches: WatchService;
  readonly deliveries: DeliveryService;
  readonly worker: DeliveryWorker;
}

/** The worker that sends the outbox's deliveries, each to an address checked again just before sending. */
function deliveryWorker(
  { config, logger, now }: Stores,
  parts: { outbox: Stores['outbox']; watchStore: Stores['watches']; secretBox: SecretBox; outbound: OutboundPolicy },
): DeliveryWorker {
  const { outbox, watchStore, secretBox, outbound } = parts;
  return new DeliveryWorker(
    {
      outbox,
      watches: watchStore,
      secrets: secretBox,
      outbound: {
        async send(url, headers, body) {
          try {
            return await postTo(await resolveDestination(url, outbound), headers, body, config.WEBHOOK_TIMEOUT_MS);
          } catch (err) {
            if (!(err instanceof DestinationRefused)) throw err;
            return { status: null, latencyMs: 0, excerpt: `refused before sending: the url ${err.message}` };
          }
        },
      },
    },
    {
      pollMs: config.WEBHOOK_POLL_MS,
      batch: config.WEBHOOK_BATCH,
      concurrency: config.WEBHOOK_CONCURRENCY,
      perWatch: config.WEBHOOK_CONCURRENCY_PER_WATCH,
      perAccount: config.WEBHOOK_CONCURRENCY_PER_ACCOUNT,
      slowLane: { concurrency: config.WEBHOOK_SLOW_LANE_CONCURRENCY, forMs: config.WEBHOOK_SLOW_LANE_MS },
      retryDelays: parseSchedule(config.WEBHOOK_RETRY_SCHEDULE),
      disableAfterMs: config.WEBHOOK_DISABLE_AFTER_MS,
      leaseMs: config.WEBHOOK_TIMEOUT_MS * 2 + 5000,
    },
    logger,
    now,
  );
}

/** What an ingest wrote, as its announcement needs it (ingest/catalog-ingest.usecase.ts). */
export interface Written {
  /** Every product the record holds, as the run left it, when its batches held them all (see announceChanges). */
  readonly everyProduct?: readonly ListedProduct[];
}

/**
 * Announces what an ingest wrote to the watches that asked (watches/announce.service.ts), with the
 * outbox's and the watches' locks the service's instances take (Redis), since they edit the same schedule.
 */
export function announcer(s: Stores): (written: Written) => Promise<AnnounceReport> {
  const { config, companies } = s;
  return async ({ everyProduct }) => {
    // Its locks' commands fail fast until Redis is connected: a command that has just started waits a little.
    if (s.redis) await redisReady(s.redis, 5000);
    return announceChanges(
      {
        products: s.products,
        revisions: s.revisions,
        sources: s.sources,
        companyOf: async () => companyLookup(await companies.all()),
        watches: s.watches,
        outbox: s.outbox,
      },
      { logRetentionMs: config.WEBHOOK_LOG_RETENTION_MS, everyProduct },
    );
  };
}
