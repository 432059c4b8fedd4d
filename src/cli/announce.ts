// The seed's last step: announce what it committed to the watches (watches/announce.service.ts),
// with the stores and locks the service's instances use (wiring/), since they edit the same schedule.
import type { AnnounceReport } from '../catalog/watch.types';
import { announcer } from '../wiring/watches';
import type { Operator } from './operator';
import type { IngestOutcome } from '../ingest/catalog-ingest.usecase';

/** After a seed or an import: announces what it wrote, if it wrote, and says so in one line. */
export async function announceWritten(op: Operator, outcome: IngestOutcome): Promise<void> {
  if (outcome.kind === 'written')
    printAnnounced(await announcer(op.stores)({ wroteEveryProduct: outcome.sync.ingest.wroteEveryProduct }));
}

/** The announcement's one line on stderr. */
function printAnnounced(announced: AnnounceReport): void {
  process.stderr.write(
    announced.baseline
      ? 'watches: first announcement, the current products are the baseline (no events)\n'
      : `watches: ${
          Object.entries(announced.events)
            .map(([t, n]) => `${n} ${t}`)
            .join(', ') || 'no events'
        }; ${announced.deliveries} deliveries queued\n`,
  );
}
