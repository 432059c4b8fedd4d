// Composition root: config -> (the primary of several workers) -> clients -> buildApp(deps) ->
// listen; graceful shutdown on SIGTERM/SIGINT. With WEB_CONCURRENCY resolving to more than one, this
// process is the primary (src/cluster/) and each worker it forks runs this file again and serves;
// with one, this process serves, as before workers existed. The serving modules are loaded only
// where they serve, so the primary stays small.
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { loadConfig, ConfigError, GENERATED_SECRETS, type Config } from './config';
import { createLogger, type Logger } from './shared/logger';
import { availableCores, workerCount, workerExecArgv, workerShare } from './cluster/cluster.workers';
import { runPrimary } from './cluster/cluster.primary';

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
  const workers = workerCount(config, availableCores());
  if (workers > 1 && cluster.isPrimary) {
    // A worker's drain, then closing its clients (returning leased credits: a database call or two).
    const stopMs = config.SHUTDOWN_TIMEOUT_MS + 2 * config.REQUEST_TIMEOUT_MS + 1000;
    // Each worker reads the count (and keeps its share of the caches), and every secret: generated
    // ones (outside production) are read or made here once (and kept in SECRETS_FILE), or a login,
    // a cursor or a watch's sealed signing secret from one worker would be refused by the next.
    const env = {
      WEB_CONCURRENCY: String(workers),
      ...Object.fromEntries(GENERATED_SECRETS.map((key) => [key, config[key]])),
    };
    runPrimary(createLogger(config.LOG_LEVEL), { workers, env, stopMs, execArgv: workerExecArgv(config) });
    return;
  }
  const fields = cluster.isWorker ? { worker: cluster.worker!.id, pid: process.pid } : undefined;
  await serve(workerShare(config, workers), createLogger(config.LOG_LEVEL, undefined, fields));
}

async function serve(config: Config, logger: Logger): Promise<void> {
  const [{ wire }, { buildApp }, { createHttpServer }] = await Promise.all([
    import('./wiring/wire.js'),
    import('./app.js'),
    import('./http/http-server.js'),
  ]);
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
