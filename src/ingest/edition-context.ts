// What the checks of an offered edition ask about it, each found once and kept: the list's editions
// and newest, the file's bytes, digest, text and rows (parsed once), its rows as the list's reader
// reads them (converted once, a row that stops the reader refused and the next read), and the newest
// edition's header, units and row count (its file read once). A check asks only after the checks
// before it passed (EDITION_CHECKS is in that order), so each fact here is there when asked for.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv, type CsvRow } from '../shared/csv';
import { READERS, type Reader } from './convert/readers';
import { csvRows, decodeSource, tableOfRows, type RefusedCell } from './convert/table';
import { ManufacturerDeriver } from './convert/manufacturer';
import { SourceError } from './convert/claims';
import type { Manifest, ManifestSource } from './convert';

/** What the operator accepts beyond the limits for one import. */
export interface EditionAcceptance {
  /** A row count more than a factor of 2 from the newest edition's (--accept-size-change). */
  readonly sizeChange?: boolean;
  /** Up to this many refused rows and cells (--accept-refusals N). */
  readonly refusals?: number;
}

/** An offered file: the list and edition it claims to be, the manifest it joins, and what the operator accepts. */
export interface EditionOffer {
  /** The file offered. */
  readonly filePath: string;
  /** The list it is an edition of. */
  readonly list: string;
  /** Its edition, a date written YYYY-MM-DD. */
  readonly edition: string;
  /** The manifest it would join. */
  readonly manifest: Manifest;
  /** Where the manifest's sources lie (the newest edition is read from there to compare). */
  readonly sourcesDir: string;
  /** What the operator accepts beyond the limits. */
  readonly accept?: EditionAcceptance;
}

/** The offered file read as its list's reader reads it: rows refused (by record), identity keys, cells refused, rows read. */
export interface ReadRows {
  readonly refused: ReadonlyMap<number, string>;
  readonly records: readonly { key: string; record: number }[];
  readonly refusedCells: RefusedCell[];
  readonly count: number;
}

/** The newest edition's file, read once: its header, its units row and its readable rows. */
export interface NewestRead {
  readonly header: readonly string[];
  readonly units: readonly string[];
  readonly count: number;
}

/** An offer under check: the offer, and what the checks found about it so far. */
export class EditionContext {
  private readonly found = new Map<string, unknown>();

  constructor(readonly offer: EditionOffer) {}

  private once<T>(name: string, find: () => T): T {
    if (!this.found.has(name)) this.found.set(name, find());
    return this.found.get(name) as T;
  }

  /** The editions of the list already known. */
  editions(): readonly ManifestSource[] {
    return this.once('editions', () => this.offer.manifest.sources.filter((s) => s.list === this.offer.list));
  }

  /** The list's newest edition: what the file is held against. */
  newest(): ManifestSource {
    return this.once('newest', () => [...this.editions()].sort((a, b) => b.edition.localeCompare(a.edition))[0]);
  }

  /** The reader of the list's newest edition: the file is read as it is. */
  reader(): Reader {
    return READERS[this.newest().reader];
  }

  /** The offered file's bytes (read once; a check before asked that it can be). */
  bytes(): Buffer {
    return this.once('bytes', () => readFileSync(this.offer.filePath));
  }

  sha256(): string {
    return this.once('sha256', () => createHash('sha256').update(this.bytes()).digest('hex'));
  }

  /** The edition already registered under the offered date, if any. */
  same(): ManifestSource | undefined {
    return this.editions().find((s) => s.edition === this.offer.edition);
  }

  /** The id the edition is (or would be) registered as. */
  id(): string {
    return this.same()?.id ?? `${this.offer.list}-${this.offer.edition}`;
  }

  /** The file's text in its list's encoding (throws the SourceError that names a byte that is not). */
  text(): string {
    return this.once('text', () =>
      decodeSource(this.bytes(), path.basename(this.offer.filePath), this.newest().encoding),
    );
  }

  /** The file's rows, blank ones left out: the one parse of the offered file. */
  rows(): readonly CsvRow[] {
    return this.once('rows', () => parseCsv(this.text()).filter((r) => r.cells.some((c) => c.trim() !== '')));
  }

  header(): readonly string[] {
    return (this.rows()[0]?.cells ?? []).map((c) => c.trim());
  }

  /** The rows read by the list's reader, once: a row that stops the reader is refused and the next read. */
  read(): ReadRows {
    return this.once('read', () => readRows(this));
  }

  /** The newest edition's header, units and readable rows, from one read of its file. */
  newestRead(): NewestRead {
    return this.once('newestRead', () => readNewest(this.offer.sourcesDir, this.newest(), this.reader()));
  }
}

/**
 * The offered rows converted one by one, as the list's reader converts its file: a row the reader
 * cannot trust (a SourceError naming it) is refused with the reason, its refused cells dropped with
 * it, and the next row read; rows of the wrong length are refused by the lenient table.
 */
function readRows(ctx: EditionContext): ReadRows {
  const reader = ctx.reader();
  const table = tableOfRows(ctx.rows(), {
    file: path.basename(ctx.offer.filePath),
    sourceId: ctx.id(),
    requiredColumns: reader.required,
    headerRows: reader.headerRows,
    lenient: true,
  });
  const refused = new Map(table.refused.map((r) => [r.record, r.reason]));
  const deriver = new ManufacturerDeriver(reader.derivedNames?.(table) ?? []);
  const records: { key: string; record: number }[] = [];
  let count = 0;
  for (const rec of table.records) {
    const cells = table.refusedCells.length;
    try {
      for (const { key, record } of reader.convert({ ...table, records: [rec] }, deriver))
        records.push({ key, record });
      count++;
    } catch (err) {
      if (!(err instanceof SourceError) || err.record === null) throw err;
      table.refusedCells.length = cells;
      refused.set(err.record, err.message.slice(err.message.indexOf(': ') + 2));
    }
  }
  return { refused, records, refusedCells: table.refusedCells, count };
}

function readNewest(sourcesDir: string, newest: ManifestSource, reader: Reader): NewestRead {
  const filePath = path.join(sourcesDir, newest.file);
  const file = path.basename(filePath);
  const rows = csvRows(decodeSource(readFileSync(filePath), file, newest.encoding), file);
  const table = tableOfRows(rows, {
    file,
    sourceId: newest.id,
    requiredColumns: reader.required,
    headerRows: reader.headerRows,
    refuse: new Map((newest.refused_records ?? []).map((r) => [r.record, r.reason])),
  });
  return {
    header: (rows[0]?.cells ?? []).map((c) => c.trim()),
    units: rows[1]?.cells ?? [],
    count: table.records.length,
  };
}
