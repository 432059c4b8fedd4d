// Single products and comparisons, read from the canonical store with each value's provenance.
import { validationError } from '../errors/app-error';
import { NOTICE } from '../contract/openapi';
import { SPECS, SPEC_NAMES, isSpecName } from './spec-catalog';
import { provenanceOf, specsOf } from '../revisions/provenance';
import { productOrNotFound, revisionAsOf } from '../revisions/revisions.service';
import type { ProductDoc } from './product.types';
import { qualityOf } from '../revisions/quality';
import type { RevisionDoc } from '../revisions/revision.types';
import type { ClaimValue } from '../revisions/claim';

export interface ProductPorts {
  readonly products: { findById(id: string): Promise<ProductDoc | null>; findByIds(ids: readonly string[]): Promise<(ProductDoc | null)[]> };
  readonly revisions: { get(productId: string, number: number): Promise<RevisionDoc | null> };
}

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 10;

function unitsOf(specs: Readonly<Record<string, ClaimValue>>): Record<string, string> {
  const units: Record<string, string> = {};
  for (const name of Object.keys(specs)) {
    const unit = isSpecName(name) ? (SPECS[name] as { unit?: string }).unit : undefined;
    if (unit) units[name] = unit;
  }
  return units;
}

/** The product now, or as it stood at `asOf` (a revision number or an RFC 3339 time). */
export async function getProduct(id: string, ports: ProductPorts, asOf?: string) {
  const product = await productOrNotFound(id, ports);
  const revision = await revisionAsOf(product, asOf ?? String(product.current_revision), ports);
  const specs = asOf ? specsOf(revision.claims) : product.specs;
  return {
    id: product._id,
    model: product.model,
    manufacturer: product.manufacturer,
    category: product.category,
    variant: product.variant,
    aliases: product.aliases,
    specs,
    units: unitsOf(specs),
    provenance: provenanceOf(revision.claims, revision.number),
    quality: qualityOf(product.category, specs),
    revision: revision.number,
    updated_at: (asOf ? revision.created_at : product.updated_at).toISOString(),
    notice: NOTICE,
  };
}

function summary(p: ProductDoc) {
  return { id: p._id, model: p.model, manufacturer: p.manufacturer, category: p.category, variant: p.variant, specs: p.specs };
}

export function parseIds(raw: string): string[] {
  const ids = raw.split(',').map((s) => s.trim());
  const bad = (message: string) => validationError([{ in: 'query', name: 'ids', message }]);
  if (ids.some((id) => id === '')) throw bad('has an empty id; separate ids with single commas');
  if (ids.length < COMPARE_MIN) throw bad(`needs at least ${COMPARE_MIN} ids to compare`);
  if (ids.length > COMPARE_MAX) throw bad(`takes at most ${COMPARE_MAX} ids`);
  const dupes = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (dupes.length > 0) throw bad(`names ${[...new Set(dupes)].join(', ')} more than once`);
  return ids;
}

export async function compareProducts(rawIds: string, ports: ProductPorts) {
  const ids = parseIds(rawIds);
  const found = await ports.products.findByIds(ids);
  const unknown = ids.filter((_, i) => !found[i]);
  if (unknown.length > 0) throw validationError([{ in: 'query', name: 'ids', message: `names unknown product${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` }]);
  const products = found as ProductDoc[];
  const present = SPEC_NAMES.filter((name) => products.some((p) => name in p.specs));
  const comparison = present.map((spec) => {
    const values = products.map((p) => (spec in p.specs ? p.specs[spec] : null));
    const unit = (SPECS[spec] as { unit?: string }).unit;
    return { spec, ...(unit ? { unit } : {}), values, differs: new Set(values.map((v) => JSON.stringify(v))).size > 1 };
  });
  return { data: products.map(summary), comparison, meta: { notice: NOTICE } };
}
