// Bulk export: current products with the provenance of every value, as NDJSON, streamed from a
// MongoDB cursor with a bounded window of revision lookups, so memory stays flat whatever the size.
import { Readable } from 'node:stream';
import { provenanceOf } from '../revisions/provenance';
import { qualityOf } from '../revisions/quality';
import type { ProductDoc } from './product.types';
import type { RevisionDoc } from '../revisions/revision.types';

export interface ExportPorts {
  readonly products: { stream(batchSize?: number): AsyncIterable<ProductDoc> };
  readonly revisions: { get(productId: string, number: number): Promise<RevisionDoc | null> };
  /** How many products the export will hold (from the index: counting in FerretDB is a full decode). */
  count(category?: string): Promise<number>;
}

export const PRODUCTS_PER_CREDIT = 100;
const LOOKAHEAD = 16;
// Small cursor batches: FerretDB decodes a batch before answering, and 1,000 products took longer
// than the socket timeout while revision lookups shared the connection pool.
const BATCH = 100;

export function exportCost(products: number): number {
  return Math.ceil(products / PRODUCTS_PER_CREDIT);
}

async function* lines(category: string | undefined, ports: ExportPorts): AsyncGenerator<string> {
  const window: Promise<string>[] = [];
  const line = async (p: ProductDoc) => {
    const revision = await ports.revisions.get(p._id, p.current_revision);
    const provenance = revision ? provenanceOf(revision.claims, revision.number) : {};
    return `${JSON.stringify({ id: p._id, model: p.model, manufacturer: p.manufacturer, category: p.category, variant: p.variant, specs: p.specs, provenance, quality: qualityOf(p.category, p.specs), revision: p.current_revision })}\n`;
  };
  // Every product is read and the category picked here: with a filter, FerretDB scans the whole
  // collection before its first batch (found by fuzzing: an inverter export hit the socket timeout
  // before the first byte), while unfiltered batches come back at once. MongoDB reads more this way
  // but never stalls.
  for await (const product of ports.products.stream(BATCH)) {
    if (category && product.category !== category) continue;
    const pending = line(product);
    // A lookup that fails while an earlier one is awaited would otherwise be an unhandled
    // rejection, which ends the process; the failure still surfaces when its turn comes.
    pending.catch(() => undefined);
    window.push(pending);
    if (window.length >= LOOKAHEAD) yield await window.shift()!;
  }
  while (window.length > 0) yield await window.shift()!;
}

export function exportStream(category: string | undefined, ports: ExportPorts): Readable {
  return Readable.from(lines(category, ports), { objectMode: false });
}
