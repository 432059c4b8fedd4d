// The primary of several workers (node:cluster, which hands the port's connections to them in
// turn). It serves nothing itself: it forks the workers, replaces one that dies and says so in the
// log, restarts them one at a time on SIGHUP (a new one listens before an old one drains, so the
// port never goes unserved), and on SIGTERM or SIGINT has every worker drain at once.
import cluster, { type Address, type Worker } from 'node:cluster';
import type { Logger } from '../shared/logger';
import { answerMetricRequests } from './cluster.aggregate';

export interface PrimaryOptions {
  readonly workers: number;
  /** Variables every worker gets on top of the primary's environment. */
  readonly env: Readonly<Record<string, string>>;
  /** How long a stopping worker may take before it is killed: its drain (SHUTDOWN_TIMEOUT_MS) and then closing its clients. */
  readonly stopMs: number;
  /** Node flags every worker gets on top of the primary's own (its heap limit). */
  readonly execArgv?: readonly string[];
}

/** A replacement for a worker that lived less than YOUNG_MS waits, doubling per such death in a row: no busy crash loop. */
const YOUNG_MS = 10_000;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 30_000;

export function runPrimary(logger: Logger, options: PrimaryOptions): void {
  const listening = new Set<Worker>();
  /** Workers the primary stopped, or new ones of a restart not yet listening: their exit is no death. */
  const expected = new Set<Worker>();
  const born = new Map<Worker, number>();
  let youngDeaths = 0;
  let ready = false;
  let stopping = false;
  let restarting = false;

  const fork = () => {
    const worker = cluster.fork(options.env);
    born.set(worker, Date.now());
    return worker;
  };
  answerMetricRequests(() => listening);
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...(options.execArgv ?? [])] });

  cluster.on('listening', (worker, address) => {
    listening.add(worker);
    if (!ready && listening.size === options.workers) {
      ready = true;
      logger.info('workers listening', { workers: options.workers, address: addressOf(address) });
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker);
    const lived = Date.now() - (born.get(worker) ?? 0);
    born.delete(worker);
    if (stopping || expected.delete(worker)) return;
    const pid = worker.process.pid;
    if (!ready) {
      logger.error('a worker exited while starting; stopping', { worker: worker.id, pid, code, signal });
      void stop('worker failed to start', 1);
      return;
    }
    youngDeaths = lived < YOUNG_MS ? youngDeaths + 1 : 0;
    const delay = youngDeaths === 0 ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (youngDeaths - 1));
    logger.error('worker died; replacing it', { worker: worker.id, pid, code, signal, delay_ms: delay });
    setTimeout(() => stopping || fork(), delay);
  });

  /** SIGTERM to one worker, which drains; killed when it outlives stopMs. Resolves true when it exited 0. */
  const stopWorker = (worker: Worker) =>
    new Promise<boolean>((resolve) => {
      if (worker.isDead()) return resolve(worker.process.exitCode === 0);
      const deadline = setTimeout(() => {
        logger.error('a worker did not stop in time; killing it', { worker: worker.id, pid: worker.process.pid });
        worker.process.kill('SIGKILL');
      }, options.stopMs);
      worker.once('exit', (code) => {
        clearTimeout(deadline);
        resolve(code === 0);
      });
      worker.process.kill('SIGTERM');
    });

  const restart = async () => {
    if (restarting || stopping) return;
    restarting = true;
    const old = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    logger.info('restarting workers', { workers: old.length });
    for (const worker of old) {
      const fresh = fork();
      expected.add(fresh);
      const up = await new Promise<boolean>((resolve) => {
        fresh.once('listening', () => resolve(true));
        fresh.once('exit', () => resolve(false));
      });
      if (stopping) break;
      if (!up) {
        logger.error('a new worker did not start; the restart stops here, the other workers keep serving', {
          pid: fresh.process.pid,
        });
        break;
      }
      expected.delete(fresh);
      expected.add(worker);
      await stopWorker(worker);
    }
    restarting = false;
    if (!stopping) logger.info('workers restarted', { workers: listening.size });
  };

  const stop = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    logger.info('shutting down', { signal, workers: workers.length });
    const clean = await Promise.all(workers.map(stopWorker));
    logger.info('stopped', { workers: workers.length, clean: clean.filter(Boolean).length });
    process.exit(code || (clean.every(Boolean) ? 0 : 1));
  };

  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGHUP', () => void restart());
  logger.info('starting workers', { workers: options.workers });
  for (let i = 0; i < options.workers; i++) fork();
}

function addressOf(address: Address): string {
  return `${address.address ?? '0.0.0.0'}:${address.port}`;
}
