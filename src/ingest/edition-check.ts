// Checks a file an operator offers as a new edition of a list before anything is written: that it is
// text in the list's encoding, has the list's header and units, is whole (not cut mid-row), is about
// as long as the list's newest edition, and which rows cannot be read (refused, with the reason) or
// name one product twice. A file that is not what it claims is refused with what gives it away.
// The checks are a table (edition-checks.ts), their refusals worded once (edition-refusals.ts), and
// what they ask about the file found once (edition-context.ts): the file is parsed once, and the
// list's newest edition read once.
import path from 'node:path';
import type { RefusedCell } from './convert/table';
import type { ManifestPackage, ManifestSource } from './convert';
import { EDITION_CHECKS } from './edition-checks';
import { EditionContext, type EditionOffer } from './edition-context';
import { EditionRefusedError, refusalMessage } from './edition-refusals';

export { EDITION_CHECKS, EDITION_LIMITS, type EditionCheckRule } from './edition-checks';
export type { EditionAcceptance, EditionOffer } from './edition-context';
export { EditionRefusedError } from './edition-refusals';

export interface EditionCheck {
  /** The manifest entry the edition is read by (and registered as). */
  readonly source: ManifestSource;
  readonly package: ManifestPackage;
  /** Already registered with this very file: importing it again changes nothing. */
  readonly registered: boolean;
  readonly records: number;
  readonly refused: readonly { readonly record: number; readonly reason: string }[];
  /** Cells not read (unreadable, or outside their physical range): the product keeps its value for the field. */
  readonly refusedCells: readonly RefusedCell[];
  /** Identity keys that more than one row names (kept: the later row's values are the product's). */
  readonly repeated: readonly { readonly key: string; readonly records: readonly number[] }[];
}

/** The checks in the order an operator meets them (EDITION_CHECKS); the first refusal stops the import. */
export function checkEdition(offer: EditionOffer): EditionCheck {
  const ctx = new EditionContext(offer);
  for (const rule of EDITION_CHECKS) {
    const refused = rule.check(ctx);
    if (refused) throw new EditionRefusedError(refusalMessage(offer, refused), refused);
  }
  return described(ctx);
}

/** The check's answer: the edition as it would be registered (or is), its package, and what was refused or repeated. */
function described(ctx: EditionContext): EditionCheck {
  const { filePath, list, edition } = ctx.offer;
  const [same, newest, sha256, id, rows] = [ctx.same(), ctx.newest(), ctx.sha256(), ctx.id(), ctx.read()];
  const byKey = new Map<string, number[]>();
  for (const r of rows.records) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r.record]);
  const refusedList = [...rows.refused]
    .map(([record, reason]) => ({ record, reason }))
    .sort((a, b) => a.record - b.record);
  return {
    registered: same !== undefined,
    source: same ?? {
      ...newest,
      id,
      edition,
      package: `import:${id}`,
      // Read from where it lies; registered as imports/<its name> (claims locate cells by the file's name).
      file: path.resolve(filePath),
      path_in_package: path.basename(filePath),
      sha256,
      title: `${list} edition ${edition}, imported from ${path.basename(filePath)}`,
      url: `file:${path.basename(filePath)}`,
      ...(refusedList.length > 0 ? { refused_records: refusedList } : {}),
    },
    package: {
      name: `imported file ${path.basename(filePath)}`,
      version: edition,
      wheel: '',
      wheel_sha256: sha256,
      licence: newest.licence,
    },
    records: rows.count,
    refused: refusedList,
    refusedCells: rows.refusedCells,
    repeated: [...byKey]
      .filter(([, at]) => new Set(at).size > 1)
      .map(([key, at]) => ({ key, records: [...new Set(at)] })),
  };
}
