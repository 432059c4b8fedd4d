// The composition root: builds the clients, services and routers from the config. Shared by main.ts
// and the API tests, so the tests run exactly the production wiring against real engines; the
// operator commands build their stores with the same wireStores (cli/operator.ts).
import Router from '@koa/router';
import type { Config } from '../config';
import type { Logger } from '../shared/logger';
import { redisReady } from '../adapters/redis/client';
import { mount } from '../http/pipeline';
import type { RequestState } from '../http/request-state';
import type { Refunds } from '../credits/refunds';
import { wireStores } from './stores';
import { wireKeys } from './keys';
import { wireSearch } from './search';
import { wireWatches } from './watches';
import { wireCredits } from './credits';
import { wireGates } from './gates';
import { catalogRoutes, customerRoutes, routersOf } from './routes';

export interface Wired {
  readonly routers: Router[];
  /** Refunds the database has not taken yet (retried in the background). */
  readonly refunds: Refunds;
  /** Resolves once Redis is connected, or after a short wait: the first requests then share limits. */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

const WARM_UP_MS = 2000;

/** The shared stores, each room wired over them, and the routers they mount. */
export function wire(config: Config, logger: Logger, now: () => number = Date.now): Wired {
  const stores = wireStores(config, logger, { now, serving: true });
  const keys = wireKeys(stores);
  const search = wireSearch(stores);
  const watches = wireWatches(stores, search.index);
  const credits = wireCredits(stores);
  const front = wireGates(stores, { keys, leases: credits.leases, ...search });
  const api = new Router<RequestState>();
  const chains = mount(
    api,
    [...catalogRoutes(stores, search.index), ...customerRoutes(stores, { keys, ...watches }), ...front.sam.routes],
    front.gates,
    config.BODY_LIMIT_BYTES,
  );
  return {
    routers: routersOf(stores, { api, chains, front }),
    refunds: credits.refunds,
    async warmUp() {
      await Promise.all([stores.redis, stores.rateLimitRedis].flatMap((r) => (r ? [redisReady(r, WARM_UP_MS)] : [])));
    },
    async close() {
      await Promise.all([credits.leases.close(), front.limits.close(), watches.worker.stop()]);
      await credits.refunds.close();
      await stores.close();
    },
  };
}
