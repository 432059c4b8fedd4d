// What a collection's meta says of n matches on the tests' catalog. Totals are as exact as the
// facets (issue 57): an index of at most twice FACET_SAMPLE_TARGET products, as the complete data
// is, counts every match; only a larger one bounds them at TOTAL_EXACT_UP_TO (search-facets.test.ts
// checks that with a lowered target). Tests compare totals through these, never by the raw number alone.
export interface Counted {
  readonly total: number;
  readonly total_relation: 'eq' | 'gte';
}

/** The meta a collection of `n` matches carries on the tests' catalog: the exact count. */
export const countedAs = (n: number): Counted => ({ total: n, total_relation: 'eq' });

/** The total and its relation of an answer's meta. */
export const counted = (meta: Counted): Counted => ({ total: meta.total, total_relation: meta.total_relation });
