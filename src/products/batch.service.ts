// The batch lookup: a bill of materials in one call. Entries shaped like product ids are read in one
// multi-get; the rest (and ids that name nothing) are read as model numbers, all in one more request;
// with `as_of`, the revisions of every product found are read together. Each entry is answered on its
// own: one that finds nothing says why and never fails the others.
import { NOTICE } from '../catalog/notice';
import { PRODUCT_ID_PATTERN } from '../catalog/product-id';
import { compactModel, type IndexField, type Projection } from '../catalog/search-document';
import type { RevisionDoc } from '../catalog/revision.types';
import { BATCH_CANDIDATES_MAX, DETAIL_FIELDS } from '../contract/batch-vocabulary';
import type { Operations } from '../contract/operations.generated';
import { DETAIL_SOURCE, detailOf, type Detailed } from './product.service';

type Request = Operations['getProducts']['body'];
type Batch = Operations['getProducts']['responses']['200'];
type Entry = Batch['data'][number];
type Missing = Omit<Extract<Entry, { found: false }>, 'requested' | 'found'>;
type ProductPart = Extract<Entry, { found: true }>['product'];

export interface BatchPorts {
  readonly index: {
    /** Several products in the order asked, null where none has the id. */
    getMany<F extends IndexField>(ids: readonly string[], source: readonly F[]): Promise<(Projection<F> | null)[]>;
    /** For each model number, the products it names exactly, those as typed first, at most `limit`. */
    byModels<F extends IndexField>(
      models: readonly string[],
      source: readonly F[],
      limit: number,
    ): Promise<Projection<F>[][]>;
  };
  readonly revisions: {
    /** The revisions named, in the order named, null where none is stored. */
    getMany(refs: readonly { productId: string; number: number }[]): Promise<(RevisionDoc | null)[]>;
  };
}

const ID = new RegExp(PRODUCT_ID_PATTERN);

type Resolved = { readonly by: 'id' | 'model'; readonly product: Detailed } | Missing;

export async function getProductsBatch(request: Request, ports: BatchPorts): Promise<Batch> {
  const resolved = await resolve(request.ids, ports);
  const found = [...resolved.values()].flatMap((r) => ('product' in r ? [r.product] : []));
  const past = request.as_of ? await revisionsAt(found, request.as_of, ports) : undefined;
  const data = request.ids.map((requested): Entry => {
    const r = resolved.get(requested)!;
    if (!('product' in r)) return { requested, found: false, ...r };
    if (!past) return { requested, found: true, by: r.by, product: project(detailOf(r.product), request.fields) };
    const revision = past.get(r.product.id);
    if (!revision)
      return {
        requested,
        found: false,
        reason: 'not-at-as-of',
        detail: `Product '${r.product.id}' has revisions 1 to ${r.product.current_revision}; none was current at ${request.as_of}.`,
      };
    return { requested, found: true, by: r.by, product: project(detailOf(r.product, revision), request.fields) };
  });
  const count = data.filter((e) => e.found).length;
  return { data, meta: { requested: data.length, found: count, notice: NOTICE } };
}

/** Every entry by id where it is one, else by model number: one multi-get, then at most one search request. */
async function resolve(entries: readonly string[], ports: BatchPorts): Promise<Map<string, Resolved>> {
  const resolved = new Map<string, Resolved>();
  const ids = entries.filter((e) => ID.test(e));
  if (ids.length > 0) {
    const docs = await ports.index.getMany(ids, DETAIL_SOURCE);
    ids.forEach((id, i) => {
      const doc = docs[i];
      if (doc) resolved.set(id, { by: 'id', product: doc });
    });
  }
  const models = entries.filter((e) => !resolved.has(e));
  if (models.length === 0) return resolved;
  // One more than the candidates listed, so that "more than that" shows.
  const matches = await ports.index.byModels(models, DETAIL_SOURCE, BATCH_CANDIDATES_MAX + 1);
  models.forEach((model, i) => resolved.set(model, fromModel(model, matches[i])));
  return resolved;
}

/** As search ranks them: the model as typed (any case) wins; only without one, the model without punctuation. */
function fromModel(model: string, hits: readonly Detailed[]): Resolved {
  const typed = hits.filter((h) => h.model.toLowerCase() === model.toLowerCase());
  const named = typed.length > 0 ? typed : hits.filter((h) => compactModel(h.model) === compactModel(model));
  if (named.length === 1) return { by: 'model', product: named[0] };
  if (named.length === 0)
    return {
      reason: 'unknown',
      detail: `No product has the id or the model number '${model}'.`,
    };
  const listed = named.slice(0, BATCH_CANDIDATES_MAX);
  return {
    reason: 'ambiguous',
    detail: `The model number '${model}' names ${named.length > BATCH_CANDIDATES_MAX ? `more than ${BATCH_CANDIDATES_MAX}` : named.length} products; ask for one by id.`,
    candidates: listed.map((p) => ({ id: p.id, model: p.model, manufacturer: p.manufacturer })),
  };
}

/**
 * The revision of each product current at `asOf` (a revision number or an RFC 3339 time), read in
 * one request: for a time, every revision up to the current one (the newest made by then wins).
 */
async function revisionsAt(
  products: readonly Detailed[],
  asOf: string,
  ports: BatchPorts,
): Promise<Map<string, RevisionDoc>> {
  const byNumber = /^\d+$/.test(asOf) ? Number(asOf) : undefined;
  const refs = products.flatMap((p) =>
    byNumber !== undefined
      ? byNumber <= p.current_revision
        ? [{ productId: p.id, number: byNumber }]
        : []
      : Array.from({ length: p.current_revision }, (_, i) => ({ productId: p.id, number: i + 1 })),
  );
  const at = byNumber === undefined ? new Date(asOf).getTime() : Infinity;
  const current = new Map<string, RevisionDoc>();
  for (const revision of await ports.revisions.getMany(refs)) {
    if (!revision || revision.created_at.getTime() > at) continue;
    const held = current.get(revision.product_id);
    if (!held || held.number < revision.number) current.set(revision.product_id, revision);
  }
  return current;
}

type Detail = ReturnType<typeof detailOf>;

/**
 * `fields`: `id`, then the top-level fields named; `specs.<name>` keeps only the specs named, in
 * `specs` (unless the whole of `specs` is asked for too) and in `units` and `provenance` when asked.
 */
function project(detail: Detail, fields: readonly string[] | undefined): ProductPart {
  if (!fields) return detail as ProductPart;
  const top = new Set(fields.filter((f) => !f.startsWith('specs.')));
  const specs = fields.filter((f) => f.startsWith('specs.')).map((f) => f.slice('specs.'.length));
  const out: Record<string, unknown> = { id: detail.id };
  for (const field of DETAIL_FIELDS) if (top.has(field) && field in detail) out[field] = detail[field];
  if (specs.length === 0) return out as ProductPart;
  const keep = (values: Readonly<Record<string, unknown>>, also: readonly string[] = []) =>
    Object.fromEntries(Object.entries(values).filter(([name]) => specs.includes(name) || also.includes(name)));
  if (!top.has('specs')) out.specs = keep(detail.specs);
  if (top.has('units')) out.units = keep(detail.units);
  // The identity's provenance stays with the identity fields asked for.
  if (top.has('provenance')) out.provenance = keep(detail.provenance, [...top]);
  return out as ProductPart;
}
