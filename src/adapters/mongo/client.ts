import {
  MongoBulkWriteError,
  MongoClient,
  MongoServerError,
  MongoNetworkError,
  MongoServerSelectionError,
  MongoOperationTimeoutError,
  type Collection,
  type Db,
  type Document,
  type OptionalUnlessRequiredId,
} from 'mongodb';
import { AppError } from '../../errors/app-error';
import { timed } from '../../shared/request-timings';

export interface MongoHandle {
  readonly client: MongoClient;
  readonly db: Db;
}

/** Creates the client without waiting for the server: the service starts, and /readyz tells. */
export function createMongo(uri: string, dbName: string, requestTimeoutMs: number): MongoHandle {
  const client = new MongoClient(uri, {
    serverSelectionTimeoutMS: Math.min(requestTimeoutMs, 3000),
    connectTimeoutMS: Math.min(requestTimeoutMs, 3000),
    socketTimeoutMS: requestTimeoutMs,
    maxPoolSize: 50,
    // Connections opened for a burst go back after a minute idle instead of staying forever.
    maxIdleTimeMS: 60000,
    // FerretDB (our local engine) has no retryable writes; MongoDB does not need them for our single-document writes.
    retryWrites: false,
  });
  return { client, db: client.db(dbName) };
}

/** Runs one database call, timed as `db`, with driver errors translated to catalog errors. */
export function dbCall<T>(work: () => Promise<T>): Promise<T> {
  return timed('db', async () => {
    try {
      return await work();
    } catch (err) {
      throw translateMongoError(err);
    }
  });
}

export function isDuplicateKey(err: unknown): boolean {
  return err instanceof MongoServerError && err.code === 11000;
}

export function translateMongoError(err: unknown): unknown {
  if (err instanceof MongoOperationTimeoutError) {
    return new AppError('DEPENDENCY_TIMEOUT', 'The database did not answer in time.', {
      cause: err,
      headers: { 'Retry-After': '5' },
    });
  }
  if (err instanceof MongoServerSelectionError || err instanceof MongoNetworkError) {
    return new AppError('DEPENDENCY_UNAVAILABLE', 'The database is unavailable.', {
      cause: err,
      headers: { 'Retry-After': '5' },
    });
  }
  return err;
}

export function mongoProbe(mongo: MongoHandle) {
  return { name: 'mongodb' as const, check: async () => void (await mongo.db.command({ ping: 1 })) };
}

/**
 * Whether single-document updates are atomic (MongoDB) or read-modify-write (FerretDB, which
 * reports `ferretdbVersion` in buildInfo). Unknown (server away) counts as not atomic: the safe side.
 */
export async function hasAtomicUpdates(mongo: MongoHandle): Promise<boolean> {
  try {
    const info = await mongo.db.admin().command({ buildInfo: 1 });
    return !('ferretdbVersion' in info);
  } catch {
    return false;
  }
}

/**
 * Inserts documents in bulk, unordered; resolves with those whose _id or unique key was taken (the
 * rest are stored). Any other write error is thrown.
 */
export async function insertManyKeepingDuplicates<T extends Document>(
  coll: Collection<T>,
  docs: readonly T[],
): Promise<T[]> {
  if (docs.length === 0) return [];
  try {
    await dbCall(() =>
      coll.insertMany(
        docs.map((d) => d as OptionalUnlessRequiredId<T>),
        { ordered: false },
      ),
    );
    return [];
  } catch (err) {
    if (!(err instanceof MongoBulkWriteError)) throw err;
    const failed = Array.isArray(err.writeErrors) ? err.writeErrors : [err.writeErrors];
    if (failed.some((e) => e.code !== 11000)) throw err;
    return failed.map((e) => docs[e.index]);
  }
}
