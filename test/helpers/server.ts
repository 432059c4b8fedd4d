// Starts the real service (production wiring) on port 0 against the real engines, isolated by its
// own database and index alias, and cleans both up.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadConfig, type Config } from '../../src/config';
import { createLogger } from '../../src/shared/logger';
import { buildApp } from '../../src/app';
import { createHttpServer } from '../../src/http/http-server';
import { wire, type Wired } from '../../src/wiring/wire';
import { ELASTICSEARCH_URL, MONGODB_URI, REDIS_URL, uniqueName, mongoUriFor } from './engines';
import { dropTestData } from './cleanup';
import type { Catalog } from './catalog';

export interface TestServer {
  readonly url: string;
  readonly config: Config;
  readonly wired: Wired;
  /** Every log line the service wrote. */
  readonly logs: string[];
  stop(): Promise<void>;
}

/** `now`: the service's clock for key expiry (default: the real one). */
export async function startServer(overrides: Record<string, string> = {}, now?: () => number): Promise<TestServer> {
  const name = uniqueName('t');
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    ELASTICSEARCH_URL,
    ELASTICSEARCH_INDEX: name,
    MONGODB_URI: mongoUriFor(name, MONGODB_URI),
    REDIS_URL,
    REDIS_KEY_PREFIX: `${name}:`,
    LOG_LEVEL: 'info',
    // Every test registers from 127.0.0.1; the brute-force test sets its own low limit.
    LOGIN_RATE_LIMIT_MAX: '100000',
    LOGINS_PER_ADDRESS_MAX: '100000',
    KEY_FAILURES_MAX: '100000',
    ...overrides,
  });
  const logs: string[] = [];
  const logger = createLogger(config.LOG_LEVEL, (line) => logs.push(line));
  const wired = wire(config, logger, now);
  await wired.warmUp();
  const app = buildApp({
    logger,
    trustProxy: config.TRUST_PROXY,
    proxyHops: config.TRUSTED_PROXY_HOPS,
    routers: wired.routers,
  });
  const server: Server = await new Promise((resolve) => {
    const s = createHttpServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    config,
    wired,
    logs,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await wired.close();
      // A server pointed at a shared catalog leaves it to its owner.
      if (!overrides.MONGODB_URI) await dropTestData(config.MONGODB_URI, config.ELASTICSEARCH_INDEX);
    },
  };
}

/** A service on `catalog` (often the complete one) with the rate limits out of the way; a file's own settings on top. */
export function serverOn(
  catalog: Pick<Catalog, 'mongoUri' | 'alias'>,
  overrides: Record<string, string> = {},
): Promise<TestServer> {
  return startServer({
    MONGODB_URI: catalog.mongoUri,
    ELASTICSEARCH_INDEX: catalog.alias,
    RATE_LIMIT_MAX: '100000',
    ACCOUNT_RATE_LIMIT_MAX: '100000',
    ...overrides,
  });
}
