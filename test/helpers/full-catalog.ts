// The complete real data set, seeded once per test run (about 80 s) for the tests that need all of
// it (walking every page, relevance on real names), and dropped when the run ends.
import { openCatalog, type Catalog } from './catalog';
import { uniqueName } from './engines';

let pending: Promise<Catalog> | undefined;

export function fullCatalog(): Promise<Catalog> {
  pending ??= (async () => {
    const catalog = await openCatalog(uniqueName('full'));
    await catalog.seed();
    return catalog;
  })();
  return pending;
}

export async function dropFullCatalog(): Promise<void> {
  if (pending) await (await pending).drop();
}
