// The clauses of what was named over what was inferred (issue 57): a model carrying the number typed
// as its designation, the companies the words name themselves (not the brands reached through them),
// and a typed bound no product meets, loosened into an order by nearness to it. Their weights are
// the ranking table's (search-ranking.ts: named_company, designation, bound_nearness).
import type { estypes } from '@elastic/elasticsearch';
import { NOMINAL_POWER_SPECS } from '../../catalog/spec-catalog';
import { NOMINAL_POWER, type Range, type Understood } from '../../catalog/product-query';
import { rangeClause } from './search-filters';
import { boundCurve, nearnessScore } from './nearness-score';

type Query = estypes.QueryDslQueryContainer;

const escaped = (s: string) => s.replace(/[.?+*|{}[\]()"\\#@&<>~]/g, '\\$&');

/**
 * A model that carries `number` as a designation: not inside a longer number, so "3.8" finds
 * SB3.8-1SP-US-40 and not SB3800U, "405" finds JKM405M and not JKM4050. The model's keyword is
 * lower-cased and the pattern holds digits and a dot only. A leading `.*` walks the model terms of
 * the index (one per distinct model, some tens of thousands): a few milliseconds, asked only when a
 * quantity was typed.
 */
export function designationClause(number: string): Query {
  return {
    regexp: { 'model.keyword': { value: `(.*[^0-9.])?${escaped(number)}([^0-9].*)?`, flags: 'NONE' } },
  };
}

/** Products of the named companies themselves (their own id), not of brands whose notes name them. */
export const ownCompanyClause = (companies: readonly string[]): Query => ({ terms: { 'company.id': [...companies] } });

/**
 * A typed bound no product met, as an order: a product meeting it scores the full weight, the others the nearer
 * to the bound the more (an exponential as wide as the bound: ten times away still scores 0.1), so
 * "at least 10 kW" lists the largest first and "under 300 W" the smallest.
 */
export function boundNearness(r: Range, boost: number): Query {
  const specs = r.spec === NOMINAL_POWER ? NOMINAL_POWER_SPECS : [r.spec];
  return nearnessScore(
    specs.map((s) => `specs.${s}`),
    boundCurve(r.value),
    boost,
    rangeClause(r),
  );
}

/** The typed comparisons of a reading, which a relaxation may loosen, and the bounds words imply, which it never does. */
export function splitRanges(u: Understood): { typed: Range[]; implied: Range[] } {
  const typed: Range[] = [];
  const implied: Range[] = [];
  for (const { typed: words, ...r } of u.ranges) (words ? typed : implied).push(r);
  return { typed, implied };
}
