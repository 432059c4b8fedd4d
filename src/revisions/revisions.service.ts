// Revision history (newest first, cursor-paginated) and single revisions with their full claim
// snapshot.
import { AppError } from '../errors/app-error';
import { noRevisionBelow, noSuchRevision, productNotFound } from '../errors/catalog';
import { NOTICE } from '../catalog/notice';
import { decodeCursor, encodeCursor } from '../shared/cursor';
import type { ProductDoc } from '../catalog/product.types';
import type { RevisionDoc } from '../catalog/revision.types';

export interface RevisionPorts {
  readonly products: { findById(id: string): Promise<ProductDoc | null> };
  readonly revisions: {
    get(productId: string, number: number): Promise<RevisionDoc | null>;
    /** Revisions `from` down to 1, newest first, at most `count`. */
    page(productId: string, from: number, count: number): Promise<RevisionDoc[]>;
  };
}

export async function productOrNotFound(id: string, ports: RevisionPorts): Promise<ProductDoc> {
  const product = await ports.products.findById(id);
  if (!product) throw new AppError(productNotFound(id));
  return product;
}

type Head = Pick<ProductDoc, '_id' | 'current_revision'>;

async function revisionOrFail(
  product: Head,
  number: number,
  ports: Pick<RevisionPorts, 'revisions'>,
): Promise<RevisionDoc> {
  const revision =
    number >= 1 && number <= product.current_revision ? await ports.revisions.get(product._id, number) : null;
  if (!revision) throw new AppError(noSuchRevision(product._id, product.current_revision, number));
  return revision;
}

export async function listRevisions(
  productId: string,
  query: { limit: number; cursor?: string },
  ports: RevisionPorts,
  cursorSecret: string,
) {
  const product = await productOrNotFound(productId, ports);
  const binding = `revisions:${product._id}`;
  const start = query.cursor ? Number(decodeCursor(query.cursor, binding, cursorSecret)[0]) : product.current_revision;
  if (!(start >= 1 && start <= product.current_revision))
    throw new AppError(noSuchRevision(product._id, product.current_revision, start));
  const docs = await ports.revisions.page(product._id, start, query.limit);
  if (docs.length !== Math.min(query.limit, start)) throw new AppError(noRevisionBelow(product._id, start));
  const last = docs[docs.length - 1].number;
  return {
    data: docs.map((r) => ({
      number: r.number,
      created_at: r.created_at.toISOString(),
      summary: r.summary,
      changes: r.changes,
    })),
    meta: {
      limit: query.limit,
      total: product.current_revision,
      // A product's revisions are counted by its record: always exact.
      total_relation: 'eq' as const,
      notice: NOTICE,
      ...(last > 1 ? { next_cursor: encodeCursor(binding, [last - 1], cursorSecret) } : {}),
    },
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
