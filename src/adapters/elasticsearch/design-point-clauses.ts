// A search at a design point (catalog/design-point.ts) as Elasticsearch clauses over the indexed grid
// (`design_grid`, catalog/design-grid.ts): only products with a value at the point answer, whatever
// reading matched; the bounds typed there select (until a relaxation loosens them), a quantity there
// ranks by nearness, and a ranking there orders.
import type { estypes } from '@elastic/elasticsearch';
import { gridField } from '../../catalog/design-point';
import type { ProductQuery, Understood } from '../../catalog/product-query';

type Query = estypes.QueryDslQueryContainer;

/** Products with the value the hits show at the point: a filter on every reading. */
export function designPointFilter(query: Pick<ProductQuery, 'understood'>): Query[] {
  const dp = query.understood?.designPoint;
  return dp ? [{ exists: { field: gridField(dp.point, dp.primary) } }] : [];
}

/** The typed bounds and the quantity's tolerance at the point, while the reading holds. */
export function designPointBounds(u: Understood): Query[] {
  const dp = u.designPoint;
  if (!dp || u.relaxed) return [];
  return [
    ...dp.ranges.map((r) => ({ range: { [gridField(dp.point, r.measure)]: { [r.op]: r.value } } })),
    ...(dp.near ? [{ range: { [gridField(dp.point, dp.near.measure)]: { gte: dp.near.min, lte: dp.near.max } } }] : []),
  ];
}

/** The nearer the value at the point to the typed quantity, the higher (as nearness in search-relevance.ts). */
export function designPointNearness(u: Understood, boost: number): Query[] {
  const dp = u.designPoint;
  if (!dp?.near) return [];
  const field = gridField(dp.point, dp.near.measure);
  const edge = Math.max(dp.near.max - dp.near.value, Math.abs(dp.near.value) * 0.01, 1e-6);
  const curve = u.relaxed ? 'exp' : 'gauss';
  const scale = u.relaxed ? Math.max(Math.abs(dp.near.value), edge * 10) : edge;
  return [
    {
      function_score: {
        query: { exists: { field } },
        functions: [{ [curve]: { [field]: { origin: dp.near.value, scale, decay: 0.5 } } }],
        boost_mode: 'replace',
        boost,
      },
    },
  ];
}

/** The order a ranking at the point asks, as a sort key (the grid's field). */
export function designPointSort(u: Understood | undefined): { key: string; desc: boolean } | undefined {
  const dp = u?.designPoint;
  return dp?.sort ? { key: gridField(dp.point, dp.sort.measure), desc: dp.sort.desc } : undefined;
}
