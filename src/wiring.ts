// Builds the clients, services and routers from the config. Shared by main.ts and the API tests,
// so the tests run exactly the production wiring against real engines.
import type Router from '@koa/router';
import type { Config } from './config';
import { mongoDatabaseName } from './config';
import type { Logger } from './http/logger';
import { createEsClient, esProbe } from './adapters/elasticsearch/client';
import { createMongo, mongoProbe } from './adapters/mongo/client';
import { createRedis, redisProbe } from './adapters/redis/client';
import { healthRouter } from './health/health.routes';
import type { Probe } from './health/health.service';

export interface Wired {
  readonly routers: Router[];
  close(): Promise<void>;
}

export function wire(config: Config, logger: Logger): Wired {
  const es = createEsClient(config.ELASTICSEARCH_URL, config.REQUEST_TIMEOUT_MS);
  const mongo = createMongo(config.MONGODB_URI, mongoDatabaseName(config.MONGODB_URI), config.REQUEST_TIMEOUT_MS);
  const redis = config.REDIS_URL ? createRedis(config.REDIS_URL) : undefined;
  redis?.on('error', (err) => logger.debug('redis error', { cause: err.message }));

  const probes: Probe[] = [esProbe(es), mongoProbe(mongo)];
  if (redis) probes.push(redisProbe(redis));

  return {
    routers: [healthRouter(probes, Math.min(config.REQUEST_TIMEOUT_MS, 2000))],
    async close() {
      await Promise.allSettled([es.close(), mongo.client.close(), redis?.quit()]);
    },
  };
}
