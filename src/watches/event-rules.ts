// What happened to a product between two announcements, from what the record holds: pure functions
// of the state last announced (revision number, listed in the newest edition of its lists) and the
// state now. Nothing is derived that the record does not show, and an unchanged state gives nothing.
import { createHash } from 'node:crypto';
import type { Change } from '../catalog/claim';
import type { EventType } from '../catalog/watch.types';

export interface AnnouncedState {
  /** The revision last announced. */
  readonly revision: number;
  /** Whether the newest edition of its lists listed it then. */
  readonly listed: boolean;
}

export interface CurrentState extends AnnouncedState {
  readonly product_id: string;
  /** The newest edition that lists it, as `<list> edition <date>`; and the newest edition of each of its lists. */
  readonly edition: string;
  readonly newest_editions: readonly string[];
}

/** A revision's changes as the event names them: the list and edition of each source. */
export interface RevisionChanges {
  readonly number: number;
  readonly changes: readonly Change[];
}

export interface EventDraft {
  readonly id: string;
  readonly type: EventType;
  readonly product_id: string;
  readonly data: Record<string, unknown>;
}

/** Field changes an event lists at most: the payload stays thin (a client reads the rest with a GET). */
export const MAX_LISTED_CHANGES = 40;
/** Longest from/to value shown; longer ones are cut and marked. */
const MAX_VALUE_CHARS = 200;

export function eventId(...parts: readonly (string | number)[]): string {
  return `evt_${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 27)}`;
}

const shown = (v: unknown) => {
  const text = JSON.stringify(v ?? null);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : JSON.parse(text);
};

/**
 * Field changes over the revisions after the one announced, first `from` to last `to` per field and
 * source; a value that went and came back to where it was is no change. `sourceName` names a source
 * by its list and edition.
 */
export function netChanges(revisions: readonly RevisionChanges[], sourceName: (id: string) => string) {
  const net = new Map<string, { field: string; source: string; from: unknown; to: unknown }>();
  for (const r of [...revisions].sort((a, b) => a.number - b.number))
    for (const c of r.changes) {
      const key = `${c.field}\u0000${c.source_id}`;
      const seen = net.get(key);
      net.set(key, { field: c.field, source: sourceName(c.source_id), from: seen ? seen.from : c.from, to: c.to });
    }
  return [...net.values()]
    .filter((c) => JSON.stringify(c.from ?? null) !== JSON.stringify(c.to ?? null))
    .sort((a, b) => a.field.localeCompare(b.field) || a.source.localeCompare(b.source))
    .map((c) => ({ field: c.field, source: c.source, from: shown(c.from), to: shown(c.to) }));
}

/** The product's events since `before` (undefined: never announced, so it is new). */
export function productEvents(
  before: AnnouncedState | undefined,
  now: CurrentState,
  changes: () => ReturnType<typeof netChanges>,
): EventDraft[] {
  const base = { product_id: now.product_id, revision: now.revision, edition: now.edition };
  const draft = (type: EventType, key: string | number, data: Record<string, unknown>): EventDraft => ({
    id: eventId(type, now.product_id, key),
    type,
    product_id: now.product_id,
    data: { ...base, ...data },
  });
  if (!before) return [draft('product.created', now.revision, { listed: now.listed })];
  const events: EventDraft[] = [];
  if (now.revision > before.revision) {
    const all = changes();
    events.push(
      draft('product.revised', now.revision, {
        previous_revision: before.revision,
        changes: all.slice(0, MAX_LISTED_CHANGES),
        ...(all.length > MAX_LISTED_CHANGES ? { changes_total: all.length } : {}),
      }),
    );
  }
  // Keyed by the newest editions: leaving with one edition and coming back with a later one are two events.
  const editions = [...now.newest_editions].sort().join(',');
  if (before.listed && !now.listed)
    events.push(draft('product.delisted', editions, { newest_editions: now.newest_editions }));
  if (!before.listed && now.listed)
    events.push(draft('product.relisted', editions, { newest_editions: now.newest_editions }));
  return events;
}
