// An export's read: every product a filter selects, read from a point in time in index order with search_after,
// so memory holds one page whatever the total, and the scan pins the generation it started on until it ends.
import type { estypes } from '@elastic/elasticsearch';
import { esCall, type EsClient } from './client';
import { projected, type Source } from './alias-reader';
import { searchPages } from './search-pages';
import type { IndexField, Projection } from '../../catalog/search-document';

export interface Scan<D> {
  /** The documents, read a page at a time; the point in time is closed when they end. */
  readonly documents: AsyncIterable<D>;
  /** Closes the point in time early (a scan abandoned before or while it is read). */
  readonly close: () => Promise<void>;
}

const SCAN_PAGE = 1000;
const SCAN_KEEP_ALIVE = '1m';
const SCAN_RENEW_MS = 30_000;

/** A point in time on `alias`, renewed while it is open; `close` frees it (once, however often called). */
async function openPointInTime(es: EsClient, alias: string) {
  const pit = await esCall(() => es.openPointInTime({ index: alias, keep_alive: SCAN_KEEP_ALIVE }));
  let closed: Promise<void> | undefined;
  // A slow reader may take longer over one page than the keep-alive: while the scan is open, the
  // point in time is renewed by an empty search every half keep-alive.
  const renew = setInterval(() => {
    es.search({ pit: { id: pit.id, keep_alive: SCAN_KEEP_ALIVE }, size: 0, track_total_hits: false }).catch(
      () => undefined,
    );
  }, SCAN_RENEW_MS);
  renew.unref();
  // A point in time left open expires with its keep-alive; closing it only frees it sooner.
  const close = () => {
    clearInterval(renew);
    return (closed ??= es.closePointInTime({ id: pit.id }).then(
      () => undefined,
      () => undefined,
    ));
  };
  return { id: pit.id, close };
}

/** Every product `query` selects on `alias` (stored fields `source`), in id order. */
export async function scanAlias<F extends IndexField>(
  es: EsClient,
  alias: string,
  query: estypes.QueryDslQueryContainer,
  source: readonly F[],
): Promise<Scan<Projection<F>>> {
  const pit = await openPointInTime(es, alias);
  const pages = searchPages<Source>((body) => esCall(() => es.search<Source>(body)), {
    pit: { id: pit.id, keep_alive: SCAN_KEEP_ALIVE },
    query,
    _source: [...source],
    size: SCAN_PAGE,
    // In id order, so an export cut short resumes after the last id its client has (`after`).
    sort: [{ id: 'asc' }],
    // The export is priced by count() before the scan; the scan need not count again.
    track_total_hits: false,
  });
  const { close } = pit;
  // The first page is read before the scan is handed out, so an engine that fails fails the export
  // before any of it is sent.
  let first: IteratorResult<estypes.SearchHit<Source>[]>;
  try {
    first = await pages.next();
  } catch (err) {
    await close();
    throw err;
  }
  async function* documents() {
    try {
      for (const hit of first.done ? [] : first.value) yield projected<F>(hit._source ?? {});
      for await (const hits of pages) for (const hit of hits) yield projected<F>(hit._source ?? {});
    } finally {
      await close();
    }
  }
  return { documents: documents(), close };
}
