import type { Collection, Db } from 'mongodb';
import type { AccountDoc, EmailDoc } from '../../catalog/account.types';
import { COLLECTIONS } from './collections';
import { dbCall, isDuplicateKey } from './client';

export class AccountRepository {
  private readonly accounts: Collection<AccountDoc>;
  private readonly emails: Collection<EmailDoc>;

  /**
   * `atomicUpdates`: whether the database applies a conditional update atomically (MongoDB); where
   * it does not (FerretDB), writes to a balance run under the account's credit lock
   * (shared/keyed-lock.ts, chosen by the same answer). Absent: the conditional update everywhere.
   */
  constructor(
    db: Db,
    private readonly atomicUpdates: () => Promise<boolean> = () => Promise.resolve(true),
  ) {
    this.accounts = db.collection<AccountDoc>(COLLECTIONS.accounts);
    this.emails = db.collection<EmailDoc>(COLLECTIONS.emails);
  }

  /** Stores a new account; false when the email is taken (and nothing is left behind). */
  async create(account: AccountDoc): Promise<boolean> {
    await dbCall(() => this.accounts.insertOne(account));
    let linked = false;
    try {
      linked = await this.link(account);
      return linked;
    } finally {
      if (!linked) await dbCall(() => this.accounts.deleteOne({ _id: account._id }));
    }
  }

  /**
   * Links the email to the account (the link's _id is the email: the one unique claim FerretDB
   * enforces); false when another account holds it. An account is stored before its link, so a
   * link whose account does not exist is one a failed registration left behind (its link landed,
   * but its answer did not, and the account was taken back): it is given up rather than blocking the
   * email for good.
   */
  private async link(account: AccountDoc): Promise<boolean> {
    const link = { _id: account.email, account_id: account._id };
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await dbCall(() => this.emails.insertOne(link));
        return true;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const held = await dbCall(() => this.emails.findOne({ _id: account.email }));
      if (held && (await this.findById(held.account_id))) return false;
      if (held) await dbCall(() => this.emails.deleteOne({ _id: account.email, account_id: held.account_id }));
    }
    return false;
  }

  async findByEmail(email: string): Promise<AccountDoc | null> {
    const link = await dbCall(() => this.emails.findOne({ _id: email }));
    return link ? this.findById(link.account_id) : null;
  }

  findById(id: string): Promise<AccountDoc | null> {
    return dbCall(() => this.accounts.findOne({ _id: id }));
  }

  /**
   * Conditional debit: succeeds only while the balance covers it; never below zero. On MongoDB one
   * atomic conditional update. On FerretDB the balance is read, then decremented, each by _id alone
   * (the account's credit lock is held): it scans every account for any other filter, so the
   * conditional update took 5.8 ms at 93 accounts and grew with them; two _id lookups take 3.4 ms
   * whatever their number (FerretDB 1.24/SQLite, 2026-11-24).
   */
  async debit(id: string, amount: number): Promise<number | null> {
    if (!(await this.atomicUpdates())) {
      const held = await dbCall(() => this.accounts.findOne({ _id: id }, { projection: { credits: 1 } }));
      if (!held || held.credits < amount) return null;
      const after = await dbCall(() =>
        this.accounts.findOneAndUpdate({ _id: id }, { $inc: { credits: -amount } }, { returnDocument: 'after' }),
      );
      return after ? after.credits : null;
    }
    const doc = await dbCall(() =>
      this.accounts.findOneAndUpdate(
        { _id: id, credits: { $gte: amount } },
        { $inc: { credits: -amount } },
        { returnDocument: 'after' },
      ),
    );
    return doc ? doc.credits : null;
  }

  async credit(id: string, amount: number): Promise<number | null> {
    const doc = await dbCall(() =>
      this.accounts.findOneAndUpdate({ _id: id }, { $inc: { credits: amount } }, { returnDocument: 'after' }),
    );
    return doc ? doc.credits : null;
  }

  /**
   * Credits `amount` unless the refund `refundId` was applied before: the account keeps the id as a
   * receipt (`refunds.<id>`) in the same single-document write, so a retry after a write whose
   * outcome was unknown applies nothing twice. False when nothing was applied (already applied, or
   * no such account). On FerretDB, as for a debit, the receipt is read and the write made by _id
   * alone, under the account's credit lock.
   */
  async creditOnce(id: string, amount: number, refundId: string): Promise<boolean> {
    const receipt = `refunds.${refundId}`;
    if (!(await this.atomicUpdates())) {
      const held = await dbCall(() => this.accounts.findOne({ _id: id }, { projection: { [receipt]: 1 } }));
      if (!held || held.refunds?.[refundId] !== undefined) return false;
      await dbCall(() =>
        this.accounts.updateOne({ _id: id }, { $inc: { credits: amount }, $set: { [receipt]: new Date() } }),
      );
      return true;
    }
    const result = await dbCall(() =>
      this.accounts.updateOne(
        { _id: id, [receipt]: { $exists: false } },
        { $inc: { credits: amount }, $set: { [receipt]: new Date() } },
      ),
    );
    return result.modifiedCount === 1;
  }

  /** Drops a refund's receipt once nothing can apply that refund again. */
  async forgetRefund(id: string, refundId: string): Promise<void> {
    await dbCall(() => this.accounts.updateOne({ _id: id }, { $unset: { [`refunds.${refundId}`]: '' } }));
  }
}
