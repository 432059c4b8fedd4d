// A document listing ids, `{ _id, ids }`: how these adapters find what FerretDB 1.24 would scan for,
// since it indexes only _id (an account's keys and watches, every watch, the delivery schedule).
import type { Collection } from 'mongodb';
import type { KeyedLock } from '../../shared/keyed-lock';
import { dbCall } from './client';

export interface IdListDoc {
  readonly _id: string;
  readonly ids: string[];
}

/** What `editIdList` changes, and under which lock. */
export interface IdListEdit {
  /** The collection holding the lists. */
  readonly lists: Collection<IdListDoc>;
  /** The lock that serialises edits (in Redis across instances). */
  readonly lock: KeyedLock;
  /** The lock's name for this list. */
  readonly lockName: string;
  /** The list's `_id`. */
  readonly _id: string;
  /** The change: the stored ids in, the ids to store out. */
  readonly edit: (ids: string[]) => string[];
  /** The ids of a list not stored yet (none unless given). */
  readonly missing?: () => Promise<string[]>;
}

/**
 * Changes the list `_id` under the lock `lockName` (in Redis across instances) and returns it:
 * FerretDB reads and writes a document in separate steps, so two edits at once would lose one. A
 * list not stored yet starts from `missing()` (empty unless given); an edit that changes nothing
 * writes nothing.
 */
export function editIdList({
  lists,
  lock,
  lockName,
  _id,
  edit,
  missing = async () => [],
}: IdListEdit): Promise<string[]> {
  return lock.run(lockName, async () => {
    const stored = await dbCall(() => lists.findOne({ _id }));
    const before = stored?.ids ?? (await missing());
    const ids = edit(before);
    if (!stored || ids.length !== before.length || ids.some((id, i) => id !== before[i]))
      await dbCall(() => lists.replaceOne({ _id }, { ids }, { upsert: true }));
    return ids;
  });
}
