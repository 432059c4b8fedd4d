// Revision history (newest first, cursor-paginated), single revisions with their full claim
// snapshot, and the revision a product stood at for an `as_of` number or time.
import { AppError } from '../errors/app-error';
import { NOTICE } from '../contract/openapi';
import { decodeCursor, encodeCursor } from '../search/cursor';
import type { ProductDoc } from '../products/product.types';
import type { RevisionDoc } from './revision.types';

export interface RevisionPorts {
  readonly products: { findById(id: string): Promise<ProductDoc | null> };
  readonly revisions: { get(productId: string, number: number): Promise<RevisionDoc | null> };
}

export async function productOrNotFound(id: string, ports: RevisionPorts): Promise<ProductDoc> {
  const product = await ports.products.findById(id);
  if (!product) throw new AppError('NOT_FOUND', `No product has the id '${id}'.`);
  return product;
}

type Head = Pick<ProductDoc, '_id' | 'current_revision'>;

async function revisionOrFail(product: Head, number: number, ports: Pick<RevisionPorts, 'revisions'>): Promise<RevisionDoc> {
  const revision = number >= 1 && number <= product.current_revision ? await ports.revisions.get(product._id, number) : null;
  if (!revision) throw new AppError('NOT_FOUND', `Product '${product._id}' has revisions 1 to ${product.current_revision}; there is no revision ${number}.`);
  return revision;
}

export async function listRevisions(productId: string, query: { limit: number; cursor?: string }, ports: RevisionPorts, cursorSecret: string) {
  const product = await productOrNotFound(productId, ports);
  const binding = `revisions:${product._id}`;
  const start = query.cursor ? Number(decodeCursor(query.cursor, binding, cursorSecret)[0]) : product.current_revision;
  const numbers = [];
  for (let n = start; n >= 1 && numbers.length < query.limit; n--) numbers.push(n);
  const docs = await Promise.all(numbers.map((n) => revisionOrFail(product, n, ports)));
  const last = numbers[numbers.length - 1];
  return {
    data: docs.map((r) => ({ number: r.number, created_at: r.created_at.toISOString(), summary: r.summary, changes: r.changes })),
    meta: { limit: query.limit, total: product.current_revision, notice: NOTICE, ...(last > 1 ? { next_cursor: encodeCursor(binding, [last - 1], cursorSecret) } : {}) },
  };
}

export async function getRevision(productId: string, number: number, ports: RevisionPorts) {
  const revision = await revisionOrFail(await productOrNotFound(productId, ports), number, ports);
  return {
    product_id: revision.product_id,
    number: revision.number,
    created_at: revision.created_at.toISOString(),
    summary: revision.summary,
    changes: revision.changes,
    claims: revision.claims,
    source_files: revision.source_files,
  };
}

/** The revision current at `asOf`: a revision number, or an RFC 3339 time. */
export async function revisionAsOf(product: Head, asOf: string, ports: Pick<RevisionPorts, 'revisions'>): Promise<RevisionDoc> {
  if (/^\d+$/.test(asOf)) return revisionOrFail(product, Number(asOf), ports);
  const at = Date.parse(asOf);
  for (let n = product.current_revision; n >= 1; n--) {
    const revision = await revisionOrFail(product, n, ports);
    if (revision.created_at.getTime() <= at) return revision;
  }
  throw new AppError('NOT_FOUND', `Product '${product._id}' did not exist yet at ${asOf}.`);
}
