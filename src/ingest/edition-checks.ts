// The checks an offered edition passes before anything is written, in the order an operator meets
// them: the list and edition named, the hard caps, the file's place among the editions, its shape
// (a CSV list, its encoding, header, units, whole), its rows, then its length against the newest
// edition. Each has a name and why it is there (docs/operations.md "Importing a new edition"); each
// returns a refusal (edition-refusals.ts) or nothing. checkEdition runs them in this order and stops
// at the first refusal.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { READERS } from './convert/readers';
import type { EditionContext } from './edition-context';
import { refusal, type Refusal, type UnitDiffers } from './edition-refusals';

/** The limits a new edition is held to, each with why (docs/operations.md "Importing a new edition"). */
export const EDITION_LIMITS = {
  /** A list does not halve from one edition to the next; a file that short was cut or is a sample. */
  minShareOfNewest: 0.5,
  /** Nor does it double: a file that long is another list, or rows repeated. */
  maxGrowthOfNewest: 2,
  /**
   * Refusals (rows and cells) one by one are the odd damaged row; more than this is a file of another
   * shape. `--accept-refusals N` raises it to N for one import.
   */
  maxRefusals: 50,
  /**
   * Hard caps, checked from the file's size and a streamed count of its lines before it is read:
   * the largest list we read is 5.4 MB and 21,538 lines; a file over either is not read at all
   * (a 60 MB file of 410,548 rows grew the command to 3.6 GB; the check of a file at the line cap
   * peaks at about 0.4 GB). No flag lifts them.
   */
  maxBytes: 16 * 1024 * 1024,
  maxLines: 50_000,
} as const;

/** One check of an offered edition: its name, why it is there, and the refusal it finds, if any. */
export interface EditionCheckRule {
  readonly name: string;
  readonly why: string;
  readonly check: (ctx: EditionContext) => Refusal | undefined;
}

const errCode = (err: unknown) => (err as NodeJS.ErrnoException).code ?? String(err);

export const EDITION_CHECKS: readonly EditionCheckRule[] = [
  {
    name: 'list-known',
    why: 'an edition joins a list we already read; another name is a typo or a source nobody has mapped',
    check: (ctx) =>
      ctx.editions().length > 0
        ? undefined
        : refusal('unknownList', {
            list: ctx.offer.list,
            lists: [...new Set(ctx.offer.manifest.sources.map((s) => s.list))],
          }),
  },
  {
    name: 'edition-date',
    why: 'editions are ordered by their date, and the newest is what the next is held against',
    check: ({ offer: { edition } }) =>
      /^\d{4}-\d{2}-\d{2}$/.test(edition) && !Number.isNaN(Date.parse(edition))
        ? undefined
        : refusal('editionNotDate', undefined),
  },
  {
    name: 'size-cap',
    why: 'a file over 16 MiB is not a list we read (the largest is 5.4 MB); it is refused before it is read',
    check: ({ offer: { filePath } }) => {
      let bytes: number;
      try {
        bytes = statSync(filePath).size;
      } catch (err) {
        return refusal('unreadable', { code: errCode(err) });
      }
      return bytes > EDITION_LIMITS.maxBytes ? refusal('sizeOver', { bytes, max: EDITION_LIMITS.maxBytes }) : undefined;
    },
  },
  {
    name: 'line-cap',
    why: 'a file over 50,000 lines is not a list we read (the longest is 21,538); counted streamed, before it is read',
    check: ({ offer: { filePath } }) => {
      const lines = countLines(filePath);
      return lines > EDITION_LIMITS.maxLines
        ? refusal('linesOver', { lines, max: EDITION_LIMITS.maxLines })
        : undefined;
    },
  },
  {
    name: 'readable',
    why: 'the file is read once, whole, for its digest and rows',
    check: (ctx) => {
      try {
        ctx.bytes();
      } catch (err) {
        return refusal('unreadable', { code: errCode(err) });
      }
    },
  },
  {
    name: 'same-edition-same-file',
    why: 'an edition already imported is that file: another file under its date would rewrite history',
    check: (ctx) => {
      const same = ctx.same();
      if (same && same.sha256 !== ctx.sha256())
        return refusal('editionDiffers', {
          list: ctx.offer.list,
          edition: ctx.offer.edition,
          file: same.file,
          sha256: same.sha256,
        });
    },
  },
  {
    name: 'new-file-name',
    why: 'claims locate their cells by the file name, so two editions may not share one',
    check: (ctx) => {
      const { manifest, filePath } = ctx.offer;
      const namesake = manifest.sources.find((s) => path.basename(s.file) === path.basename(filePath));
      if (!ctx.same() && namesake) return refusal('nameTaken', { list: namesake.list, edition: namesake.edition });
    },
  },
  {
    name: 'newer-edition',
    why: 'an import adds the newest edition; an older one would change what the list says today',
    check: (ctx) => {
      const newest = ctx.newest().edition;
      if (!ctx.same() && ctx.offer.edition <= newest) return refusal('notNewer', { list: ctx.offer.list, newest });
    },
  },
  {
    name: 'csv-list',
    why: 'only CSV lists are imported so far; a JSON list is read by its own reader',
    check: (ctx) => {
      if (ctx.reader().read) return refusal('jsonList', { list: ctx.offer.list, file: ctx.newest().file });
    },
  },
  {
    name: 'encoding',
    why: "text in another encoding than the list's would be read garbled; the first byte that is not is named",
    check: (ctx) => {
      try {
        ctx.text();
      } catch (err) {
        return refusal('notInEncoding', { why: (err as Error).message.replace(/^[^:]+: /, '') });
      }
    },
  },
  {
    name: 'header',
    why: "the list's reader needs its columns; a header of another list is named as that list's",
    check: (ctx) => headerRefusal(ctx),
  },
  {
    name: 'units',
    why: "a column in another unit than the newest edition's would be read as the wrong quantity",
    check: (ctx) => unitsRefusal(ctx),
  },
  {
    name: 'whole',
    why: 'a file cut mid-row (its last row short and no final line break) was not downloaded whole',
    check: (ctx) => {
      const rows = ctx.rows();
      const last = rows[rows.length - 1];
      const of = ctx.header().length;
      if (!/\n\s*$/.test(ctx.text()) && last && last.cells.length !== of)
        return refusal('truncated', { line: last.line, fields: last.cells.length, of });
    },
  },
  {
    name: 'refusals',
    why: 'an odd damaged row or cell is refused and named; more than 50 is a file of another shape (--accept-refusals N)',
    check: (ctx) => {
      const { refused, refusedCells } = ctx.read();
      const allowed = ctx.offer.accept?.refusals ?? EDITION_LIMITS.maxRefusals;
      if (refused.size + refusedCells.length <= allowed) return undefined;
      const cell = refusedCells[0];
      const first = [...refused.values()][0] ?? `${cell.column}: ${cell.reason}`;
      return refusal('tooManyRefusals', { rows: refused.size, cells: refusedCells.length, allowed, first });
    },
  },
  {
    name: 'not-halved',
    why: 'a list does not halve between editions; a file that short was cut or is a sample (--accept-size-change)',
    check: (ctx) => {
      const { count } = ctx.read();
      const newest = ctx.newestRead().count;
      if (count < newest * EDITION_LIMITS.minShareOfNewest && !ctx.offer.accept?.sizeChange)
        return refusal('halved', { count, newest, edition: ctx.newest().edition });
    },
  },
  {
    name: 'not-doubled',
    why: 'nor does it double; a file that long is another list or rows repeated (--accept-size-change)',
    check: (ctx) => {
      const { count } = ctx.read();
      const newest = ctx.newestRead().count;
      if (count > newest * EDITION_LIMITS.maxGrowthOfNewest && !ctx.offer.accept?.sizeChange)
        return refusal('doubled', { count, newest, edition: ctx.newest().edition });
    },
  },
];

