// Collection names and the indexes each needs; ensureIndexes is idempotent and runs at start-up and
// before every seed.
//
// Access rule: hot paths look documents up by `{ _id: <string> }` only, nothing beside it. FerretDB
// 1.24 on SQLite (our local engine) pushes down exactly that filter (for find, update, delete and
// findAndModify alike) and scans the table for anything else: a numeric _id, `$eq`, `$in`, `$or`,
// ranges, or _id with another field (explain: `filterPushdown: false`, plan `SCAN`). So ids are
// strings chosen to make lookups _id lookups (revision `product@n`, key id = prefix, change
// `c000000040000`). test/integration/pushdown.test.ts explains every lookup the request path makes.
// The secondary unique indexes still guard integrity on both engines.
import type { Db } from 'mongodb';

export const COLLECTIONS = {
  products: 'products',
  revisions: 'revisions',
  sources: 'sources',
  counters: 'counters',
  /** The changes feed, keyed by string (`c000000040000`). */
  changes: 'change_feed',
  /** The changes feed as stored before (the seq as a numeric _id): moved to `change_feed` once, then dropped. */
  changesEarlier: 'changes',
  accounts: 'accounts',
  emails: 'account_emails',
  apiKeys: 'api_keys',
  apiKeyIndex: 'api_key_index',
  apiKeyUses: 'api_key_uses',
  companies: 'companies',
  leases: 'operator_leases',
  watches: 'watches',
  watchIndex: 'watch_index',
  events: 'events',
  announced: 'announced',
  deliveries: 'deliveries',
  schedule: 'delivery_schedule',
  samLinks: 'sam_links',
} as const;

export async function ensureIndexes(db: Db): Promise<void> {
  await Promise.all([
    db.collection(COLLECTIONS.products).createIndex({ key: 1 }, { unique: true, name: 'key_unique' }),
    db
      .collection(COLLECTIONS.revisions)
      .createIndex({ product_id: 1, number: 1 }, { unique: true, name: 'product_number_unique' }),
    db.collection(COLLECTIONS.revisions).createIndex({ seq: 1 }, { unique: true, name: 'seq_unique' }),
    db.collection(COLLECTIONS.apiKeys).createIndex({ account_id: 1, created_at: -1 }, { name: 'account_keys' }),
  ]);
}
