// A search at a design point (catalog/design-point.ts) as Elasticsearch clauses over the indexed grid
// (`design_grid`, catalog/design-grid.ts): only products with a value at the point answer, whatever
// reading matched; the bounds typed there select (until a relaxation loosens them), a quantity there
// ranks by nearness, and a ranking there orders.
import type { estypes } from '@elastic/elasticsearch';
import { gridField } from '../../catalog/design-point';
import type { DesignPointQuery, ProductQuery, Understood } from '../../catalog/product-query';
import { boundCurve, nearnessScore, quantityCurve } from './nearness-score';

type Query = estypes.QueryDslQueryContainer;

/** Products with the value the hits show at the point: a filter on every reading. */
export function designPointFilter(query: Pick<ProductQuery, 'understood'>): Query[] {
  const dp = query.understood?.designPoint;
  return dp ? [{ exists: { field: gridField(dp.point, dp.primary) } }] : [];
}

const rangeAt = (dp: DesignPointQuery, r: DesignPointQuery['ranges'][number]): Query => ({
  range: { [gridField(dp.point, r.measure)]: { [r.op]: r.value } },
});

/**
 * The typed bounds at the point, until a relaxation loosens typed comparisons (`ranges`, `parts`), and
 * the quantity's tolerance there, until any relaxation does: as the listed specs' are.
 */
export function designPointBounds(u: Understood): Query[] {
  const dp = u.designPoint;
  if (!dp) return [];
  const rangesHold = u.relaxed !== 'ranges' && u.relaxed !== 'parts';
  return [
    ...(rangesHold ? dp.ranges.map((r) => rangeAt(dp, r)) : []),
    ...(dp.near && !u.relaxed
      ? [{ range: { [gridField(dp.point, dp.near.measure)]: { gte: dp.near.min, lte: dp.near.max } } }]
      : []),
  ];
}

/** Loosened, a bound at the point only orders: a product meeting it first, then the nearer the higher (as boundNearness). */
export function designPointBoundNearness(u: Understood, boost: number): Query[] {
  const dp = u.designPoint;
  if (!dp || (u.relaxed !== 'ranges' && u.relaxed !== 'parts')) return [];
  return dp.ranges.map((r) =>
    nearnessScore([gridField(dp.point, r.measure)], boundCurve(r.value), boost, rangeAt(dp, r)),
  );
}

/** The nearer the value at the point to the typed quantity, the higher (as nearness in search-relevance.ts). */
export function designPointNearness(u: Understood, boost: number): Query[] {
  const dp = u.designPoint;
  if (!dp?.near) return [];
  return [
    nearnessScore([gridField(dp.point, dp.near.measure)], quantityCurve(dp.near, u.relaxed !== undefined), boost),
  ];
}

/** The order a ranking at the point asks, as a sort key (the grid's field). */
export function designPointSort(u: Understood | undefined): { key: string; desc: boolean } | undefined {
  const dp = u?.designPoint;
  return dp?.sort ? { key: gridField(dp.point, dp.sort.measure), desc: dp.sort.desc } : undefined;
}
