// Memory under a flood of distinct queries: the two in-memory caches hold at most what they are
// configured to hold, so the process stays within those bounds plus a stated baseline, however
// many different answers it is asked for. Measured on the real process (its VmHWM), not on what the
// caches believe they hold.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';
import { uniqueName, ELASTICSEARCH_URL, INDEX_LAYOUT } from '../helpers/engines';
import { startServiceProcess, type ServiceProcess } from '../helpers/service-process';
import { createEsClient } from '../../src/adapters/elasticsearch/client';
import { IndexAdmin } from '../../src/adapters/elasticsearch/index-admin';
import { buildSynthetic } from '../../src/ingest/synthetic.service';
import type { SearchDocument } from '../../src/catalog/search-document';

const MIB = 1024 * 1024;
const CACHE_BYTES = 8 * MIB;
/**
 * What the process may grow by beyond its two caches during the flood: garbage not yet collected,
 * V8's heap headroom (which grows with what is live) and allocator slack. Measured on 2 cores, Node
 * 20: 78 MiB with both caches off, 73-76 MiB with these 8 MiB caches (kept as bytes outside the
 * heap); the caches before this test (which counted every Elasticsearch answer as 4 KiB) grew
 * 372 MiB in the same flood.
 */
const BASELINE_SLACK = 128 * MIB;
const WARM_UP = 200;
const FLOOD = 2500;
const CONCURRENCY = 4;

describe('memory under a flood of distinct queries', function () {
  this.timeout(300000);
  let catalog: Catalog;
  let service: ServiceProcess;
  let syntheticAlias: string;

  before(async () => {
    catalog = await openCatalog();
    await catalog.seed(writeSources());
    // Synthetic copies of the fixture's products, so every list page holds 100 modules with all their specs.
    const es = createEsClient(ELASTICSEARCH_URL, 120000);
    const synthetic = new IndexAdmin(es, `${catalog.alias}-synthetic`, INDEX_LAYOUT);
    await buildSynthetic({ real: () => catalog.index.documents<SearchDocument>(), index: synthetic }, 3000);
    await es.close();
    syntheticAlias = synthetic.alias;
    // One process: this bound is its caches' (the workers' shares are the next test's).
    service = await startServiceProcess({
      WEB_CONCURRENCY: '1',
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: synthetic.alias,
      REDIS_KEY_PREFIX: `${uniqueName('mem')}:`,
      READ_CACHE_BYTES: String(CACHE_BYTES),
      RESPONSE_CACHE_BYTES: String(CACHE_BYTES),
      SIGNUP_CREDITS: '100000',
      RATE_LIMIT_MAX: '100000',
      ACCOUNT_RATE_LIMIT_MAX: '100000',
    });
  });
  after(async () => {
    await service?.stop();
    await catalog?.drop();
  });

  it('when thousands of distinct 100-product lists are asked, then the process stays within its cache bounds plus the baseline', async () => {
    const { flood, largest } = await flooder(service);
    await flood(WARM_UP);
    const baseline = service.memory().rss;
    await flood(FLOOD);
    const { rss, peak } = service.memory();
    const bound = baseline + 2 * CACHE_BYTES + BASELINE_SLACK;
    const mib = (b: number) => `${(b / MIB).toFixed(0)} MiB`;
    // The flood's answers add up to several times both caches.
    assert.ok(largest() * FLOOD > 5 * 2 * CACHE_BYTES, `answers of ${largest()} bytes`);
    assert.ok(
      peak <= bound,
      `peak RSS ${mib(peak)} (now ${mib(rss)}) past the bound ${mib(bound)}: baseline ${mib(baseline)} + caches ${mib(2 * CACHE_BYTES)} + slack ${mib(BASELINE_SLACK)}`,
    );
  });

  it('when thousands of distinct lists are asked of two workers, then the whole service (primary and workers) stays within the caches once plus each process its baseline slack', async () => {
    // The same cache settings as above, now for the instance as a whole: each worker keeps half.
    const whole = await startServiceProcess({
      WEB_CONCURRENCY: '2',
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: syntheticAlias,
      REDIS_KEY_PREFIX: `${uniqueName('mem')}:`,
      READ_CACHE_BYTES: String(CACHE_BYTES),
      RESPONSE_CACHE_BYTES: String(CACHE_BYTES),
      SIGNUP_CREDITS: '100000',
      RATE_LIMIT_MAX: '100000',
      ACCOUNT_RATE_LIMIT_MAX: '100000',
    });
    try {
      assert.equal(whole.pids().length, 3, 'a primary and two workers');
      // Each worker's old space is capped (WORKER_HEAP_MB), so garbage of large answers cannot pile
      // up to V8's host-sized default in every worker (docs/performance.md, "Workers").
      for (const pid of whole.pids().slice(1))
        assert.match(readFileSync(`/proc/${pid}/cmdline`, 'utf8'), /--max-old-space-size=128\0/, `worker ${pid}`);
      const { flood } = await flooder(whole);
      await flood(WARM_UP);
      const baseline = whole.memory().rss;
      await flood(FLOOD);
      const { rss, peak } = whole.memory();
      // The primary serves nothing: its slack is not counted.
      const bound = baseline + 2 * CACHE_BYTES + 2 * BASELINE_SLACK;
      const mib = (b: number) => `${(b / MIB).toFixed(0)} MiB`;
      assert.ok(
        peak <= bound,
        `3 processes: sum of peak RSS ${mib(peak)} (now ${mib(rss)}) past ${mib(bound)}: baseline ${mib(baseline)} + caches ${mib(2 * CACHE_BYTES)} + 2 x slack ${mib(BASELINE_SLACK)}`,
      );
    } finally {
      await whole.stop();
    }
  });
});

/** Floods `service` with distinct 100-product lists, `CONCURRENCY` at a time, as one developer. */
async function flooder(service: ServiceProcess) {
  const key = (await (await newDeveloper(service.url)).key(['products:read'])).secret;
  let next = 0;
  let largest = 0;
  const flood = async (count: number) => {
    const end = next + count;
    const worker = async () => {
      while (next < end) {
        const n = ++next;
        const res = await fetch(`${service.url}/api/v1/products?limit=100&specs.stc_power_w[gte]=-${n}`, {
          headers: { authorization: `Bearer ${key}` },
        });
        const body = await res.arrayBuffer();
        assert.equal(res.status, 200);
        largest = Math.max(largest, body.byteLength);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  };
  return { flood, largest: () => largest };
}
