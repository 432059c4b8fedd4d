// Operator leases in MongoDB, beside the record they guard. Taking a lease is an insert of its `_id`,
// which the unique `_id` index makes atomic on both engines (FerretDB's updates are not). Whether a
// held lease may be broken (its time is over, its holder died) is the caller's judgement; breaking
// deletes it by its token, so a lease another writer took meanwhile stays.
import type { Collection, Db } from 'mongodb';
import { COLLECTIONS } from './collections';
import { dbCall, isDuplicateKey } from './client';

/** Who holds a lease, and until when. */
export interface LeaseHeld {
  readonly token: string;
  readonly command: string;
  readonly pid: number;
  readonly host: string;
  readonly takenAt: Date;
  readonly expiresAt: Date;
}

interface LeaseDoc {
  _id: string;
  token: string;
  command: string;
  pid: number;
  host: string;
  taken_at: Date;
  expires_at: Date;
}

export class MongoLeaseStore {
  private readonly coll: Collection<LeaseDoc>;

  constructor(db: Db) {
    this.coll = db.collection<LeaseDoc>(COLLECTIONS.leases);
  }

  /** Takes the lease for `ms`; null when taken, else the lease that holds it. */
  async acquire(
    name: string,
    holder: { token: string; command: string; pid: number; host: string },
    ms: number,
  ): Promise<LeaseHeld | null> {
    const now = new Date();
    try {
      await dbCall(() =>
        this.coll.insertOne({ _id: name, ...holder, taken_at: now, expires_at: new Date(now.getTime() + ms) }),
      );
      return null;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const held = await dbCall(() => this.coll.findOne({ _id: name }));
    if (!held) return this.acquire(name, holder, ms);
    return {
      token: held.token,
      command: held.command,
      pid: held.pid,
      host: held.host,
      takenAt: held.taken_at,
      expiresAt: held.expires_at,
    };
  }

  /** Pushes the lease's end to `ms` from now while `token` holds it; false when it passed on. */
  async extend(name: string, token: string, ms: number): Promise<boolean> {
    const res = await dbCall(() =>
      this.coll.updateOne({ _id: name, token }, { $set: { expires_at: new Date(Date.now() + ms) } }),
    );
    return res.matchedCount === 1;
  }

  /** Gives the lease up (or breaks a dead holder's), only if `token` holds it. */
  async release(name: string, token: string): Promise<void> {
    await dbCall(() => this.coll.deleteOne({ _id: name, token }));
  }
}
