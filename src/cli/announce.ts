// The seed's last step: announce what it committed to the watches (watches/announce.service.ts),
// with the locks the service's instances take (Redis), since they edit the same schedule.
import { announceChanges, type AnnounceReport } from '../watches/announce.service';
import { createLogger } from '../shared/logger';
import { createRedis, redisReady } from '../adapters/redis/client';
import { hasAtomicUpdates } from '../adapters/mongo/client';
import { ProductRepository } from '../adapters/mongo/product.repository';
import { RevisionRepository } from '../adapters/mongo/revision.repository';
import { SourceRepository } from '../adapters/mongo/source.repository';
import { CompanyRepository } from '../adapters/mongo/company.repository';
import { WatchRepository } from '../adapters/mongo/watch.repository';
import { OutboxRepository } from '../adapters/mongo/outbox.repository';
import { companyLookup } from '../catalog/company-records';
import { turnsLock } from '../wiring';
import type { Operator } from './operator';
import type { IngestOutcome } from '../ingest/catalog-ingest.usecase';
import type { ProductState } from '../catalog/watch.types';

/** `wroteEveryProduct`: from a run into an empty record (see announceChanges). */
async function announceSeed(op: Operator, wroteEveryProduct?: readonly ProductState[]): Promise<AnnounceReport> {
  const { config, mongo } = op;
  const logger = createLogger('warn', (line) => process.stderr.write(`${line}\n`));
  const redis = config.REDIS_URL ? createRedis(config.REDIS_URL) : undefined;
  redis?.on('error', () => undefined);
  try {
    if (redis) await redisReady(redis, 5000);
    const lock = turnsLock(config, redis, logger, 'outbox');
    const companies = new CompanyRepository(mongo.db);
    return await announceChanges(
      {
        products: new ProductRepository(mongo.db),
        revisions: new RevisionRepository(mongo.db),
        sources: new SourceRepository(mongo.db),
        companyOf: async () => companyLookup(await companies.all()),
        watches: new WatchRepository(mongo.db, lock),
        outbox: new OutboxRepository(mongo.db, lock, () => hasAtomicUpdates(mongo)),
      },
      { logRetentionMs: config.WEBHOOK_LOG_RETENTION_MS, wroteEveryProduct },
    );
  } finally {
    await redis?.quit().catch(() => undefined);
  }
}

/** After a seed or an import: announces what it wrote, if it wrote, and says so in one line. */
export async function announceWritten(op: Operator, outcome: IngestOutcome): Promise<void> {
  if (outcome.kind === 'written') printAnnounced(await announceSeed(op, outcome.sync.ingest.wroteEveryProduct));
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
