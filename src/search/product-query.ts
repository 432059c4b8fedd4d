// A collection request, validated by the contract, parsed into what the search needs: text, filters,
// numeric ranges (units converted), sort and projection. Errors name the parameter.
import { createHash } from 'node:crypto';
import { AppError, type FieldError } from '../errors/app-error';
import { SPECS, isSpecName, isNumericSpec, type SpecName } from '../products/spec-catalog';
import { SORT_VALUES, FIELD_VALUES, RANGE_PARAM_PATTERN } from '../contract/query-vocabulary';

export type Mode = 'list' | 'search';
export type RangeOp = 'gte' | 'gt' | 'lte' | 'lt';

export interface ProductQuery {
  readonly mode: Mode;
  readonly q?: string;
  readonly categories: string[];
  readonly manufacturers: string[];
  readonly quality: string[];
  readonly ranges: { spec: SpecName; op: RangeOp; value: number }[];
  /** Sort keys with direction; empty means relevance (search) or model (list). */
  readonly sort: { key: string; desc: boolean }[];
  /** Projection: undefined means the default summary. */
  readonly fields?: string[];
  readonly limit: number;
  readonly cursor?: string;
}

const PREFIX: Record<string, Record<string, number>> = {
  power: { w: 1, kw: 1e3, mw: 1e6 },
  voltage: { v: 1, kv: 1e3, mv: 1e-3 },
  current: { a: 1, ka: 1e3, ma: 1e-3 },
};
const RANGE = new RegExp(RANGE_PARAM_PATTERN);
const NUMBER_WITH_UNIT = /^\s*(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s*([a-z%/0-9°]*)\s*$/i;

export function parseProductQuery(mode: Mode, query: Record<string, any>): ProductQuery {
  const errors: FieldError[] = [];
  const bad = (name: string, message: string) => errors.push({ in: 'query', name, message });

  const ranges: ProductQuery['ranges'] = [];
  for (const [name, raw] of Object.entries(query)) {
    const m = RANGE.exec(name);
    if (!m) continue;
    const [, spec, op] = m;
    if (!isSpecName(spec) || !isNumericSpec(spec)) {
      bad(name, `names no numeric spec; numeric specs: ${SORT_VALUES.filter((s) => s.startsWith('specs.')).map((s) => s.slice(6)).join(', ')}`);
      continue;
    }
    const value = toBaseUnit(spec, String(raw));
    if (value === undefined) bad(name, `'${raw}' is not a number${SPECS[spec].unit ? ` in ${SPECS[spec].unit}` : ''}${dimensionHint(spec)}`);
    else ranges.push({ spec, op: op as RangeOp, value });
  }

  const sort = String(query.sort ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => ({ key: s.replace(/^-/, ''), desc: s.startsWith('-') }));
  for (const s of sort) {
    if (!(SORT_VALUES.includes(s.key) || (mode === 'search' && s.key === 'relevance'))) bad('sort', `'${s.key}' is not a sort key; use ${mode === 'search' ? 'relevance, ' : ''}${SORT_VALUES.slice(0, 4).join(', ')} or specs.<numeric spec>`);
  }
  if (sort.length > 3) bad('sort', 'takes at most 3 keys');

  let fields: string[] | undefined;
  if (query.fields !== undefined) {
    fields = String(query.fields).split(',').map((f) => f.trim()).filter(Boolean);
    for (const f of fields) {
      const known = FIELD_VALUES.includes(f) || (f.startsWith('specs.') && isSpecName(f.slice(6)));
      if (!known) bad('fields', `'${f}' is not a field; use ${FIELD_VALUES.join(', ')} or specs.<name>`);
    }
    if (fields.length === 0) bad('fields', 'names no field');
  }

  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', errors.map((e) => `query parameter '${e.name}' ${e.message}`).join('; '), { errors });
  return {
    mode,
    q: typeof query.q === 'string' ? query.q.trim() || undefined : undefined,
    categories: query.category ?? [],
    manufacturers: query.manufacturer ?? [],
    quality: query.quality ?? [],
    ranges,
    // Relevance is the search default: naming it is the same as naming nothing.
    sort: sort.filter((s) => s.key !== 'relevance'),
    fields,
    limit: query.limit,
    cursor: query.cursor,
  };
}

const UNIT_HINT: Record<string, string> = { power: ' (W, kW, MW)', voltage: ' (V, kV, mV)', current: ' (A, kA, mA)' };

function dimensionHint(spec: SpecName): string {
  const dim = (SPECS[spec] as { dimension?: string }).dimension;
  return dim ? UNIT_HINT[dim] : '';
}

function toBaseUnit(spec: SpecName, raw: string): number | undefined {
  const m = NUMBER_WITH_UNIT.exec(raw);
  if (!m) return undefined;
  const value = Number(m[1]);
  const unit = m[2].toLowerCase();
  if (!unit) return value;
  const def = SPECS[spec] as { unit?: string; dimension?: string };
  if (def.dimension) {
    const factor = PREFIX[def.dimension][unit];
    return factor === undefined ? undefined : value * factor;
  }
  return def.unit && unit === def.unit.toLowerCase() ? value : undefined;
}

/** Identifies the result set a cursor walks: everything but limit, fields and the cursor itself. */
export function queryHash(q: ProductQuery): string {
  const canonical = {
    m: q.mode,
    q: q.q ?? null,
    c: [...q.categories].sort(),
    f: q.manufacturers.map((m) => m.toLowerCase()).sort(),
    k: [...q.quality].sort(),
    r: q.ranges.map((r) => `${r.spec}:${r.op}:${r.value}`).sort(),
    s: q.sort.map((s) => `${s.desc ? '-' : ''}${s.key}`),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url').slice(0, 22);
}
