// Every product of a catalog as MongoDB holds it, in id order, for the files that pick their cases from
// the complete data. Streaming the 43,000 products out of FerretDB costs 25 s of its CPU on an idle
// machine and 60 to 90 s on a loaded one, whatever the filter (it decodes every document); a dozen
// files did it each. So the products are read once and written to a file named for the catalog
// (test-catalogs/NAME.ndjson in the engines' folder, beside the engines' data that holds the catalog): the
// runner writes it when it prepares the complete catalog, every process of the run reads it in a second
// or two, and a kept catalog keeps its file, for a clean clone's run too.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Catalog } from './catalog';
import { ENGINES_DIR } from './engines';
import type { ProductDoc } from '../../src/catalog/product.types';

const DIR = path.join(ENGINES_DIR, 'test-catalogs');

const fileOf = (name: string) => path.join(DIR, `${name}.ndjson`);

/** The two fields MongoDB gives as dates; everything nested is stored as JSON text already. */
const revived = (line: string): ProductDoc => {
  const p = JSON.parse(line) as ProductDoc & { created_at: string; updated_at: string };
  return { ...p, created_at: new Date(p.created_at), updated_at: new Date(p.updated_at) };
};

const byId = (a: ProductDoc, b: ProductDoc) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/**
 * The catalog's products in id order (not storage order: the seed writes batches at once, so storage
 * order, and any sample drawn by position, would change from one seed to the next): from its file
 * when there is one, else from MongoDB, writing the file when `keep`.
 */
export async function catalogProducts(catalog: Catalog, keep: boolean): Promise<ProductDoc[]> {
  const file = fileOf(catalog.alias);
  if (fs.existsSync(file)) {
    const products: ProductDoc[] = [];
    for await (const line of readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity }))
      if (line) products.push(revived(line));
    return products;
  }
  const products: ProductDoc[] = [];
  for await (const p of catalog.products.stream()) products.push(p);
  products.sort(byId);
  if (keep) await write(file, products);
  return products;
}

/** Writes the catalog's file unless it is there (the runner, once for every process of a run). */
export async function keepCatalogProducts(catalog: Catalog): Promise<void> {
  if (!fs.existsSync(fileOf(catalog.alias))) await catalogProducts(catalog, true);
}

/** Written under another name and renamed: a reader never sees half a file, two writers never mix. */
async function write(file: string, products: readonly ProductDoc[]): Promise<void> {
  fs.mkdirSync(DIR, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  const out = fs.createWriteStream(partial);
  for (const p of products)
    if (!out.write(`${JSON.stringify(p)}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  fs.renameSync(partial, file);
}

/** Forgets the file of catalog `name` (dropped, or about to be seeded again). */
export function forgetCatalogProducts(name: string): void {
  fs.rmSync(fileOf(name), { force: true });
}
