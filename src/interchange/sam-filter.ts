// A SAM list export's query, validated by the contract, read into what selects its products: the
// list operation's filters with the list operation's meaning (ranges with units, spec values), and
// the edition it is pinned to.
import {
  RANGE_OPS,
  RANGE_SPECS,
  VALUE_SPECS,
  rangeParam,
  rangeValuePattern,
  unitFactors,
  valueParam,
} from '../contract/query-vocabulary';
import type { ProductFilter } from '../catalog/product-query';

/** The parameters of the list operation a SAM list export takes too (not text, category, paging, sort or fields). */
export const SAM_FILTER_EXCLUDED = new Set(['q', 'category', 'limit', 'cursor', 'sort', 'fields']);

/** What a SAM list export asks for, besides its list. */
export interface SamRequest {
  readonly edition?: string;
  readonly asOf?: string;
  readonly productId: boolean;
  readonly filter: ProductFilter;
}

const RANGES = RANGE_SPECS.flatMap((spec) =>
  RANGE_OPS.map((op) => ({ spec, op, name: rangeParam(spec, op), pattern: new RegExp(rangeValuePattern(spec)) })),
);

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** Reads a validated query: every name, value and unit in it is known to be good. */
export function samRequest(query: Readonly<Record<string, unknown>>): SamRequest {
  const ranges: NonNullable<ProductFilter['ranges']>[number][] = [];
  for (const { spec, op, name, pattern } of RANGES) {
    const raw = query[name];
    if (typeof raw !== 'string') continue;
    const [, number, unit] = pattern.exec(raw)!;
    ranges.push({ spec, op, value: Number(number) * (unit ? unitFactors(spec)[unit.toLowerCase()] : 1) });
  }
  const values: NonNullable<ProductFilter['values']>[number][] = [];
  for (const spec of VALUE_SPECS) {
    const raw = query[valueParam(spec)];
    if (raw === undefined) continue;
    values.push({ spec, values: Array.isArray(raw) ? raw.map((v: string) => v.toLowerCase()) : [raw as boolean] });
  }
  return {
    ...(typeof query.edition === 'string' ? { edition: query.edition } : {}),
    ...(typeof query.as_of === 'string' ? { asOf: query.as_of } : {}),
    productId: query.product_id === true,
    filter: {
      ...(typeof query.in_latest_edition === 'boolean' ? { inLatestEdition: query.in_latest_edition } : {}),
      manufacturers: strings(query.manufacturer),
      series: strings(query.series),
      quality: strings(query.quality),
      ranges,
      values,
    },
  };
}
