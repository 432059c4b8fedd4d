// A document listing ids, `{ _id, ids }`: how these adapters find what FerretDB 1.24 would scan for,
// since it indexes only _id (an account's keys and watches, every watch, the delivery schedule).
import type { Collection } from 'mongodb';
import type { KeyedLock } from '../../shared/keyed-lock';
import { dbCall } from './client';

export interface IdListDoc {
  readonly _id: string;
  readonly ids: string[];
}

/**
 * Changes the list `_id` under the lock `lockName` (in Redis across instances) and returns it:
 * FerretDB reads and writes a document in separate steps, so two edits at once would lose one. A
 * list not stored yet starts from `missing()` (empty unless given); an edit that changes nothing
 * writes nothing.
 */
export function editIdList(
  lists: Collection<IdListDoc>,
  lock: KeyedLock,
  lockName: string,
  _id: string,
  edit: (ids: string[]) => string[],
  missing: () => Promise<string[]> = async () => [],
): Promise<string[]> {
  return lock.run(lockName, async () => {
    const stored = await dbCall(() => lists.findOne({ _id }));
    const before = stored?.ids ?? (await missing());
    const ids = edit(before);
    if (!stored || ids.length !== before.length || ids.some((id, i) => id !== before[i]))
      await dbCall(() => lists.replaceOne({ _id }, { ids }, { upsert: true }));
    return ids;
  });
}
