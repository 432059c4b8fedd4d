// Versioned indices behind one alias: build a new index, load it, check it, then move the alias in
// one atomic call. Readers only ever query the alias, so they never see a half-built index.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EsClient } from './client';
import { searchPages } from './search-pages';
import { PROJECT_ROOT } from '../../shared/paths';

export const MAPPING_FILE = path.join(PROJECT_ROOT, 'index-mappings', 'products.v9.json');

interface MappingFile {
  settings: Record<string, unknown>;
  mappings: { _meta: { mapping_version: number } } & Record<string, unknown>;
}

export function readMapping(): MappingFile {
  return JSON.parse(readFileSync(MAPPING_FILE, 'utf8')) as MappingFile;
}

/** How a new index spreads over nodes: primary shards, and replicas as a count (`1`) or an auto-expand range (`0-1`). */
export interface IndexLayout {
  readonly shards: number;
  readonly replicas: string;
}

/** Index settings for `layout`. A count turns auto-expansion off, or the mapping file's range would override it. */
export function layoutSettings({ shards, replicas }: IndexLayout): Record<string, unknown> {
  return /^\d+$/.test(replicas)
    ? { number_of_shards: shards, number_of_replicas: Number(replicas), auto_expand_replicas: false }
    : { number_of_shards: shards, auto_expand_replicas: replicas };
}

export class IndexAdmin {
  /** Read once: the same settings create the index and restore its refresh interval after the load. */
  private readonly mapping = readMapping();

  /** Without `layout`, an index is laid out as the mapping file says (one shard, `0-1` replicas). */
  constructor(
    private readonly es: EsClient,
    readonly alias: string,
    private readonly layout?: IndexLayout,
  ) {}

  /** Creates an empty index named `<alias>-v<mapping version>-<time>`, tuned for a bulk load. */
  async create(): Promise<string> {
    const { settings, mappings } = this.mapping;
    const stamp = new Date()
      .toISOString()
      .replace(/[-:.TZ]/g, '')
      .slice(0, 17);
    const name = `${this.versionPrefix()}${stamp}`;
    const layout = this.layout ? layoutSettings(this.layout) : {};
    await this.es.indices.create({
      index: name,
      settings: { ...settings, ...layout, refresh_interval: '-1' },
      mappings,
    });
    return name;
  }

  /** Whether `index` was built with the mapping this code reads (older ones lack fields it needs). */
  hasCurrentMapping(index: string): boolean {
    return index.startsWith(this.versionPrefix());
  }

  private versionPrefix(): string {
    return `${this.alias}-v${this.mapping.mappings._meta.mapping_version}-`;
  }

  /** Loads documents with the client's bulk helper; resolves with how many were indexed. */
  async load(
    index: string,
    docs: AsyncIterable<{ id: string }>,
    onProgress?: (indexed: number) => void,
  ): Promise<number> {
    let indexed = 0;
    const failures: string[] = [];
    const stats = await this.es.helpers.bulk<{ id: string }>({
      datasource: progressOf(docs, (n) => {
        indexed = n;
        onProgress?.(n);
      }),
      onDocument: (doc) => ({ index: { _index: index, _id: doc.id } }),
      onDrop: (dropped) => failures.push(`${dropped.document.id}: ${JSON.stringify(dropped.error)}`),
      flushBytes: 4_000_000,
      concurrency: 3,
      refreshOnCompletion: false,
    });
    if (stats.failed > 0)
      throw new Error(`bulk load of ${index} dropped ${stats.failed} documents, first: ${failures[0]}`);
    return indexed;
  }

  /** Makes the loaded index searchable with its normal refresh interval. */
  async finish(index: string): Promise<void> {
    await this.es.indices.putSettings({
      index,
      settings: { refresh_interval: (this.mapping.settings.refresh_interval as string | undefined) ?? '1s' },
    });
    await this.es.indices.refresh({ index });
  }

  /** Every document the alias (or an index) holds, in id order, read in pages with search_after. */
  async *documents<T>(index = this.alias): AsyncGenerator<T> {
    const pages = searchPages<T>((body) => this.es.search<T>(body), { index, size: 5000, sort: [{ id: 'asc' }] });
    for await (const hits of pages) for (const hit of hits) yield hit._source as T;
  }

  async count(index: string): Promise<number> {
    return (await this.es.count({ index })).count;
  }

  /** The indices the alias points at now (none before the first load). */
  async targets(): Promise<string[]> {
    const exists = await this.es.indices.existsAlias({ name: this.alias });
    if (!exists) return [];
    return Object.keys(await this.es.indices.getAlias({ name: this.alias }));
  }

  /** Moves the alias to `index` and away from `from`, in one atomic update. */
  async swap(index: string, from: readonly string[]): Promise<void> {
    await this.es.indices.updateAliases({
      actions: [
        ...from.map((old) => ({ remove: { index: old, alias: this.alias } })),
        { add: { index, alias: this.alias, is_write_index: true } },
      ],
    });
  }

  /**
   * This alias's indices it does not point at that were created before `index`: loads of runs killed
   * before they could drop their own. One created later may be another run's load in progress.
   */
  async leftoversBefore(index: string): Promise<string[]> {
    const all = Object.keys(
      await this.es.indices.get({ index: `${this.alias}-v*`, expand_wildcards: ['open', 'closed'] }),
    );
    const served = new Set(await this.targets());
    return all.filter((name) => !served.has(name) && stampOf(name) < stampOf(index));
  }

  async drop(indices: readonly string[]): Promise<void> {
    if (indices.length > 0) await this.es.indices.delete({ index: [...indices], ignore_unavailable: true });
  }
}

async function* progressOf<T>(docs: AsyncIterable<T>, report: (n: number) => void): AsyncGenerator<T> {
  let n = 0;
  for await (const doc of docs) {
    yield doc;
    n += 1;
    if (n % 1000 === 0) report(n);
  }
  report(n);
}

/** The creation stamp that ends every index name made by create(). */
function stampOf(index: string): string {
  return index.slice(index.lastIndexOf('-') + 1);
}
