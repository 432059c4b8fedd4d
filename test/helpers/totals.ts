// What a collection's meta says of n matches: the exact count up to the contract's bound, then the
// bound as a lower one. Tests compare totals through these, never by the raw number alone.
import { TOTAL_EXACT_UP_TO } from '../../src/contract/query-vocabulary';

export interface Counted {
  readonly total: number;
  readonly total_relation: 'eq' | 'gte';
}

/** The meta a collection of `n` matches carries. */
export const countedAs = (n: number): Counted =>
  n <= TOTAL_EXACT_UP_TO ? { total: n, total_relation: 'eq' } : { total: TOTAL_EXACT_UP_TO, total_relation: 'gte' };

/** The total and its relation of an answer's meta. */
export const counted = (meta: Counted): Counted => ({ total: meta.total, total_relation: meta.total_relation });
