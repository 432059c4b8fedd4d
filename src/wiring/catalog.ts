// The catalog writers' ports (seed, import, reindex), over the same stores the service uses: the
// record's repositories, the operator lease, the index behind an alias, and the watches' announcement.
import { IndexAdmin } from '../adapters/elasticsearch/index-admin';
import { MongoLeaseStore } from '../adapters/mongo/lease.repository';
import type { IngestPorts } from '../ingest/catalog-ingest.usecase';
import type { Stores } from './stores';
import { announcer } from './watches';

/** Administers the indices behind `alias`, creating them with the configured shards and replicas. */
export function indexAdmin({ config, es }: Stores, alias: string): IndexAdmin {
  return new IndexAdmin(es, alias, { shards: config.ELASTICSEARCH_SHARDS, replicas: config.ELASTICSEARCH_REPLICAS });
}

/** The record, the lease, the index behind the configured alias and the announcement, as the catalog use cases take them. */
export function catalogPorts(s: Stores): IngestPorts & { readonly index: IndexAdmin } {
  return {
    products: s.products,
    revisions: s.revisions,
    changes: s.changes,
    sources: s.sources,
    companies: s.companies,
    lease: new MongoLeaseStore(s.mongo.db),
    index: indexAdmin(s, s.config.ELASTICSEARCH_INDEX),
    announce: announcer(s),
  };
}
