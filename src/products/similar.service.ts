// Alternatives: the products of the same category nearest a product in the specs that decide a
// substitution (catalog/substitution.ts), current listings first, each with what differs and by how much.
import { AppError } from '../errors/app-error';
import { productNotFound } from '../errors/catalog';
import { NOTICE } from '../catalog/notice';
import { CATEGORIES, SPECS, type Category, type SpecName } from '../catalog/spec-catalog';
import { PRIMARY_BAND, SUBSTITUTION, type NearestQuery } from '../catalog/substitution';
import type { IndexField, Projection } from '../catalog/search-document';

type Stored = Record<string, unknown>;

export interface SimilarPorts {
  readonly index: {
    get<F extends IndexField>(id: string, source: readonly F[]): Promise<Projection<F> | null>;
    /** The products nearest the query's values, current listings first, best first within them (`source`: which fields). */
    nearest<F extends IndexField>(
      query: NearestQuery,
      source: readonly F[],
    ): Promise<{ source: Projection<F>; score: number }[]>;
  };
}

const PRODUCT_SOURCE = ['id', 'model', 'manufacturer', 'category', 'specs'] as const;
/** What each substitute is shown with. */
const SUBSTITUTE_SOURCE = [
  'id',
  'model',
  'manufacturer',
  'company',
  'category',
  'variant',
  'specs',
  'listing',
] as const;

/** How a substitute's value of one deciding spec stands against the product's. */
export interface Difference {
  readonly spec: SpecName;
  readonly unit?: string;
  readonly product: number | string | null;
  readonly substitute: number | string | null;
  /** Numbers only: the substitute's value minus the product's, and that as a percentage of the product's. */
  readonly delta?: number;
  readonly delta_pct?: number;
}

const isCategory = (c: string): c is Category => (CATEGORIES as readonly string[]).includes(c);
const round = (x: number, digits: number) => Number(x.toFixed(digits));
const valueOf = (specs: Stored, spec: SpecName) => {
  const v = specs[spec];
  return typeof v === 'number' || typeof v === 'string' ? v : null;
};

/** The substitutes of product `id`, at most `limit`. */
export async function similarProducts(id: string, limit: number, ports: SimilarPorts) {
  const product = await ports.index.get(id, PRODUCT_SOURCE);
  if (!product) throw new AppError(productNotFound(id));
  if (!isCategory(product.category)) throw new Error(`product ${id} has the unknown category ${product.category}`);
  const rules = SUBSTITUTION[product.category];
  const numbers = rules.near.flatMap((n) => {
    const value = product.specs[n.spec];
    return typeof value === 'number' ? [{ ...n, value }] : [];
  });
  const texts = rules.same.flatMap((s) => {
    const value = product.specs[s.spec];
    return typeof value === 'string' ? [{ ...s, value }] : [];
  });
  const primary = numbers.find((n) => n.spec === rules.near[0].spec);
  const window =
    primary && primary.value > 0
      ? { spec: primary.spec, min: primary.value * (1 - PRIMARY_BAND), max: primary.value * (1 + PRIMARY_BAND) }
      : undefined;
  const hits = await ports.index.nearest(
    {
      id: product.id,
      category: product.category,
      near: numbers,
      same: texts,
      ...(window ? { window } : {}),
      limit,
    },
    SUBSTITUTE_SOURCE,
  );
  const decides = [...rules.near.map((n) => n.spec), ...rules.same.map((s) => s.spec)];
  const data = hits.map(({ source, score }) => {
    const specs = source.specs ?? {};
    const differences = decides.flatMap((spec) => difference(spec, product.specs, specs) ?? []);
    const same = decides.filter(
      (spec) => valueOf(product.specs, spec) !== null && !differences.some((d) => d.spec === spec),
    );
    return { ...source, score: round(score, 4), differences, same, explanation: explain(differences, same) };
  });
  return {
    data,
    meta: {
      product: { id: product.id, model: product.model, manufacturer: product.manufacturer, category: product.category },
      decided_by: decides,
      notice: NOTICE,
    },
  };
}

/** How `spec` differs between the product and a substitute, or undefined when it does not (or neither has it). */
function difference(spec: SpecName, product: Stored, substitute: Stored): Difference | undefined {
  const a = valueOf(product, spec);
  const b = valueOf(substitute, spec);
  if (a === null && b === null) return undefined;
  const unit = SPECS[spec].unit;
  const base = { spec, ...(unit ? { unit } : {}), product: a, substitute: b };
  if (typeof a === 'number' && typeof b === 'number') {
    // Within rounding of what the lists print, two values are the same.
    if (Math.abs(b - a) <= 1e-9 * Math.max(1, Math.abs(a))) return undefined;
    return {
      ...base,
      delta: round(b - a, 6),
      ...(a !== 0 ? { delta_pct: round(((b - a) / Math.abs(a)) * 100, 1) } : {}),
    };
  }
  if (typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase()) return undefined;
  return base;
}

/** One sentence a person reads: each difference with its size, then what is the same. */
function explain(differences: readonly Difference[], same: readonly SpecName[]): string {
  const parts = differences.map((d) => {
    const unit = d.unit ? ` ${d.unit}` : '';
    if (d.substitute === null) return `${d.spec}: no value (product ${d.product}${unit})`;
    if (d.product === null) return `${d.spec}: ${d.substitute}${unit} (product has none)`;
    if (d.delta === undefined) return `${d.spec}: ${d.substitute} instead of ${d.product}`;
    const sign = d.delta > 0 ? '+' : '';
    const pct = d.delta_pct === undefined ? '' : `, ${sign}${d.delta_pct}%`;
    return `${d.spec}: ${d.substitute}${unit} (${sign}${d.delta}${unit}${pct})`;
  });
  const differs = parts.length > 0 ? `Differs in ${parts.join('; ')}.` : 'Differs in none of the deciding specs.';
  return same.length > 0 ? `${differs} Same ${same.join(', ')}.` : differs;
}
