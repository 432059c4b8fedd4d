// Elasticsearch answers kept in memory per index generation (shared/generation-cache.ts). An entry
// is the answer's JSON text as Elasticsearch sent it, so the bound counts what is really held; a hit
// parses it again, which also means no two requests ever share (and could mutate) one object.
import { GenerationCache, stringBytes, type Kept } from '../../shared/generation-cache';
import type { IndexGeneration } from './index-generation';
import { metrics } from '../../shared/metrics';

/** An answer as parsed, with the text it was parsed from. */
export interface Answer<T> {
  readonly value: T;
  readonly text: string;
}

interface KeptAnswer extends Kept {
  readonly text: string;
}

export interface CacheLimits {
  readonly maxBytes: number;
  readonly maxEntries: number;
}

export class ReadCache {
  private readonly cache: GenerationCache<KeptAnswer>;

  constructor(index: IndexGeneration, limits: CacheLimits) {
    this.cache = new GenerationCache({
      generation: () => index.current(),
      ...limits,
      onLookup: (result) => metrics.readCache(result),
    });
  }

  /** The cached answer to `request`, or `load()`'s, kept when an index generation is known. */
  async read<T>(request: string, load: () => Promise<Answer<T>>): Promise<T> {
    const slot = await this.cache.open(request);
    if (slot?.hit) return JSON.parse(slot.hit.text) as T;
    const loaded = await load();
    slot?.keep({ text: loaded.text, bytes: stringBytes(loaded.text) });
    return loaded.value;
  }
}
