// A collection request, validated by the contract, parsed into what the search needs: text, filters,
// numeric ranges (units converted), sort and projection.
import { createHash } from 'node:crypto';
import type { SpecName } from '../products/spec-catalog';
import { NUMERIC_SPECS, RANGE_OPS, rangeParam, rangeValuePattern, unitFactors, type RangeOp } from '../contract/query-vocabulary';

export type Mode = 'list' | 'search';

export interface ProductQuery {
  readonly mode: Mode;
  readonly q?: string;
  readonly categories: string[];
  readonly manufacturers: string[];
  readonly quality: string[];
  /** Only products the newest edition of their lists does (true) or does not (false) list. */
  readonly inLatestEdition?: boolean;
  readonly ranges: { spec: SpecName; op: RangeOp; value: number }[];
  /** Sort keys with direction; empty means relevance (search) or model (list). */
  readonly sort: { key: string; desc: boolean }[];
  /** Projection: undefined means the default summary. */
  readonly fields?: string[];
  readonly limit: number;
  readonly cursor?: string;
}

const RANGES = NUMERIC_SPECS.flatMap((spec) => RANGE_OPS.map((op) => ({ spec, op, name: rangeParam(spec, op), pattern: new RegExp(rangeValuePattern(spec)) })));

/** Parses a query the contract has validated: every name, value and unit in it is known to be good. */
export function parseProductQuery(mode: Mode, query: Record<string, any>): ProductQuery {
  const ranges: ProductQuery['ranges'] = [];
  for (const { spec, op, name, pattern } of RANGES) {
    const raw = query[name];
    if (raw === undefined) continue;
    const [, number, unit] = pattern.exec(String(raw))!;
    ranges.push({ spec, op, value: Number(number) * (unit ? unitFactors(spec)[unit.toLowerCase()] : 1) });
  }
  const sort = ((query.sort ?? []) as string[]).map((s) => ({ key: s.replace(/^-/, ''), desc: s.startsWith('-') }));
  return {
    mode,
    q: typeof query.q === 'string' ? query.q.trim() || undefined : undefined,
    categories: query.category ?? [],
    manufacturers: query.manufacturer ?? [],
    quality: query.quality ?? [],
    ...(typeof query.in_latest_edition === 'boolean' ? { inLatestEdition: query.in_latest_edition } : {}),
    ranges,
    // Relevance is the search default: naming it is the same as naming nothing.
    sort: sort.filter((s) => s.key !== 'relevance'),
    fields: query.fields,
    limit: query.limit,
    cursor: query.cursor,
  };
}

/** Identifies the result set a cursor walks: everything but limit, fields and the cursor itself. */
export function queryHash(q: ProductQuery): string {
  const canonical = {
    m: q.mode,
    q: q.q ?? null,
    c: [...q.categories].sort(),
    f: q.manufacturers.map((m) => m.toLowerCase()).sort(),
    k: [...q.quality].sort(),
    l: q.inLatestEdition ?? null,
    r: q.ranges.map((r) => `${r.spec}:${r.op}:${r.value}`).sort(),
    s: q.sort.map((s) => `${s.desc ? '-' : ''}${s.key}`),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url').slice(0, 22);
}
