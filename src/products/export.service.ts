// Bulk export: current products with the provenance of every value, as NDJSON, streamed from a
// point-in-time scan of the index: one page in memory whatever the size, and one consistent
// generation of the data from the first line to the last, even across a reindex.
import { Readable } from 'node:stream';
import type { SearchDocument } from '../search/search-document';

export interface ExportPorts {
  readonly index: {
    scan(query: object, source: readonly string[]): Promise<{ total: number; documents: AsyncIterable<Record<string, unknown>>; readonly close: () => Promise<void> }>;
  };
}

export const PRODUCTS_PER_CREDIT = 100;

export const EXPORT_SOURCE = ['id', 'model', 'manufacturer', 'category', 'variant', 'specs', 'current_revision', 'detail.provenance', 'detail.quality', 'detail.listing'] as const;
type Exported = Pick<SearchDocument, 'id' | 'model' | 'manufacturer' | 'category' | 'variant' | 'specs' | 'current_revision'> & {
  detail: Pick<SearchDocument['detail'], 'provenance' | 'quality' | 'listing'>;
};

export function exportCost(products: number): number {
  return Math.ceil(products / PRODUCTS_PER_CREDIT);
}

export interface ExportStream {
  /** Products the export holds (what it costs is known before the first byte). */
  readonly total: number;
  readonly body: Readable;
  /** Ends the export unread (e.g. when it cannot be paid for). */
  readonly close: () => Promise<void>;
}

/** What an export selects: a category, and whether the newest edition of their lists still lists them. */
export interface ExportFilter {
  readonly category?: string;
  readonly inLatestEdition?: boolean;
}

export async function openExport(filter: ExportFilter, ports: ExportPorts): Promise<ExportStream> {
  const terms = [
    ...(filter.category ? [{ term: { category: filter.category } }] : []),
    ...(filter.inLatestEdition !== undefined ? [{ term: { 'listing.in_latest_edition': filter.inLatestEdition } }] : []),
  ];
  const scan = await ports.index.scan(terms.length > 0 ? { bool: { filter: terms } } : { match_all: {} }, EXPORT_SOURCE);
  async function* lines() {
    for await (const doc of scan.documents) {
      const p = doc as unknown as Exported;
      const line = { id: p.id, model: p.model, manufacturer: p.manufacturer, category: p.category, variant: p.variant, specs: p.specs };
      yield `${JSON.stringify({ ...line, provenance: p.detail.provenance, quality: p.detail.quality, listing: p.detail.listing, revision: p.current_revision })}\n`;
    }
  }
  return { total: scan.total, body: Readable.from(lines(), { objectMode: false }), close: scan.close };
}
