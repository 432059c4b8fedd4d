// One writer of the catalog at a time: a seed, an import and a reindex each hold the operator lease
// while they run. A second one is refused at once with who holds it and until when, rather than
// queued: an operator who started two wants to know. The lease of a killed holder on this machine is
// broken at once; one elsewhere outlives its holder by at most its time (LEASE_MS), renewed every
// third of it while the work runs. A holder that finds its lease gone (the database lost it, or the
// holder stalled past its end) stops before its next write.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';

export interface LeaseHolder {
  readonly token: string;
  readonly command: string;
  readonly pid: number;
  readonly host: string;
}

/** Where operator leases live (the record's database: the lease guards what is written there). */
export interface OperatorLeaseStore {
  /** Takes the lease `name` for `ms`; null when taken, else the lease that holds it. */
  acquire(
    name: string,
    holder: LeaseHolder,
    ms: number,
  ): Promise<(LeaseHolder & { readonly takenAt: Date; readonly expiresAt: Date }) | null>;
  extend(name: string, token: string, ms: number): Promise<boolean>;
  /** Deletes the lease only if `token` holds it. */
  release(name: string, token: string): Promise<void>;
}

/** Whether a process of this machine runs (signal 0 checks without signalling; EPERM: it runs as another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What the work holding a lease can ask of it. */
export interface HeldLease {
  /** Throws when the lease passed on: called before each step that writes. */
  check(): void;
}

export class OperatorBusyError extends Error {}

/** The catalog writers' lease: seeds, imports and reindexes share it. */
export const CATALOG_LEASE = 'catalog-writer';
const LEASE_MS = 60_000;

/** Which lease to hold, where, for what, and for how long at a time. */
export interface LeaseRequest {
  readonly store: OperatorLeaseStore;
  /** The command holding it, as a refused writer is told. */
  readonly command: string;
  /** The lease's name (the catalog writers' unless given). */
  readonly name?: string;
  /** Its time, renewed every third of it (LEASE_MS unless given). */
  readonly ms?: number;
}

export async function holdLease<T>(
  { store, command, name = CATALOG_LEASE, ms = LEASE_MS }: LeaseRequest,
  work: (lease: HeldLease) => Promise<T>,
): Promise<T> {
  const me: LeaseHolder = { token: randomUUID(), command, pid: process.pid, host: hostname() };
  let held = await store.acquire(name, me, ms);
  // A lease whose time is over, or whose holder on this machine is no longer running (killed), is
  // broken once; breaking deletes it by its token, so a lease another writer took meanwhile stays.
  if (held && (held.expiresAt.getTime() <= Date.now() || (held.host === me.host && !running(held.pid)))) {
    await store.release(name, held.token);
    held = await store.acquire(name, me, ms);
  }
  if (held)
    throw new OperatorBusyError(
      `another catalog writer holds the operator lease: ${held.command} (pid ${held.pid} on ${held.host}), ` +
        `since ${held.takenAt.toISOString()} (it lapses at ${held.expiresAt.toISOString()} unless renewed); ` +
        'nothing was written. Run one seed, import or reindex at a time.',
    );
  const token = me.token;
  let lost: string | undefined;
  const renewal = setInterval(
    () => {
      store.extend(name, token, ms).then(
        (still) => void (still || (lost ??= 'the operator lease passed on while this run held it')),
        (err: unknown) => void (lost ??= `the operator lease could not be renewed (${String(err)})`),
      );
    },
    Math.floor(ms / 3),
  );
  try {
    return await work({
      check() {
        if (lost) throw new OperatorBusyError(`${lost}; stopped before the next write`);
      },
    });
  } finally {
    clearInterval(renewal);
    await store.release(name, token).catch(() => undefined);
  }
}
