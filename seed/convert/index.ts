// Reads every source file named in the manifest and converts them to product drafts. Everything is
// parsed and checked before anything is written, so bad input never half-applies.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SourceRecord } from './claims';
import { SourceError } from './claims';
import { convertCecModules, CEC_MODULE_REQUIRED } from './cec-modules';
import { convertSandiaModules, SANDIA_MODULE_REQUIRED, sandiaBaseName } from './sandia-modules';
import { convertSamInverters, convertAdrInverters, SAM_INVERTER_REQUIRED, ADR_INVERTER_REQUIRED } from './cec-inverters';
import { ManufacturerDeriver } from './manufacturer';
import { mergeRecords, type ProductDraft } from './merge';
import { readTable, type Table } from './table';
import { PROJECT_ROOT } from '../../src/shared/paths';
import type { SourceDoc } from '../../src/sources/source.types';

export interface ManifestSource {
  readonly id: string;
  readonly reader: 'cec-modules' | 'sam-inverters' | 'adr-inverters' | 'sandia-modules';
  readonly category: string;
  readonly file: string;
  readonly path_in_package: string;
  readonly sha256: string;
  readonly title: string;
  readonly publisher: string;
  readonly publisher_chain: string[];
  readonly url: string;
  readonly upstream_url: string;
  readonly licence: string;
}

export interface Manifest {
  readonly retrieved_at: string;
  readonly package: { name: string; version: string; registry: string; wheel: string; wheel_sha256: string; licence: string };
  readonly sources: ManifestSource[];
}

export interface ConvertedSource extends ManifestSource {
  /** sha256 of the file actually read (differs from the manifest's when a local copy was edited). */
  readonly loaded_sha256: string;
  readonly records: number;
}

export interface Conversion {
  readonly drafts: ProductDraft[];
  readonly sources: ConvertedSource[];
}

const REQUIRED: Record<ManifestSource['reader'], readonly string[]> = {
  'cec-modules': CEC_MODULE_REQUIRED,
  'sam-inverters': SAM_INVERTER_REQUIRED,
  'adr-inverters': ADR_INVERTER_REQUIRED,
  'sandia-modules': SANDIA_MODULE_REQUIRED,
};

export const DEFAULT_SEED_DIR = path.join(PROJECT_ROOT, 'seed');

export function loadManifest(seedDir = DEFAULT_SEED_DIR): Manifest {
  return JSON.parse(readFileSync(path.join(seedDir, 'manifest.json'), 'utf8')) as Manifest;
}

/** Converts the manifest's sources, read from `sourcesDir` (default seed/sources). */
export function convertSources(manifest: Manifest, sourcesDir = path.join(DEFAULT_SEED_DIR, 'sources')): Conversion {
  const tables = manifest.sources.map((s) => ({ source: s, table: readTable(path.join(sourcesDir, s.file), s.id, REQUIRED[s.reader]) }));
  const moduleNames = tables.flatMap(({ source, table }) => moduleNamesOf(source, table));
  const deriver = new ManufacturerDeriver(moduleNames);
  const records: SourceRecord[] = tables.flatMap(({ source, table }) => {
    switch (source.reader) {
      case 'cec-modules':
        return convertCecModules(table, deriver);
      case 'sandia-modules':
        return convertSandiaModules(table, deriver);
      case 'sam-inverters':
        return convertSamInverters(table);
      case 'adr-inverters':
        return convertAdrInverters(table);
      default:
        throw new SourceError(source.file, null, `unknown reader ${String(source.reader)}`);
    }
  });
  const priority = new Map(manifest.sources.map((s, i) => [s.id, i]));
  const sources = tables.map(({ source, table }) => ({
    ...source,
    loaded_sha256: createHash('sha256').update(readFileSync(path.join(sourcesDir, source.file))).digest('hex'),
    records: table.records.length,
  }));
  return { drafts: mergeRecords(records, priority), sources };
}

function moduleNamesOf(source: ManifestSource, table: Table): string[] {
  if (source.reader === 'cec-modules') return table.records.map((r) => r.cell('Name').trim());
  if (source.reader === 'sandia-modules') return table.records.map((r) => sandiaBaseName(r.cell('Name')));
  return [];
}

/** The sources as stored: the manifest's description plus what was actually read. */
export function toSourceDocs(manifest: Manifest, conversion: Conversion, loadedAt = new Date()): SourceDoc[] {
  const backed = new Map<string, number>();
  for (const draft of conversion.drafts) for (const id of new Set(draft.claims.map((c) => c.source_id))) backed.set(id, (backed.get(id) ?? 0) + 1);
  return conversion.sources.map((s) => ({
    _id: s.id,
    title: s.title,
    publisher: s.publisher,
    publisher_chain: s.publisher_chain,
    url: s.url,
    upstream_url: s.upstream_url,
    file: s.file,
    path_in_package: s.path_in_package,
    package: `${manifest.package.name} ${manifest.package.version}`,
    sha256: s.loaded_sha256,
    licence: s.licence,
    retrieved_at: manifest.retrieved_at,
    records: s.records,
    products: backed.get(s.id) ?? 0,
    loaded_at: loadedAt,
  }));
}
