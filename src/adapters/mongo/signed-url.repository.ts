// Signed SAM links, by their random string id (lookups by _id only). The export query is stored as
// JSON text: its parameter names hold dots and brackets (`specs.stc_power_w[gte]`), which are not
// field names every engine takes, and its order is kept exactly as signed.
import type { Collection, Db } from 'mongodb';
import type { SamLinkDoc } from '../../catalog/sam-lists';
import { COLLECTIONS } from './collections';
import { dbCall } from './client';

type StoredLink = Omit<SamLinkDoc, 'query'> & { query: string };

export class SignedUrlRepository {
  private readonly coll: Collection<StoredLink>;

  constructor(db: Db) {
    this.coll = db.collection<StoredLink>(COLLECTIONS.samLinks);
  }

  async insert(link: SamLinkDoc): Promise<void> {
    await dbCall(() => this.coll.insertOne({ ...link, query: JSON.stringify(link.query) }));
  }

  async get(id: string): Promise<SamLinkDoc | null> {
    const doc = await dbCall(() => this.coll.findOne({ _id: id }));
    return doc && { ...doc, query: JSON.parse(doc.query) as SamLinkDoc['query'] };
  }

  async revoke(id: string, at: Date): Promise<void> {
    await dbCall(() => this.coll.updateOne({ _id: id, revoked_at: null }, { $set: { revoked_at: at } }));
  }
}
