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
  /** The condition the value is taken at, where it has one a ranking should say (an inverter's DC voltage). */
  readonly at?: TakenAt;
}

/** The DC voltage an inverter's efficiency is taken at: its nominal one, from the same list row. */
export interface TakenAt {
  readonly dc_voltage: 'nominal';
  readonly spec: SpecName;
  /** Null when the product lists no nominal DC voltage. */
  readonly value: number | null;
  readonly unit: string | null;
  readonly provenance: Provenance | null;
  readonly statement: string;
}

/**
 * Specs whose value holds at one operating condition only. Both inverter efficiencies are derived from
 * the CEC row's Sandia coefficients at its nominal DC voltage Vdco (src/ingest/convert/inverter-derived.ts),
 * where the voltage terms vanish; every such product's Vdco comes from that same row.
 */
const TAKEN_AT: Partial<Record<SpecName, { readonly spec: SpecName; readonly statement: string }>> = {
  cec_weighted_efficiency_pct: {
    spec: 'nominal_dc_voltage_v',
    statement:
      "The CEC weighted efficiency at the inverter's nominal DC voltage (Vdco, nominal_dc_voltage_v of the same CEC row), from the Sandia model; not at a string's operating voltage. Across the MPPT window the same inverter's figure differs by up to about 1.6 percentage points: getInverterPerformance gives it at Mppt_low, Vdco and Mppt_high, and checkCompatibility at a string's own voltage.",
  },
  rated_efficiency_pct: {
    spec: 'nominal_dc_voltage_v',
    statement:
      "Paco / Pdco: the efficiency at rated output at the inverter's nominal DC voltage (Vdco, nominal_dc_voltage_v of the same CEC row), where the Sandia model reaches Paco at Pdco; at other voltages it differs (getInverterPerformance).",
  },
};

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
export const basisFields = (spec: SpecName): string[] =>
  [spec, ...(TAKEN_AT[spec] ? [TAKEN_AT[spec].spec] : [])].flatMap((s) => [`specs.${s}`, `detail.provenance.${s}`]);

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
  const taken = TAKEN_AT[spec];
  const atValue = taken ? specs?.[taken.spec] : undefined;
  const basis: RankBasis = {
    spec,
    value: value ?? null,
    unit: SPECS[spec].unit ?? null,
    provenance: detail?.provenance?.[spec] ?? null,
    ...(taken
      ? {
          at: {
            dc_voltage: 'nominal' as const,
            spec: taken.spec,
            value: typeof atValue === 'number' ? atValue : null,
            unit: SPECS[taken.spec].unit ?? null,
            provenance: detail?.provenance?.[taken.spec] ?? null,
            statement: taken.statement,
          },
        }
      : {}),
  };
  const readOnly: string[] = [spec, ...(taken ? [taken.spec] : [])].filter(
    (s) => fields && !fields.some((f) => f === 'specs' || f === `specs.${s}`),
  );
  if (readOnly.length && specs) {
    const others = Object.fromEntries(Object.entries(specs).filter(([s]) => !readOnly.includes(s)));
    if (Object.keys(others).length) (rest as Record<string, unknown>).specs = others;
    else delete (rest as Record<string, unknown>).specs;
  }
  return { ...rest, rank_basis: basis };
}
