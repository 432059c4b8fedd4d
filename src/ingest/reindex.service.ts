// Rebuilds the search index from MongoDB: a new versioned index, loaded and counted against the
// database, then the alias moves to it atomically and the old index goes. Any failure before the swap
// drops the new index and leaves the old one serving.
import type { ProductDoc } from '../catalog/product.types';
import { toSearchDocument, type SearchDocument } from '../catalog/search-document';
import { companyLookup, type CompanyDoc } from '../catalog/company-records';

export interface ReindexPorts {
  readonly products: { stream(): AsyncIterable<ProductDoc> };
  /** The company records each product's manufacturer spelling is joined to. */
  readonly companies: {
    all(): Promise<CompanyDoc[]>;
    /** The size of the last complete set a seed wrote; null for a record from before it was kept. */
    recordedSize(): Promise<number | null>;
  };
  readonly index: {
    readonly alias: string;
    create(): Promise<string>;
    load(index: string, docs: AsyncIterable<SearchDocument>, onProgress?: (n: number) => void): Promise<number>;
    finish(index: string): Promise<void>;
    count(index: string): Promise<number>;
    targets(): Promise<string[]>;
    hasCurrentMapping(index: string): boolean;
    swap(index: string, from: readonly string[]): Promise<void>;
    drop(indices: readonly string[]): Promise<void>;
    leftoversBefore(index: string): Promise<string[]>;
  };
}

export interface ReindexReport {
  readonly index: string;
  readonly documents: number;
  readonly replaced: string[];
}

/**
 * `expected` is how many products the caller knows MongoDB holds (the seed knows it from its own
 * bookkeeping); progress shows a total only then. MongoDB is not counted for it: on FerretDB a count
 * decodes every document (7 s for the full data). The check after loading compares the new index
 * with what the stream actually delivered.
 */
export async function reindex(
  ports: ReindexPorts,
  onProgress?: (done: number, total?: number) => void,
  expected?: number,
): Promise<ReindexReport> {
  const index = await ports.index.create();
  try {
    let streamed = 0;
    const companies = await ports.companies.all();
    const short = shortCompanies(companies.length, await ports.companies.recordedSize());
    const companyOf = companyLookup(companies);
    const counted = mapStream(ports.products.stream(), (p) => {
      // Refused at the first product, before the swap: an index without company joins would replace one with them.
      if (short) throw new Error(`${short}; the alias was not moved. Run the seed to write the companies again.`);
      streamed++;
      return toSearchDocument(p, companyOf(p.manufacturer));
    });
    await ports.index.load(index, counted, (n) => onProgress?.(n, expected));
    await ports.index.finish(index);
    const indexed = await ports.index.count(index);
    if (indexed !== streamed)
      throw new Error(`index ${index} holds ${indexed} documents, MongoDB gave ${streamed}; the alias was not moved`);
    const replaced = (await ports.index.targets()).filter((name) => name !== index);
    await ports.index.swap(index, replaced);
    // With the replaced index go the loads of earlier runs that were killed midway.
    const dropped = [...new Set([...replaced, ...(await ports.index.leftoversBefore(index))])];
    await ports.index.drop(dropped);
    return { index, documents: indexed, replaced: dropped };
  } catch (err) {
    await ports.index.drop([index]).catch(() => undefined);
    throw err;
  }
}

/** Why the company set may not serve an index (empty, or fewer than the last complete set), or undefined. */
function shortCompanies(count: number, recorded: number | null): string | undefined {
  if (count === 0) return 'the company records are empty while products exist';
  if (recorded !== null && count < recorded)
    return `the company records hold ${count} companies, fewer than the ${recorded} of the last complete set`;
  return undefined;
}

async function* mapStream<T, U>(source: AsyncIterable<T>, fn: (t: T) => U): AsyncIterable<U> {
  for await (const item of source) yield fn(item);
}
