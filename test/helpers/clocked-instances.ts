// Instances of the service on one seeded catalog, sharing a clock the test moves (key expiry and the
// purge of ended keys are judged by it) instead of waiting: `open` in a before hook, `close` in after.
import { startServer, type TestServer } from './server';
import { openCatalog, type Catalog } from './catalog';
import { writeSources } from './seed-fixture';

export class ClockedInstances {
  /** How far the instances' clock runs ahead of the real one. */
  aheadMs = 0;
  private opened?: Catalog;
  private readonly servers: TestServer[] = [];

  get catalog(): Catalog {
    if (!this.opened) throw new Error('open() first');
    return this.opened;
  }

  async open(): Promise<void> {
    this.opened = await openCatalog();
    await this.opened.seed(writeSources());
  }

  /** Another instance on the catalog, with these settings. */
  async start(overrides: Record<string, string> = {}): Promise<TestServer> {
    const server = await startServer(
      { MONGODB_URI: this.catalog.mongoUri, ELASTICSEARCH_INDEX: this.catalog.alias, ...overrides },
      () => Date.now() + this.aheadMs,
    );
    this.servers.push(server);
    return server;
  }

  async close(): Promise<void> {
    await Promise.all(this.servers.map((s) => s.stop()));
    await this.opened?.drop();
  }
}
