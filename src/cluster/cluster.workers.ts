// How many worker processes serve the port, and each one's share of the caches' memory.
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import type { Config } from '../config';

/**
 * Cores this process may use: the CPUs its affinity allows (os.availableParallelism), fewer when a
 * cgroup v2 CPU quota says so (a container given `--cpus=2` on a 16-core host gets 2, not 16).
 */
export function availableCores(cpuMax = readCpuMax()): number {
  const cores = availableParallelism();
  const quota = /^(\d+) (\d+)/.exec(cpuMax ?? '');
  if (!quota) return cores;
  return Math.max(1, Math.min(cores, Math.ceil(Number(quota[1]) / Number(quota[2]))));
}

function readCpuMax(): string | undefined {
  try {
    return readFileSync('/sys/fs/cgroup/cpu.max', 'utf8');
  } catch {
    return undefined;
  }
}

/** WEB_CONCURRENCY as a count: 0 is one per core, except without Redis, where limits cannot be shared (one). */
export function workerCount(config: Pick<Config, 'WEB_CONCURRENCY' | 'REDIS_URL'>, cores: number): number {
  if (config.WEB_CONCURRENCY > 0) return config.WEB_CONCURRENCY;
  return config.REDIS_URL ? cores : 1;
}

/** Each worker's young-generation semi-space, MB, beside its old-space limit (V8's default is 16). */
export const WORKER_SEMI_SPACE_MB = 4;

/**
 * The flags that give each worker its heap limit (WORKER_HEAP_MB) and a small young generation,
 * unless the limit is off or the operator set one already (NODE_OPTIONS or the primary's own
 * flags, which every worker inherits).
 */
export function workerExecArgv(
  config: Pick<Config, 'WORKER_HEAP_MB'>,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
  execArgv: readonly string[] = process.execArgv,
): string[] {
  const set = [nodeOptions, ...execArgv].some((flag) => flag.includes('--max-old-space-size'));
  if (config.WORKER_HEAP_MB === 0 || set) return [];
  return [`--max-old-space-size=${config.WORKER_HEAP_MB}`, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];
}

/**
 * A worker's share of the caches: the configured bounds hold for the instance as a whole, so the
 * memory an operator sizes for does not grow with the number of cores.
 */
export function workerShare(config: Config, workers: number): Config {
  if (workers <= 1) return config;
  // A bound that is on stays on (at least 1), however many workers share it.
  const share = (n: number) => (n === 0 ? 0 : Math.max(1, Math.floor(n / workers)));
  return Object.freeze({
    ...config,
    READ_CACHE_BYTES: share(config.READ_CACHE_BYTES),
    READ_CACHE_ENTRIES: share(config.READ_CACHE_ENTRIES),
    RESPONSE_CACHE_BYTES: share(config.RESPONSE_CACHE_BYTES),
    RESPONSE_CACHE_ENTRIES: share(config.RESPONSE_CACHE_ENTRIES),
  });
}
