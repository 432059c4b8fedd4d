// Why an offered edition is refused, worded once: each refusal a template keyed by its name, given
// the details a check found. A check returns a refusal (its name and details); the message is made
// here, in the form `<file> is not imported as <list> edition <edition>: <why>`.
import path from 'node:path';

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

/** A column whose unit the offered file's units row gives otherwise than the list's newest edition. */
export interface UnitDiffers {
  readonly column: string;
  readonly offered: string;
  readonly known: string;
}

/** The refusals an offered edition meets, each worded from what the check found. */
export const refusals = {
  unknownList: ({ list, lists }: { list: string; lists: readonly string[] }) =>
    `no list is called ${list}; the lists are ${lists.join(', ')}`,
  editionNotDate: () => 'the edition is a date written YYYY-MM-DD',
  unreadable: ({ code }: { code: string }) => `cannot read the file (${code})`,
  sizeOver: ({ bytes, max }: { bytes: number; max: number }) =>
    `it is ${mib(bytes)}, over the ${mib(max)} an edition may be; it was not read`,
  linesOver: ({ lines, max }: { lines: number; max: number }) =>
    `it has ${lines} lines, over the ${max} an edition may have; it was not read`,
  editionDiffers: ({ list, edition, file, sha256 }: { list: string; edition: string; file: string; sha256: string }) =>
    `${list} already has edition ${edition} (${file}, sha256 ${sha256}); this file differs`,
  nameTaken: ({ list, edition }: { list: string; edition: string }) =>
    `${list} edition ${edition} was read from a file of this name; rename the file`,
  notNewer: ({ list, newest }: { list: string; newest: string }) =>
    `the newest edition of ${list} is ${newest}; an import adds a newer one`,
  jsonList: ({ list, file }: { list: string; file: string }) =>
    `${list} is read from JSON (${file}); only CSV lists are imported so far`,
  notInEncoding: ({ why }: { why: string }) => `it ${why}`,
  headerOfAnotherList: ({ lists, list }: { lists: readonly string[]; list: string }) =>
    `its header is that of ${lists.join(' or ')}, not ${list}`,
  headerLacks: ({ missing }: { missing: readonly string[] }) =>
    `its header lacks the list's column${missing.length > 1 ? 's' : ''} ${missing.slice(0, 8).join(', ')}` +
    (missing.length > 8 ? ` and ${missing.length - 8} more` : ''),
  unitsDiffer: ({ differ }: { differ: readonly UnitDiffers[] }) =>
    `its units row differs from the list's: ${differ
      .slice(0, 5)
      .map((d) => `${d.column} in '${d.offered}', not '${d.known}'`)
      .join('; ')}`,
  truncated: ({ line, fields, of }: { line: number; fields: number; of: number }) =>
    `it is truncated: its last row (line ${line}) has ${fields} of ${of} fields and the file ends without a line break`,
  tooManyRefusals: ({ rows, cells, allowed, first }: { rows: number; cells: number; allowed: number; first: string }) =>
    `${rows} rows and ${cells} cells cannot be read, more than the ${allowed} refusals allowed (the first: ${first}); ` +
    `it is not a file of this list's shape (pass --accept-refusals N to accept up to N)`,
  halved: ({ count, newest, edition }: { count: number; newest: number; edition: string }) =>
    `it has ${count} readable rows, under half the ${newest} of edition ${edition}; a list does not halve between editions (pass --accept-size-change if it did)`,
  doubled: ({ count, newest, edition }: { count: number; newest: number; edition: string }) =>
    `it has ${count} readable rows, over twice the ${newest} of edition ${edition}; a list does not double between editions (pass --accept-size-change if it did)`,
} as const;

export type RefusalName = keyof typeof refusals;

/** A refusal a check returns: the template's name and the details it is worded from. */
export type Refusal = {
  [N in RefusalName]: { readonly name: N; readonly details: Parameters<(typeof refusals)[N]>[0] };
}[RefusalName];

/** A refusal from its template's name and details (typed: each name takes its own details). */
export function refusal<N extends RefusalName>(name: N, details: Parameters<(typeof refusals)[N]>[0]): Refusal {
  return { name, details } as Refusal;
}

/** Thrown by checkEdition with the refusal's message; callers catch it to tell a refused file from a failure. */
export class EditionRefusedError extends Error {
  constructor(
    message: string,
    readonly refused?: Refusal,
  ) {
    super(message);
  }
}

/** The refusal's words: why, from its template. */
export function refusalWhy(r: Refusal): string {
  return (refusals[r.name] as (details: Refusal['details']) => string)(r.details);
}

/** The message an operator reads: which file is not imported as what, and why. */
export function refusalMessage(
  { filePath, list, edition }: { filePath: string; list: string; edition: string },
  r: Refusal,
): string {
  return `${path.basename(filePath)} is not imported as ${list} edition ${edition}: ${refusalWhy(r)}`;
}
