// Memory under a flood of distinct queries: the two in-memory caches hold at most what they are
// configured to hold, so the process stays within those bounds plus a stated baseline, however
// many different answers it is asked for. Measured on the real process (its VmHWM), not on what the
// caches believe they hold.
import assert from 'node:assert/strict';
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

  before(async () => {
    catalog = await openCatalog();
    await catalog.seed(writeSources());
    // Synthetic copies of the fixture's products, so every list page holds 100 modules with all their specs.
    const es = createEsClient(ELASTICSEARCH_URL, 120000);
    const synthetic = new IndexAdmin(es, `${catalog.alias}-synthetic`, INDEX_LAYOUT);
    await buildSynthetic({ real: () => catalog.index.documents<SearchDocument>(), index: synthetic }, 3000);
    await es.close();
    service = await startServiceProcess({
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
    await flood(WARM_UP);
    const baseline = service.memory().rss;
    await flood(FLOOD);
    const { rss, peak } = service.memory();
    const bound = baseline + 2 * CACHE_BYTES + BASELINE_SLACK;
    const mib = (b: number) => `${(b / MIB).toFixed(0)} MiB`;
    // The flood's answers add up to several times both caches.
    assert.ok(largest * FLOOD > 5 * 2 * CACHE_BYTES, `answers of ${largest} bytes`);
    assert.ok(
      peak <= bound,
      `peak RSS ${mib(peak)} (now ${mib(rss)}) past the bound ${mib(bound)}: baseline ${mib(baseline)} + caches ${mib(2 * CACHE_BYTES)} + slack ${mib(BASELINE_SLACK)}`,
    );
  });
});
