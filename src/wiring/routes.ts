// The routes each room mounts, and the routers the app serves.
import type Router from '@koa/router';
import { esProbe } from '../adapters/elasticsearch/client';
import { mongoProbe } from '../adapters/mongo/client';
import { redisProbe } from '../adapters/redis/client';
import type { ProductIndex } from '../adapters/elasticsearch/product-index';
import { PvsystFitRepository } from '../adapters/mongo/pvsyst-fit.repository';
import { healthRouter } from '../health/health.routes';
import type { Probe } from '../health/health.service';
import { docsRouter } from '../docs/docs.routes';
import { exploreRouter } from '../explore/explore.routes';
import { problemPagesRouter } from '../docs/problem-pages';
import { contractRoutes } from '../docs/contract.routes';
import { metricsRouter } from '../metrics/metrics.routes';
import { metricsSource } from '../cluster/cluster.metrics';
import type { mount, AnyRoute } from '../http/pipeline';
import type { RequestState } from '../http/request-state';
import { passwordCheckSlots } from '../accounts/password-checks';
import { accountRoutes } from '../accounts/accounts.routes';
import { keyRoutes } from '../keys/keys.routes';
import type { KeyService } from '../keys/keys.service';
import { productRoutes } from '../products/products.routes';
import { designRoutes } from '../design/design.routes';
import { interchangeRoutes } from '../interchange/pvsyst.routes';
import { searchRoutes } from '../search/search.routes';
import { revisionRoutes } from '../revisions/revisions.routes';
import { sourceRoutes } from '../sources/sources.routes';
import { companyRoutes } from '../companies/companies.routes';
import { watchRoutes } from '../watches/watches.routes';
import type { WatchService } from '../watches/watches.service';
import type { DeliveryService } from '../watches/deliveries.service';
import { mcpRouter } from '../mcp/mcp.routes';
import type { wireGates } from './gates';
import type { Stores } from './stores';

/** The catalog's rooms: the contract, products, design, interchange, search, revisions, sources and companies. */
export function catalogRoutes(
  { config, mongo, products, revisions, changes, sources, companies }: Stores,
  productIndex: ProductIndex,
): AnyRoute[] {
  return [
    ...contractRoutes(),
    ...productRoutes({
      ports: { index: productIndex, revisions },
      exportLimits: { perAccount: config.EXPORT_CONCURRENCY_PER_ACCOUNT, idleMs: config.EXPORT_IDLE_TIMEOUT_MS },
    }),
    ...designRoutes({ ports: { index: productIndex, revisions } }),
    ...interchangeRoutes({
      ports: { index: productIndex, revisions, fits: new PvsystFitRepository(mongo.db) },
      service: 'Product Data Service',
    }),
    ...searchRoutes({
      search: productIndex,
      cursorSecret: config.CURSOR_SECRET,
      engineSlots: {
        slots: config.SEARCH_SLOTS,
        perAccount: config.SEARCH_CONCURRENCY_PER_ACCOUNT,
        waitingPerAccount: config.SEARCH_WAITING_PER_ACCOUNT,
        maxWaitMs: config.SEARCH_WAIT_MS,
      },
    }),
    ...revisionRoutes({
      ports: { products, revisions, changes },
      cursorSecret: config.CURSOR_SECRET,
    }),
    ...sourceRoutes({ ports: { sources } }),
    ...companyRoutes({
      ports: { index: productIndex, records: companies },
      cursorSecret: config.CURSOR_SECRET,
    }),
  ];
}

/** The customer's rooms: accounts (with their login throttles), keys and watches. */
export function customerRoutes(
  s: Stores,
  rooms: { keys: KeyService; watches: WatchService; deliveries: DeliveryService },
): AnyRoute[] {
  const { config } = s;
  const throttle = (name: string) => s.throttle(name, config.LOGIN_RATE_LIMIT_MAX);
  return [
    ...accountRoutes({
      ports: { accounts: s.accounts },
      signupCredits: config.SIGNUP_CREDITS,
      jwt: { secret: config.JWT_SECRET, ttlSeconds: config.JWT_TTL_SECONDS },
      throttles: {
        loginFailuresByEmailAndAddress: throttle('login-failures-email-ip'),
        loginFailuresByAddress: throttle('login-failures-ip'),
        loginsByAddress: s.throttle('logins-ip', config.LOGINS_PER_ADDRESS_MAX),
        registerByAddress: throttle('register-ip'),
      },
      passwordChecks: passwordCheckSlots(config.PASSWORD_CHECKS_MAX),
    }),
    ...keyRoutes({ keys: rooms.keys, changes: s.throttle('key-changes-account', config.KEY_CHANGES_MAX) }),
    ...watchRoutes({ watches: rooms.watches, deliveries: rooms.deliveries }),
  ];
}

/** The routers the app serves: health, docs, explore, problem pages, metrics, the API, and MCP over the API's chains. */
export function routersOf(
  { config, logger, es, mongo, redis }: Stores,
  parts: { api: Router<RequestState>; chains: ReturnType<typeof mount>; front: ReturnType<typeof wireGates> },
): Router[] {
  const probes: Probe[] = [esProbe(es), mongoProbe(mongo)];
  if (redis) probes.push(redisProbe(redis));
  return [
    healthRouter(probes, Math.min(config.REQUEST_TIMEOUT_MS, 2000)),
    docsRouter(),
    exploreRouter(),
    problemPagesRouter(),
    metricsRouter({ mode: config.METRICS_ACCESS, token: config.METRICS_TOKEN }, metricsSource()),
    parts.api,
    // The MCP front door runs the same chains as the REST routes above.
    mcpRouter({
      chains: parts.chains,
      apiKey: parts.front.apiKey(null),
      rateLimit: parts.front.limits.gate,
      logger,
      bodyLimit: config.BODY_LIMIT_BYTES,
      batchMax: config.MCP_BATCH_MAX,
      answerMaxBytes: config.MCP_BATCH_ANSWER_MAX_BYTES,
    }),
  ];
}
