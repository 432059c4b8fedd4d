// What a ranked hit was ranked on (issue 57): for a ranking ("most efficient") or a `sort` by a spec,
// each hit says the spec, its value, its unit and where the value comes from, so a person or an agent
// can check the order without a second request.
import { SPECS, isSpecName, type SpecName } from './spec-catalog';
import type { Provenance } from './provenance';
import type { ProductQuery } from './product-query';

export interface RankBasis {
  readonly spec: SpecName;
  /** Null when the product has no value for it (it then sorts last). */
  readonly value: unknown;
  readonly unit: string | null;
  readonly provenance: Provenance | null;
}

/** The spec a page is ordered by first: the request's first sort key, else a ranking's; none for relevance. */
export function rankedSpec(query: Pick<ProductQuery, 'sort' | 'understood'>): SpecName | undefined {
  const first = query.sort[0]?.key;
  if (first !== undefined) {
    const spec = first.startsWith('specs.') ? first.slice('specs.'.length) : undefined;
    return spec !== undefined && isSpecName(spec) ? spec : undefined;
  }
  return query.understood?.sort?.spec;
}

/** The stored fields a hit needs for its basis, beside those asked for. */
export const basisFields = (spec: SpecName): string[] => [`specs.${spec}`, `detail.provenance.${spec}`];

/**
 * A hit with its `rank_basis`, and without what was read only for it: the provenance (a collection
 * never shows `detail`), and the spec when `fields` did not ask for it.
 */
export function withRankBasis(
  source: Record<string, unknown>,
  spec: SpecName,
  fields: readonly string[] | undefined,
): Record<string, unknown> {
  const { detail, ...rest } = source as { detail?: { provenance?: Record<string, Provenance> } };
  const specs = (rest as { specs?: Record<string, unknown> }).specs;
  const value = specs?.[spec];
  const basis: RankBasis = {
    spec,
    value: value ?? null,
    unit: SPECS[spec].unit ?? null,
    provenance: detail?.provenance?.[spec] ?? null,
  };
  const asked = !fields || fields.some((f) => f === 'specs' || f === `specs.${spec}`);
  if (!asked && specs) {
    const { [spec]: _, ...others } = specs;
    if (Object.keys(others).length) (rest as Record<string, unknown>).specs = others;
    else delete (rest as Record<string, unknown>).specs;
  }
  return { ...rest, rank_basis: basis };
}
