// Run by scripts/test.mjs before the suite's processes start, so that the complete catalog is seeded
// once for all of them rather than once in each: prints `{"name", "seconds"}` (seconds spent seeding;
// 0 when a kept one was found). With `--drop NAME`, drops that catalog when the run has ended (the
// runner does not call it for a kept one). It also writes the catalog's products to the file every
// process reads them from (test/helpers/catalog-products.ts), unless a kept catalog has it already.
import { openCatalog } from './catalog';
import { forgetCatalogProducts, keepCatalogProducts } from './catalog-products';
import { fullCatalogSeedSeconds, preparedCatalog } from './full-catalog';

async function main(args: string[]): Promise<void> {
  if (args[0] === '--drop') {
    await (await openCatalog(args[1])).drop();
    forgetCatalogProducts(args[1]);
    return;
  }
  const catalog = await preparedCatalog();
  await keepCatalogProducts(catalog);
  process.stdout.write(`${JSON.stringify({ name: catalog.alias, seconds: fullCatalogSeedSeconds() ?? 0 })}\n`);
}

// The exit ends the catalog's connections.
main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
