// The timings of one request, which adapters record into without knowing about HTTP: the durations
// of Elasticsearch and database calls, reported in Server-Timing (and, summed over all, in /metrics).
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { metrics } from './metrics';

export interface RequestTimings {
  readonly timings: Map<string, number>;
}

const storage = new AsyncLocalStorage<RequestTimings>();

export function runWithTimings<T>(fn: () => Promise<T>): Promise<T> {
  return storage.run({ timings: new Map() }, fn);
}

export function currentTimings(): RequestTimings | undefined {
  return storage.getStore();
}

/** Times `work` and adds its duration to the current request's timing entry `name` (es, db, cache...). */
export async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    const ms = performance.now() - start;
    metrics.dependency(name, ms / 1000);
    const timings = storage.getStore()?.timings;
    if (timings) timings.set(name, (timings.get(name) ?? 0) + ms);
  }
}
