// Turns source records into products with a history. Each source is one edition of one list.
//
// - Within a list, a product is the records that share an identity key across editions; a reader
//   may also match a record whose key is new to one only an earlier edition lists (a renamed maker).
// - A product's values from a list come from the newest edition that changed them: a newer edition
//   whose values equal the current ones within printed precision (precision.ts) changes nothing, and
//   values the newer edition has no column for are carried over with their old provenance.
// - Every record an edition has for a product is kept: the later record's value is the product's,
//   the others stay in the snapshot as evidence (a file listing a name twice loses nothing).
// - A product's history is one snapshot per edition date of the lists that have several editions;
//   lists are merged in priority order, the first claim of a field being the product's value.
import { snapshotHash } from '../../catalog/claim';
import type { Claim, SourceRecord } from './claims';
import { sameClaimValue } from '../../catalog/precision';
import { specsOf } from '../../catalog/provenance';
import type { EditionMatch, ListedEdition, Listing } from '../../catalog/listing';
import type { ProductDraft } from '../../catalog/product.types';

/**
 * Matches records an edition lists under a key new to the list with keys only earlier editions list.
 * `older` gives each such key's claims as every edition that changed them gave them, oldest first, so
 * a rule can ask a renamed listing to agree with all of them: a match then never joins two products a
 * pair of editions kept apart, whichever edition arrives between them later.
 */
export type Rematch = (
  fresh: ReadonlyMap<string, SourceRecord[]>,
  older: ReadonlyMap<string, readonly (readonly Claim[])[]>,
) => Map<string, string>;

export interface Edition {
  readonly sourceId: string;
  readonly list: string;
  /** ISO date; editions of a list are ordered by it. */
  readonly edition: string;
  readonly records: readonly SourceRecord[];
  /** Every field this edition's reader can claim (a field outside it is carried from older editions). */
  readonly fields: ReadonlySet<string>;
  /** Fields that describe the edition rather than the product (library version): never a change. */
  readonly editionFields: ReadonlySet<string>;
  /** How the reader's identity key is formed, for the listing's match record. */
  readonly identityRule: string;
  readonly rematch?: { readonly rule: string; readonly match: Rematch };
  /** Per record, the fields whose cells were refused (unreadable, or outside their physical range). */
  readonly refusedFields?: ReadonlyMap<number, ReadonlySet<string>>;
}

export interface EditionReport {
  readonly source_id: string;
  readonly list: string;
  readonly edition: string;
  readonly records: number;
  readonly products: number;
  /** Records of products an earlier edition lists: same identity, or matched by the list's rule. */
  readonly same_identity?: number;
  readonly matched?: number;
  /** Products this edition lists first. */
  readonly new?: number;
  /** Products earlier editions list that this one does not. */
  readonly not_listed?: number;
  /** Products this edition lists whose values changed beyond printed precision. */
  readonly changed?: number;
}

interface State {
  readonly edition: Edition;
  readonly records: SourceRecord[];
  readonly claims: readonly Claim[];
}

const byRecordDesc = (a: SourceRecord, b: SourceRecord) => b.record - a.record;

/** The first claim of each field: the one behind the value. */
export function firstClaims(claims: readonly Claim[]): Map<string, Claim> {
  const first = new Map<string, Claim>();
  for (const c of claims) if (!first.has(c.field)) first.set(c.field, c);
  return first;
}

function changed(before: readonly Claim[], after: readonly Claim[], edition: Edition): boolean {
  const a = firstClaims(before);
  const b = firstClaims(after);
  for (const field of edition.fields) {
    if (field === 'name' || edition.editionFields.has(field)) continue;
    if (!sameClaimValue(a.get(field), b.get(field))) return true;
  }
  return false;
}

function groupByKey(records: readonly SourceRecord[]): Map<string, SourceRecord[]> {
  const groups = new Map<string, SourceRecord[]>();
  for (const r of records) {
    const group = groups.get(r.key);
    if (group) group.push(r);
    else groups.set(r.key, [r]);
  }
  for (const group of groups.values()) group.sort(byRecordDesc);
  return groups;
}

interface ListHistory {
  /** Per key: the states it went through, oldest first. */
  readonly states: Map<string, State[]>;
  readonly listed: Map<string, ListedEdition[]>;
  /** Per key: every record of every edition, newest edition first. */
  readonly records: Map<string, SourceRecord[]>;
  /** Per key: the identity keys its records were listed under (itself, and the names a rematch joined). */
  readonly identities: Map<string, Set<string>>;
  readonly reports: EditionReport[];
  readonly newest: string;
}

