// Credits: conditional, single-document debits (exact under concurrency, never below zero), taken
// in blocks by leases.ts and given back by refunds.ts; and the operator's grant.
import { AppError } from '../errors/app-error';
import { insufficientCredits } from '../errors/catalog';
import type { KeyedLock } from '../shared/keyed-lock';

export interface CreditPorts {
  /** Serializes writes to one account's balance where the database would not (see keyed-lock.ts). */
  readonly lock: KeyedLock;
  readonly accounts: {
    debit(id: string, amount: number): Promise<number | null>;
    credit(id: string, amount: number): Promise<number | null>;
    findById(id: string): Promise<{ credits: number } | null>;
    findByEmail(email: string): Promise<{ _id: string } | null>;
  };
}

/**
 * Debits `cost`; resolves with the balance left, or throws 402 with the balance as it is.
 * `debited`: runs under the account's lock right after a debit, with the balance left.
 */
export async function debit(
  accountId: string,
  cost: number,
  ports: CreditPorts,
  debited: (left: number) => Promise<void> = async () => undefined,
): Promise<number> {
  const left = await ports.lock.run(accountId, async () => {
    const stored = await ports.accounts.debit(accountId, cost);
    if (stored !== null) await debited(stored);
    return stored;
  });
  if (left !== null) return left;
  const balance = (await ports.accounts.findById(accountId))?.credits ?? 0;
  throw new AppError(insufficientCredits(cost, balance));
}

/** The operator's grant; resolves with the new balance. */
export async function grant(email: string, amount: number, ports: CreditPorts): Promise<number> {
  const account = await ports.accounts.findByEmail(email.trim().toLowerCase());
  if (!account) throw new Error(`no account with the email ${email}`);
  return (await ports.lock.run(account._id, () => ports.accounts.credit(account._id, amount)))!;
}
