// The read API on the complete real data set, for the API tests split by what they cover
// (test/api/products-*.test.ts, search-*.test.ts): a service of its own per file, keys of each read
// scope, and the products as MongoDB holds them, read once per run.
import { startServer, type TestServer } from './server';
import { fullCatalog, fullCatalogProducts } from './full-catalog';
import { newDeveloper } from './accounts';
import type { Catalog } from './catalog';
import type { ProductDoc } from '../../src/catalog/product.types';

export interface ReadApi {
  readonly catalog: Catalog;
  readonly server: TestServer;
  /** A key with products:read. */
  readonly key: string;
  /** A key with search:read. */
  readonly searchKey: string;
  /** Every product, in id order. */
  readonly products: readonly ProductDoc[];
}

/** Starts the service on the full catalog with limits and credits out of the tests' way; the caller stops it. */
export async function openReadApi(): Promise<ReadApi> {
  const catalog = await fullCatalog();
  const server = await startServer({
    MONGODB_URI: catalog.mongoUri,
    ELASTICSEARCH_INDEX: catalog.alias,
    RATE_LIMIT_MAX: '100000',
    ACCOUNT_RATE_LIMIT_MAX: '100000',
    SIGNUP_CREDITS: '1000000',
  });
  const dev = await newDeveloper(server.url);
  const key = (await dev.key(['products:read'])).secret;
  const searchKey = (await dev.key(['search:read'])).secret;
  return { catalog, server, key, searchKey, products: await fullCatalogProducts() };
}

/**
 * The read API for the describe `suite`: started before its tests (fields set from then on), stopped
 * after them. Its tests and hooks get the time a walk over the whole data set takes.
 */
export function readApi(suite: Mocha.Suite): ReadApi {
  suite.timeout(300000);
  const api = {} as { -readonly [K in keyof ReadApi]: ReadApi[K] };
  before(async () => {
    Object.assign(api, await openReadApi());
  });
  after(() => api.server?.stop());
  return api;
}