function listHistory(editions: readonly Edition[]): ListHistory {
  const states = new Map<string, State[]>();
  const listed = new Map<string, ListedEdition[]>();
  const named = new Map<string, SourceRecord[]>();
  const identities = new Map<string, Set<string>>();
  const reports: EditionReport[] = [];
  editions.forEach((edition, index) => {
    const groups = groupByKey(edition.records);
    let matches = new Map<string, string>();
    if (index > 0 && edition.rematch) {
      const fresh = new Map([...groups].filter(([key]) => !states.has(key)));
      const older = new Map(
        [...states].filter(([key]) => !groups.has(key)).map(([key, s]) => [key, s.map((x) => x.claims)] as const),
      );
      matches = edition.rematch.match(fresh, older);
    }
    let sameIdentity = 0;
    let changes = 0;
    for (const [recordKey, records] of groups) {
      const key = matches.get(recordKey) ?? recordKey;
      const history = states.get(key);
      const claims = records.flatMap((r) => r.claims);
      const match: EditionMatch | undefined = !history
        ? undefined
        : matches.has(recordKey)
          ? { method: 'same-model-and-ratings', rule: edition.rematch!.rule }
          : { method: 'same-identity', rule: edition.identityRule };
      if (history && !matches.has(recordKey)) sameIdentity += 1;
      const entry: ListedEdition = {
        source_id: edition.sourceId,
        list: edition.list,
        edition: edition.edition,
        records: records.map((r) => r.record).sort((a, b) => a - b),
        ...(match ? { match } : {}),
      };
      listed.set(key, [...(listed.get(key) ?? []), entry]);
      const keyed = records.map((r) => (r.key === key ? r : { ...r, key }));
      identities.set(key, (identities.get(key) ?? new Set([key])).add(recordKey));
      named.set(key, [...keyed, ...(named.get(key) ?? [])]);
      if (!history) {
        states.set(key, [{ edition, records: keyed, claims }]);
        continue;
      }
      const current = history[history.length - 1];
      // A refused cell states nothing: the product keeps the value it had for that field.
      const kept = keptFields(edition, records, claims);
      const carried = current.claims.filter((c) => !edition.fields.has(c.field) || kept.has(c.field));
      const next = [...claims, ...carried];
      if (!changed(current.claims, next, edition)) continue;
      changes += 1;
      history.push({ edition, records: keyed, claims: next });
    }
    const listedHere = new Set([...groups.keys()].map((k) => matches.get(k) ?? k));
    reports.push({
      source_id: edition.sourceId,
      list: edition.list,
      edition: edition.edition,
      records: edition.records.length,
      products: listedHere.size,
      ...(index > 0
        ? {
            same_identity: sameIdentity,
            matched: matches.size,
            new: listedHere.size - sameIdentity - matches.size,
            not_listed: [...states.keys()].filter((k) => !listedHere.has(k)).length,
            changed: changes,
          }
        : {}),
    });
  });
  return { states, listed, records: named, identities, reports, newest: editions[editions.length - 1].edition };
}

/** Fields some record refused a cell of and no record of the product stated. */
function keptFields(edition: Edition, records: readonly SourceRecord[], claims: readonly Claim[]): Set<string> {
  const kept = new Set<string>();
  if (!edition.refusedFields) return kept;
  for (const r of records) for (const field of edition.refusedFields.get(r.record) ?? []) kept.add(field);
  for (const c of claims) kept.delete(c.field);
  return kept;
}

export interface EditionResult {
  readonly drafts: ProductDraft[];
  readonly reports: EditionReport[];
}

/** Products from editions of lists; `editions` in list priority order (an edition's list ranks where it first appears). */
export function resolveEditions(editions: readonly Edition[]): EditionResult {
  const lists = [...new Set(editions.map((e) => e.list))];
  const histories = lists.map((list) =>
    listHistory(editions.filter((e) => e.list === list).sort((a, b) => a.edition.localeCompare(b.edition))),
  );
  const multi = histories.filter((h) => new Set(h.reports.map((r) => r.edition)).size > 1);
  const steps = [...new Set(multi.flatMap((h) => h.reports.map((r) => r.edition)))].sort();
  if (steps.length === 0) steps.push('');
  const keys = [...new Set(histories.flatMap((h) => [...h.states.keys()]))];

  const drafts = keys.map((key): ProductDraft => {
    const snapshots: Claim[][] = [];
    let before: (readonly Claim[])[] = [];
    for (const step of steps) {
      const parts = histories.map((h) => {
        const states = h.states.get(key) ?? [];
        const inForce = multi.includes(h) ? states.filter((s) => s.edition.edition <= step) : states;
        return inForce.length > 0 ? inForce[inForce.length - 1].claims : [];
      });
      if (parts.every((p) => p.length === 0)) continue;
      // A step gives a new snapshot when a list's claims in force differ. Each list's claims are
      // compared, the same object without hashing and others by a hash taken once per object; hashing
      // every step's whole snapshot was a third of the conversion's time.
      const differs = (p: readonly Claim[], i: number) =>
        p !== before[i] && (before[i] === undefined || snapshotHash(p) !== snapshotHash(before[i]));
      if (parts.some(differs)) snapshots.push(parts.flat());
      before = parts;
    }
    const current = histories.flatMap((h) => {
      const states = h.states.get(key);
      return states ? [states[states.length - 1]] : [];
    });
    const top = current[0].records[0];
    const claims = snapshots[snapshots.length - 1];
    const known = [...new Set(histories.flatMap((h) => [...(h.identities.get(key) ?? [])]))];
    return {
      key,
      ...(known.length > 1 ? { keys: known } : {}),
      category: top.category,
      manufacturer: top.manufacturer,
      model: top.model,
      variant: top.variant,
      aliases: aliasesOf(histories, key),
      claims,
      earlier: snapshots.slice(0, -1),
      specs: specsOf(claims),
      listing: listingOf(histories, key),
    };
  });
  return { drafts, reports: histories.flatMap((h) => h.reports) };
}

function aliasesOf(histories: readonly ListHistory[], key: string) {
  const seen = new Set<string>();
  const out: { source_id: string; name: string }[] = [];
  for (const r of histories.flatMap((h) => h.records.get(key) ?? [])) {
    const id = `${r.source_id}\u0000${r.name}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ source_id: r.source_id, name: r.name });
  }
  return out;
}

function listingOf(histories: readonly ListHistory[], key: string): Listing {
  const on = histories.filter((h) => h.listed.has(key));
  const editions = on.flatMap((h) => h.listed.get(key)!);
  const last = editions.reduce((max, e) => (e.edition > max ? e.edition : max), '');
  const newest = on.reduce((max, h) => (h.newest > max ? h.newest : max), '');
  return { in_latest_edition: last === newest, last_edition: last, editions };
}
