import type { EsClient } from './client';
import { esCall } from './client';
import type { SortValue } from '../../search/cursor';

export interface SearchHit {
  readonly source: Record<string, unknown>;
  readonly sort: SortValue[];
}

export interface SearchResult {
  readonly hits: SearchHit[];
  readonly total: number;
  readonly aggregations?: Record<string, any>;
  readonly suggest?: Record<string, any>;
}

/** Runs a search body against the alias readers use. */
export class ProductSearch {
  constructor(
    private readonly es: EsClient,
    private readonly alias: string,
  ) {}

  async count(category?: string): Promise<number> {
    const res = await esCall(() => this.es.count({ index: this.alias, ...(category ? { query: { term: { category } } } : {}) }));
    return res.count;
  }

  async search(body: object): Promise<SearchResult> {
    const res = await esCall(() => this.es.search({ index: this.alias, ...body }));
    const total = typeof res.hits.total === 'number' ? res.hits.total : (res.hits.total?.value ?? 0);
    return {
      hits: res.hits.hits.map((h) => ({ source: (h._source ?? {}) as Record<string, unknown>, sort: (h.sort ?? []) as SortValue[] })),
      total,
      aggregations: res.aggregations as Record<string, any> | undefined,
      suggest: res.suggest as Record<string, any> | undefined,
    };
  }
}
