// Answers kept in memory per index generation: within one generation the same request gets the same
// answer, so an entry is exact until the alias moves; then every entry of the old generation is
// dropped at once. Both the Elasticsearch read cache and the response cache are this one class.
// Bounded twice: in bytes, by what an entry really holds (its payload's bytes, its key, and a fixed
// allowance for the bookkeeping around them), and in entries, so that many small answers cannot
// grow the maps and their nodes past what the byte bound foresaw.
import { LRUCache } from 'lru-cache';

/** What one entry holds: its payload's size in bytes is measured once, when it is stored. */
export interface Kept {
  readonly bytes: number;
}

export interface GenerationCacheOptions {
  /** The concrete index (or indices) behind the alias now; empty when unknown (nothing is cached then). */
  readonly generation: () => Promise<string>;
  /** 0 turns the cache off. */
  readonly maxBytes: number;
  /** 0 turns the cache off. */
  readonly maxEntries: number;
  readonly onLookup?: (result: 'hit' | 'miss') => void;
}

/** Bytes an entry costs beyond its payload and key: the LRU's node, the map slot, the entry object (measured at about 200 on Node 20 and 24). */
export const ENTRY_OVERHEAD_BYTES = 256;

/** A key's bytes in V8: one per character when every character is Latin-1, else two. */
function stringBytes(s: string): number {
  // oxlint-disable-next-line no-control-regex -- the test is for characters past Latin-1
  return /[^\u0000-\u00ff]/.test(s) ? 2 * s.length : s.length;
}

/** A lookup: the kept answer, or a way to keep the one about to be made. */
export interface Slot<V extends Kept> {
  readonly hit?: V;
  /** Keeps `value` unless the alias moved while it was made (it then belongs to no generation). */
  keep(value: V): void;
}

export class GenerationCache<V extends Kept> {
  private readonly entries?: LRUCache<string, V>;
  private current = '';

  constructor(private readonly options: GenerationCacheOptions) {
    if (options.maxBytes > 0 && options.maxEntries > 0) {
      this.entries = new LRUCache<string, V>({
        max: options.maxEntries,
        maxSize: options.maxBytes,
        sizeCalculation: (value, key) => value.bytes + stringBytes(key) + ENTRY_OVERHEAD_BYTES,
      });
    }
  }

  /** The slot for `key` in the current generation, or undefined when caching is off or the generation unknown. */
  async open(key: string): Promise<Slot<V> | undefined> {
    const entries = this.entries;
    if (!entries) return undefined;
    const generation = await this.options.generation();
    if (generation === '') return undefined;
    if (generation !== this.current) {
      entries.clear();
      this.current = generation;
    }
    const hit = entries.get(key);
    this.options.onLookup?.(hit ? 'hit' : 'miss');
    return {
      hit,
      keep: (value) => {
        if (this.current === generation) entries.set(key, value);
      },
    };
  }
}
