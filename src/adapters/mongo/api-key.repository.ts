import type { Collection, Db } from 'mongodb';
import type { ApiKeyDoc } from '../../catalog/api-key.types';
import { COLLECTIONS } from './collections';
import { dbCall } from './client';

export class ApiKeyRepository {
  private readonly coll: Collection<ApiKeyDoc>;

  constructor(db: Db) {
    this.coll = db.collection<ApiKeyDoc>(COLLECTIONS.apiKeys);
  }

  async insert(key: ApiKeyDoc): Promise<void> {
    await dbCall(() => this.coll.insertOne(key));
  }

  findById(id: string): Promise<ApiKeyDoc | null> {
    return dbCall(() => this.coll.findOne({ _id: id }));
  }

  /** An account's keys, newest first (key management only, not a hot path). */
  async listByAccount(accountId: string): Promise<ApiKeyDoc[]> {
    const keys = await dbCall(() => this.coll.find({ account_id: accountId }).toArray());
    return keys.sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  }

  async revoke(id: string, at: Date): Promise<void> {
    await dbCall(() => this.coll.updateOne({ _id: id }, { $set: { revoked_at: at } }));
  }

  async touch(id: string, at: Date): Promise<void> {
    await dbCall(() => this.coll.updateOne({ _id: id }, { $set: { last_used_at: at } }));
  }
}
