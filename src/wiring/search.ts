// The read model the search, product and design rooms answer from, over the shared stores.
import { ProductIndex } from '../adapters/elasticsearch/product-index';
import { IndexGeneration } from '../adapters/elasticsearch/index-generation';
import type { Stores } from './stores';

/** The read model: the index generation answers are cached by, and the product index over it. */
export function wireSearch({ config, es }: Stores): { generation: IndexGeneration; index: ProductIndex } {
  const generation = new IndexGeneration(es, config.ELASTICSEARCH_INDEX, config.ALIAS_CHECK_MS);
  const index = new ProductIndex({
    es,
    alias: config.ELASTICSEARCH_INDEX,
    generation,
    cacheLimits: { maxBytes: config.READ_CACHE_BYTES, maxEntries: config.READ_CACHE_ENTRIES },
    searchTimeoutMs: config.SEARCH_TIMEOUT_MS,
  });
  return { generation, index };
}