/** The header has the list's columns; one that has another list's is named as that list's. */
function headerRefusal(ctx: EditionContext): Refusal | undefined {
  const header = ctx.header();
  const missing = ctx.reader().required.filter((c) => !header.includes(c));
  if (missing.length === 0) return undefined;
  const { manifest, list } = ctx.offer;
  const looksLike = Object.entries(READERS)
    .filter(([, r]) => r.required.every((c) => header.includes(c)))
    .flatMap(([name]) => manifest.sources.filter((s) => s.reader === name).map((s) => s.list));
  return looksLike.length > 0 && !looksLike.includes(list)
    ? refusal('headerOfAnotherList', { lists: [...new Set(looksLike)], list })
    : refusal('headerLacks', { missing });
}

/** The units row (SAM files' second row) gives each column the unit the list's newest edition gives it. */
function unitsRefusal(ctx: EditionContext): Refusal | undefined {
  const reader = ctx.reader();
  if (reader.headerRows <= 1) return undefined;
  const header = ctx.header();
  const units = ctx.rows()[1]?.cells ?? [];
  const known = ctx.newestRead();
  const differ: UnitDiffers[] = reader.required
    .map((column) => ({
      column,
      offered: (units[header.indexOf(column)] ?? '').trim(),
      known: (known.units[known.header.indexOf(column)] ?? '').trim(),
    }))
    .filter((d) => d.offered !== d.known);
  return differ.length > 0 ? refusal('unitsDiffer', { differ }) : undefined;
}

/** Lines of a file, counted in 1 MiB chunks: nothing of it is held. */
function countLines(filePath: string): number {
  const fd = openSync(filePath, 'r');
  try {
    const chunk = Buffer.alloc(1024 * 1024);
    let lines = 0;
    let last = 0x0a;
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) {
      for (let i = 0; i < n; i++) if (chunk[i] === 0x0a) lines++;
      last = chunk[n - 1];
    }
    return last === 0x0a ? lines : lines + 1;
  } finally {
    closeSync(fd);
  }
}
