// Elasticsearch answers kept in memory per index generation (shared/generation-cache.ts). An entry
// is the answer's JSON as Elasticsearch sent it, in UTF-8 bytes outside V8's heap, so the bound
// counts exactly what is held, and the heap (whose headroom grows with what lives in it) holds none
// of it; a hit parses it again, so no two requests ever share (and could mutate) one object.
import { GenerationCache, type Kept } from '../../shared/generation-cache';
import type { IndexGeneration } from './index-generation';
import { metrics } from '../../shared/metrics';

/** An answer as parsed, with the text it was parsed from. */
export interface Answer<T> {
  readonly value: T;
  readonly text: string;
}

interface KeptAnswer extends Kept {
  readonly json: Buffer;
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
    if (slot?.hit) return JSON.parse(slot.hit.json.toString('utf8')) as T;
    const loaded = await load();
    if (slot) {
      const json = Buffer.from(loaded.text, 'utf8');
      slot.keep({ json, bytes: json.length });
    }
    return loaded.value;
  }
}
