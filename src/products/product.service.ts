// Single products and comparisons. The current product is read from the index, which carries its
// values with their provenance; a product as it stood before (`as_of`) is read from its revisions.
import { AppError } from '../errors/app-error';
import { noSuchRevision, notYetAt, productNotFound, unknownProductIds } from '../errors/catalog';
import { NOTICE } from '../catalog/notice';
import { SPECS, SPEC_NAMES, unitsOf } from '../catalog/spec-catalog';
import { provenanceOf, specsOf } from '../catalog/provenance';
import { qualityOf } from '../catalog/quality';
import type { RevisionDoc } from '../catalog/revision.types';
import type { IndexField, Projection } from '../catalog/search-document';

export interface ProductPorts {
  readonly index: {
    get<F extends IndexField>(id: string, source: readonly F[]): Promise<Projection<F> | null>;
    getMany<F extends IndexField>(ids: readonly string[], source: readonly F[]): Promise<(Projection<F> | null)[]>;
  };
  readonly revisions: {
    get(productId: string, number: number): Promise<RevisionDoc | null>;
    /** The newest of revisions 1..`current` made at or before `at`, or null. */
    asOf(productId: string, current: number, at: Date): Promise<RevisionDoc | null>;
  };
}

export const DETAIL_SOURCE = [
  'id',
  'model',
  'manufacturer',
  'company',
  'made_by',
  'series',
  'category',
  'variant',
  'specs',
  'current_revision',
  'updated_at',
  'detail',
] as const;
/** What compare shows of each product. */
export const COMPARE_SOURCE = ['id', 'model', 'manufacturer', 'company', 'category', 'variant', 'specs'] as const;

export type Detailed = Projection<(typeof DETAIL_SOURCE)[number]>;

/** The product now, or as it stood at `asOf` (a revision number or an RFC 3339 time). */
export async function getProduct(id: string, ports: ProductPorts, asOf?: string) {
  const product = await ports.index.get(id, DETAIL_SOURCE);
  if (!product) throw new AppError(productNotFound(id));
  if (!asOf) return detailOf(product);
  return detailOf(product, await revisionAsOf(product.id, product.current_revision, asOf, ports));
}

/** getProduct's answer: the product as the index holds it, or with the values of `revision` (an as_of read). */
export function detailOf(product: Detailed, revision?: RevisionDoc) {
  const identity = {
    id: product.id,
    model: product.model,
    manufacturer: product.manufacturer,
    ...(product.company ? { company: product.company } : {}),
    ...(product.made_by ? { made_by: product.made_by } : {}),
    ...(product.series ? { series: product.series } : {}),
    category: product.category,
    variant: product.variant,
    aliases: product.detail.aliases,
    listing: product.detail.listing,
  };
  if (!revision) {
    const { detail } = product;
    const current = {
      specs: product.specs,
      units: detail.units,
      provenance: detail.provenance,
      quality: detail.quality,
      revision: product.current_revision,
    };
    return { ...identity, ...current, updated_at: product.updated_at, notice: NOTICE };
  }
  const specs = specsOf(revision.claims);
  const past = {
    specs,
    units: unitsOf(specs),
    provenance: provenanceOf(revision.claims, revision.number),
    quality: qualityOf(product.category, specs),
    revision: revision.number,
  };
  return { ...identity, ...past, updated_at: revision.created_at.toISOString(), notice: NOTICE };
}

/** The revision current at `asOf`: a revision number, or an RFC 3339 time. */
async function revisionAsOf(id: string, current: number, asOf: string, ports: ProductPorts): Promise<RevisionDoc> {
  if (/^\d+$/.test(asOf)) {
    const number = Number(asOf);
    const revision = number >= 1 && number <= current ? await ports.revisions.get(id, number) : null;
    if (!revision) throw new AppError(noSuchRevision(id, current, number));
    return revision;
  }
  const revision = await ports.revisions.asOf(id, current, new Date(asOf));
  if (!revision) throw new AppError(notYetAt(id, asOf));
  return revision;
}

/** `ids`: 2 to 10 distinct well-formed ids, as the contract validated them. */
export async function compareProducts(ids: readonly string[], ports: ProductPorts) {
  const found = await ports.index.getMany(ids, COMPARE_SOURCE);
  const unknown = ids.filter((_, i) => !found[i]);
  // The contract declares compare 200 and 400: ids that name nothing are a bad request, not a missing resource.
  if (unknown.length > 0) {
    throw new AppError(unknownProductIds(unknown));
  }
  // Every id named a product (checked above): none is null.
  const products = found.filter((p) => p !== null);
  const present = SPEC_NAMES.filter((name) => products.some((p) => name in p.specs));
  const comparison = present.map((spec) => {
    const values = products.map((p) => (spec in p.specs ? p.specs[spec] : null));
    const unit = SPECS[spec].unit;
    return { spec, ...(unit ? { unit } : {}), values, differs: new Set(values.map((v) => JSON.stringify(v))).size > 1 };
  });
  return { data: products, comparison, meta: { notice: NOTICE } };
}
