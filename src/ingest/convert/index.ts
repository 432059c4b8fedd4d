// Reads every source file named in the manifest and converts them to product drafts. Everything is
// parsed and checked before anything is written, so bad input never half-applies.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveEditions, type EditionReport } from './editions';
import { ManufacturerDeriver } from './manufacturer';
import type { ProductDraft } from '../../catalog/product.types';
import { READERS, readerFields, type Reader, type ReaderName } from './readers';
import { readTable, type RefusedCell, type RefusedRecord } from './table';
import { PROJECT_ROOT } from '../../shared/paths';
import type { SourceDoc } from '../../catalog/source.types';

export interface ManifestSource {
  readonly id: string;
  /** The list this file is an edition of; editions of one list replace each other's values. */
  readonly list: string;
  /** ISO date of the edition. */
  readonly edition: string;
  readonly reader: ReaderName;
  readonly category: string;
  /** Key of `packages`: the package the file was taken from. */
  readonly package: string;
  readonly file: string;
  readonly path_in_package: string;
  readonly sha256: string;
  readonly title: string;
  readonly publisher: string;
  readonly publisher_chain: string[];
  readonly url: string;
  readonly upstream_url: string;
  readonly licence: string;
  /** What the source is not (see SourceDoc.limits). */
  readonly limits?: string;
  /** How the file's bytes are text (default UTF-8, read strictly). */
  readonly encoding?: 'utf8' | 'latin1';
  /** Records of the file that are not read, each with the reason (a row the source itself truncated). */
  readonly refused_records?: readonly { readonly record: number; readonly reason: string }[];
}

export interface ManifestPackage {
  readonly name: string;
  readonly version: string;
  readonly wheel: string;
  readonly wheel_sha256: string;
  readonly licence: string;
}

export interface Manifest {
  readonly retrieved_at: string;
  readonly packages: Readonly<Record<string, ManifestPackage>>;
  readonly sources: ManifestSource[];
}

/** Editions an operator imported (`npm run import`), kept beside the manifest in `imports.json`. */
export interface Imports {
  readonly packages: Readonly<Record<string, ManifestPackage>>;
  readonly sources: ManifestSource[];
}

export const IMPORTS_FILE = 'imports.json';

export interface ConvertedSource extends ManifestSource {
  /** sha256 of the file actually read (differs from the manifest's when a local copy was edited). */
  readonly loaded_sha256: string;
  readonly records: number;
  /** Records not read, with the reason. */
  readonly refused: readonly RefusedRecord[];
  /** Cells not read (unreadable, or outside their physical range), with the reason: the product kept its value. */
  readonly refusedCells: readonly RefusedCell[];
}

export interface Conversion {
  readonly drafts: ProductDraft[];
  readonly sources: ConvertedSource[];
  /** Per edition: records, products, and how later editions matched earlier ones. */
  readonly editions: EditionReport[];
  /** How often the manufacturer derived from a name agrees with a file's Manufacturer column. */
  readonly derivation_check: { readonly checked: number; readonly agreed: number };
}

export const DEFAULT_SEED_DIR = path.join(PROJECT_ROOT, 'seed');

/** The manifest, with the editions imported since (imports.json) after the pinned ones. */
export function loadManifest(seedDir = DEFAULT_SEED_DIR): Manifest {
  const manifest = JSON.parse(readFileSync(path.join(seedDir, 'manifest.json'), 'utf8')) as Manifest;
  const imports = loadImports(seedDir);
  return {
    ...manifest,
    packages: { ...manifest.packages, ...imports.packages },
    sources: [...manifest.sources, ...imports.sources],
  };
}

export function loadImports(seedDir = DEFAULT_SEED_DIR): Imports {
  if (!existsSync(path.join(seedDir, IMPORTS_FILE))) return { packages: {}, sources: [] };
  return JSON.parse(readFileSync(path.join(seedDir, IMPORTS_FILE), 'utf8')) as Imports;
}

export function readerOf(source: ManifestSource): Reader {
  return READERS[source.reader];
}

/** Converts the manifest's sources, read from `sourcesDir` (default seed/sources). */
export function convertSources(manifest: Manifest, sourcesDir = path.join(DEFAULT_SEED_DIR, 'sources')): Conversion {
  const tables = manifest.sources.map((source) => {
    const reader = readerOf(source);
    return {
      source,
      reader,
      table: reader.read
        ? reader.read(path.resolve(sourcesDir, source.file), source.id)
        : readTable({
            filePath: path.resolve(sourcesDir, source.file),
            sourceId: source.id,
            requiredColumns: reader.required,
            headerRows: reader.headerRows,
            refuse: new Map((source.refused_records ?? []).map((r) => [r.record, r.reason])),
            encoding: source.encoding,
          }),
    };
  });
  const deriver = new ManufacturerDeriver(tables.flatMap(({ reader, table }) => reader.derivedNames?.(table) ?? []));
  const editions = tables.map(({ source, reader, table }) => ({
    sourceId: source.id,
    list: source.list,
    edition: source.edition,
    records: reader.convert(table, deriver),
    refusedFields: refusedFields(table.refusedCells),
    fields: readerFields(reader),
    editionFields: new Set(reader.editionFields ?? []),
    identityRule: reader.identityRule,
    ...(reader.rematch ? { rematch: reader.rematch } : {}),
  }));
  const resolved = resolveEditions(editions);
  const sources = tables.map(({ source, table }) => ({
    ...source,
    loaded_sha256: createHash('sha256')
      .update(readFileSync(path.resolve(sourcesDir, source.file)))
      .digest('hex'),
    records: table.records.length,
    refused: table.refused,
    refusedCells: table.refusedCells,
  }));
  // Module files with a Manufacturer column show how well the derivation from names does.
  const checkable = editions
    .flatMap((e) => e.records)
    .filter(
      (r) => r.category === 'pv-module' && r.claims.some((c) => c.field === 'manufacturer' && c.method === 'reported'),
    );
  const agreed = checkable.filter((r) => deriver.split(r.name).manufacturer === r.manufacturer).length;
  return {
    drafts: resolved.drafts,
    sources,
    editions: resolved.reports,
    derivation_check: { checked: checkable.length, agreed },
  };
}

/** The sources as stored: the manifest's description plus what was actually read. */
export function toSourceDocs(manifest: Manifest, conversion: Conversion, loadedAt = new Date()): SourceDoc[] {
  const backed = new Map<string, number>();
  for (const draft of conversion.drafts)
    for (const id of new Set(draft.claims.map((c) => c.source_id))) backed.set(id, (backed.get(id) ?? 0) + 1);
  return conversion.sources.map((s) => ({
    _id: s.id,
    title: s.title,
    publisher: s.publisher,
    publisher_chain: s.publisher_chain,
    url: s.url,
    upstream_url: s.upstream_url,
    // The name claims locate their cells by (an imported edition lies under imports/).
    file: path.basename(s.file),
    path_in_package: s.path_in_package,
    package: `${manifest.packages[s.package].name} ${manifest.packages[s.package].version}`,
    list: s.list,
    edition: s.edition,
    sha256: s.loaded_sha256,
    licence: s.licence,
    ...(s.limits ? { limits: s.limits } : {}),
    retrieved_at: manifest.retrieved_at,
    records: s.records,
    products: backed.get(s.id) ?? 0,
    loaded_at: loadedAt,
  }));
}

function refusedFields(cells: readonly RefusedCell[]): Map<number, Set<string>> {
  const byRecord = new Map<number, Set<string>>();
  for (const c of cells) byRecord.set(c.record, (byRecord.get(c.record) ?? new Set()).add(c.field));
  return byRecord;
}
