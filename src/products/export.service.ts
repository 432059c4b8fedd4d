// Bulk export: current products with the provenance of every value, as NDJSON, streamed from a
// point-in-time scan of the index: one page in memory whatever the size, and one consistent
// generation of the data from the first line to the last, even across a reindex.
import { Readable } from 'node:stream';
import type { IndexField, Projection } from '../catalog/search-document';
import type { ProductFilter } from '../catalog/product-query';

export interface ExportPorts {
  readonly index: {
    /** How many products the filter selects: an export is priced from it before anything is read. */
    count(filter: ProductFilter): Promise<number>;
    /** The products the filter selects, read a page at a time from one consistent generation. */
    scan<F extends IndexField>(
      filter: ProductFilter,
      source: readonly F[],
    ): Promise<{ documents: AsyncIterable<Projection<F>>; readonly close: () => Promise<void> }>;
  };
}

export const PRODUCTS_PER_CREDIT = 100;

export const EXPORT_SOURCE = [
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
  'detail.provenance',
  'detail.quality',
  'detail.listing',
] as const;

export function exportCost(products: number): number {
  return Math.ceil(products / PRODUCTS_PER_CREDIT);
}

export interface ExportStream {
  readonly body: Readable;
  /** Products handed on so far (to the connection, or to the gzip stage before it). */
  readonly sent: () => number;
  /** Ends the export early (its client went away before or while reading); idempotent. */
  readonly close: () => Promise<void>;
}

/** What an export of `filter` will cost, in credits, found by counting: nothing is read yet. */
export async function priceExport(filter: ProductFilter, ports: ExportPorts): Promise<number> {
  return exportCost(await ports.index.count(filter));
}

export async function openExport(filter: ProductFilter, ports: ExportPorts): Promise<ExportStream> {
  const scan = await ports.index.scan(filter, EXPORT_SOURCE);
  let sent = 0;
  async function* lines() {
    for await (const p of scan.documents) {
      const line = {
        id: p.id,
        model: p.model,
        manufacturer: p.manufacturer,
        ...(p.company ? { company: p.company } : {}),
        ...(p.made_by ? { made_by: p.made_by } : {}),
        ...(p.series ? { series: p.series } : {}),
        category: p.category,
        variant: p.variant,
        specs: p.specs,
      };
      yield `${JSON.stringify({ ...line, provenance: p.detail.provenance, quality: p.detail.quality, listing: p.detail.listing, revision: p.current_revision })}\n`;
      // Resumed: the reader has taken this line.
      sent += 1;
    }
  }
  return { body: Readable.from(lines(), { objectMode: false }), close: scan.close, sent: () => sent };
}
