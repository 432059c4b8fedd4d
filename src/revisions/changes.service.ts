// The changes feed: product revisions in commit order, for incremental sync. Every page carries a
// `cursor` to resume from later (also when the client has caught up); `next_cursor` appears when
// more is already settled.
import { CHANGES_PER_CREDIT } from '../contract/openapi';
import { NOTICE } from '../catalog/notice';
import { decodeCursor, encodeCursor } from '../shared/cursor';
import type { ChangeDoc } from '../catalog/revision.types';

export interface ChangePorts {
  readonly changes: { watermark(): Promise<number>; range(after: number, upTo: number): Promise<ChangeDoc[]> };
}

const BINDING = 'changes';

/** A page costs by the entries it may read (its `limit`), one credit at least. */
export const changesCost = (limit: number) => Math.max(1, Math.ceil(limit / CHANGES_PER_CREDIT));

export async function listChanges(query: { limit: number; cursor?: string }, ports: ChangePorts, cursorSecret: string) {
  const after = query.cursor ? Number(decodeCursor(query.cursor, BINDING, cursorSecret)[0]) : 0;
  const settled = await ports.changes.watermark();
  const upTo = Math.min(after + query.limit, Math.max(settled, after));
  const docs = await ports.changes.range(after, upTo);
  return {
    data: docs.map((c) => ({
      seq: c._id,
      product_id: c.product_id,
      revision: c.number,
      created_at: c.created_at.toISOString(),
      summary: c.summary,
    })),
    meta: {
      limit: query.limit,
      notice: NOTICE,
      cursor: encodeCursor(BINDING, [upTo], cursorSecret),
      ...(upTo < settled ? { next_cursor: encodeCursor(BINDING, [upTo], cursorSecret) } : {}),
    },
  };
}
