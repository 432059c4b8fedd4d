// One shape for every "the nearer, the higher" clause: a typed quantity, a loosened bound, and both
// at a design point. Kept in one place because the first copies shared a defect: with boost_mode
// replace, a function_score's own boost is dropped, so the rule's weight must ride on each function.
import type { estypes } from '@elastic/elasticsearch';

type Query = estypes.QueryDslQueryContainer;

/** The curve, the value it peaks at, and the distance at which it has fallen to half. */
export interface Curve {
  readonly kind: 'gauss' | 'exp';
  readonly origin: number;
  readonly scale: number;
}

/**
 * Nearness to a typed quantity (`value`, tolerated up to `max`): a Gaussian, half at the tolerance's
 * edge. Loosened, the nearest may lie far beyond it, so the curve is an exponential as wide as the
 * value itself: ten times the value away still scores 0.1, well above the float resolution of a
 * score beside the understood reading's weight, so order holds however far.
 */
export function quantityCurve(near: { readonly value: number; readonly max: number }, loosened: boolean): Curve {
  const edge = Math.max(near.max - near.value, Math.abs(near.value) * 0.01, 1e-6);
  return loosened
    ? { kind: 'exp', origin: near.value, scale: Math.max(Math.abs(near.value), edge * 10) }
    : { kind: 'gauss', origin: near.value, scale: edge };
}

/** Nearness to a bound no product met: an exponential as wide as the bound (ten times away still scores 0.1). */
export const boundCurve = (value: number): Curve => ({
  kind: 'exp',
  origin: value,
  scale: Math.max(Math.abs(value), 1e-6),
});

/**
 * Replaces a product's score with `boost` × the curve at its value in `fields` (the best of them);
 * a product matching `meets` (a bound it satisfies) scores the full `boost`. Products with none of
 * the fields do not match.
 */
export function nearnessScore(fields: readonly string[], curve: Curve, boost: number, meets?: Query): Query {
  return {
    function_score: {
      query: { bool: { should: fields.map((field) => ({ exists: { field } })), minimum_should_match: 1 } },
      functions: [
        ...(meets ? [{ filter: meets, weight: boost }] : []),
        ...fields.map((field) => ({
          filter: { exists: { field } },
          [curve.kind]: { [field]: { origin: curve.origin, scale: curve.scale, decay: 0.5 } },
          weight: boost,
        })),
      ],
      score_mode: 'max',
      boost_mode: 'replace',
    },
  };
}
