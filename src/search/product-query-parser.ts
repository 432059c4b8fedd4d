// A collection request, validated by the contract, parsed into what the search needs: text, filters,
// numeric ranges (units converted), sort and projection.
import { createHash } from 'node:crypto';
import {
  RANGE_OPS,
  RANGE_SPECS,
  VALUE_SPECS,
  rangeParam,
  rangeValuePattern,
  unitFactors,
  valueParam,
} from '../contract/query-vocabulary';
import type { Mode, ProductQuery } from '../catalog/product-query';
import type { HandlerInput } from '../http/pipeline';

/** The validated query of a list or a search (the two share their parameters). */
export type CollectionQuery = HandlerInput<'listProducts'>['query'] | HandlerInput<'searchProducts'>['query'];

const RANGES = RANGE_SPECS.flatMap((spec) =>
  RANGE_OPS.map((op) => ({ spec, op, name: rangeParam(spec, op), pattern: new RegExp(rangeValuePattern(spec)) })),
);

/** Parses a query the contract has validated: every name, value and unit in it is known to be good. */
export function parseProductQuery(mode: Mode, query: CollectionQuery): ProductQuery {
  const ranges: ProductQuery['ranges'] = [];
  for (const { spec, op, name, pattern } of RANGES) {
    const raw = (query as Readonly<Record<string, unknown>>)[name];
    if (typeof raw !== 'string') continue;
    const [, number, unit] = pattern.exec(raw)!;
    ranges.push({ spec, op, value: Number(number) * (unit ? unitFactors(spec)[unit.toLowerCase()] : 1) });
  }
  const values: ProductQuery['values'] = [];
  for (const spec of VALUE_SPECS) {
    const raw = (query as Readonly<Record<string, unknown>>)[valueParam(spec)];
    if (raw === undefined) continue;
    values.push({ spec, values: Array.isArray(raw) ? raw.map((v: string) => v.toLowerCase()) : [raw as boolean] });
  }
  const sort = (query.sort ?? []).map((s) => ({ key: s.replace(/^-/, ''), desc: s.startsWith('-') }));
  return {
    mode,
    q: typeof query.q === 'string' ? query.q.trim() || undefined : undefined,
    categories: query.category ?? [],
    manufacturers: query.manufacturer ?? [],
    series: query.series ?? [],
    quality: query.quality ?? [],
    ...(typeof query.in_latest_edition === 'boolean' ? { inLatestEdition: query.in_latest_edition } : {}),
    ranges,
    values,
    // Relevance is the search default: naming it is the same as naming nothing.
    sort: sort.filter((s) => s.key !== 'relevance'),
    fields: query.fields,
    limit: query.limit,
    cursor: query.cursor,
    ...(query.group_by ? { groupBy: query.group_by } : {}),
  };
}

/** Identifies the result set a cursor walks: everything but limit, fields and the cursor itself. */
export function queryHash(q: ProductQuery): string {
  const canonical = {
    m: q.mode,
    q: q.q ?? null,
    c: [...q.categories].sort(),
    f: q.manufacturers.map((m) => m.toLowerCase()).sort(),
    e: [...q.series].sort(),
    k: [...q.quality].sort(),
    l: q.inLatestEdition ?? null,
    r: q.ranges.map((r) => `${r.spec}:${r.op}:${r.value}`).sort(),
    v: q.values.map((v) => `${v.spec}=${[...v.values].map(String).sort().join('|')}`).sort(),
    s: q.sort.map((s) => `${s.desc ? '-' : ''}${s.key}`),
    // Only when asked, so the cursors of ungrouped queries stay what they were.
    ...(q.groupBy ? { g: q.groupBy } : {}),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url').slice(0, 22);
}
