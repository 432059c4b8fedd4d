// Composition root: config -> clients -> buildApp(deps) -> listen; graceful shutdown on SIGTERM/SIGINT.
import type { Server } from 'node:http';
import { loadConfig, ConfigError } from './config';
import { createLogger, type Logger } from './shared/logger';
import { createHttpServer } from './http/http-server';
import { buildApp } from './app';
import { wire } from './wiring';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const wired = wire(config, logger);
  await wired.warmUp();
  const app = buildApp({
    logger,
    trustProxy: config.TRUST_PROXY,
    proxyHops: config.TRUSTED_PROXY_HOPS,
    routers: wired.routers,
  });
  const server = createHttpServer(app).listen(config.PORT, config.HOST);
  server.on('listening', () => {
    const address = server.address();
    logger.info('listening', {
      address: typeof address === 'object' && address ? `${address.address}:${address.port}` : address,
    });
  });
  server.on('error', (err) => {
    logger.error('server error', { cause: err.message });
    process.exit(1);
  });
  installShutdown(server, logger, config.SHUTDOWN_TIMEOUT_MS, () => wired.close());
}

function installShutdown(server: Server, logger: Logger, deadlineMs: number, closeClients: () => Promise<void>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    // Stop accepting; idle keep-alive sockets go now, in-flight requests get until the deadline.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const deadline = setTimeout(() => {
      logger.warn('shutdown deadline reached; closing remaining connections');
      server.closeAllConnections();
    }, deadlineMs);
    await closed;
    clearTimeout(deadline);
    await closeClients().catch((err) => logger.warn('closing clients failed', { cause: String(err) }));
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`fatal: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
