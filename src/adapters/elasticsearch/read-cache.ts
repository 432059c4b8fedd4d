// Elasticsearch answers kept in memory, keyed by (index generation, request). Within one generation
// the same request gets the same answer, so an entry is exact until the alias moves; then every
// entry of the old generation is dropped at once. Bounded in bytes (LRU) by the size Elasticsearch
// reported for each answer. Cached answers are shared between requests: callers never mutate them.
import { LRUCache } from 'lru-cache';
import type { IndexGeneration } from './index-generation';
import { metrics } from '../../metrics/metrics';

export interface Sized<T> {
  readonly value: T;
  /** Bytes of the answer as Elasticsearch sent it. */
  readonly bytes: number;
}

export class ReadCache {
  private readonly entries?: LRUCache<string, Sized<unknown>>;
  private generation = '';

  constructor(
    private readonly index: IndexGeneration,
    maxBytes: number,
  ) {
    if (maxBytes > 0) this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (e) => Math.max(1, e.bytes) });
  }

  /** The cached answer to `request`, or `load()`'s, stored when an index generation is known. */
  async read<T>(request: string, load: () => Promise<Sized<T>>): Promise<T> {
    const generation = await this.index.current();
    if (!this.entries || generation === '') return (await load()).value;
    if (generation !== this.generation) {
      this.entries.clear();
      this.generation = generation;
    }
    const hit = this.entries.get(request);
    if (hit) {
      metrics.readCache('hit');
      return hit.value as T;
    }
    metrics.readCache('miss');
    const loaded = await load();
    // An answer loaded while the alias moved is not stored under the new generation.
    if (this.generation === generation) this.entries.set(request, loaded);
    return loaded.value;
  }
}
