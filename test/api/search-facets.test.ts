// Search facets and later pages on the complete real data set.
import assert from 'node:assert/strict';
import { call } from '../helpers/contract';
import { readApi } from '../helpers/read-api';
import { counted, countedAs } from '../helpers/totals';
import { ELASTICSEARCH_URL } from '../helpers/engines';
import { createEsClient } from '../../src/adapters/elasticsearch/client';
import { ProductIndex } from '../../src/adapters/elasticsearch/product-index';
import { IndexGeneration } from '../../src/adapters/elasticsearch/index-generation';
import { parseProductQuery } from '../../src/search/product-query-parser';
import { TOTAL_EXACT_UP_TO } from '../../src/contract/query-vocabulary';
import type { ProductQuery } from '../../src/catalog/product-query';

describe('search: facets and pages (complete CEC, Sandia and hplib data)', function () {
  const api = readApi(this);

  it('when a search result is narrowed by a facet, then the total is what the facet counted', async () => {
    const first = await call(api.server.url, 'searchProducts', {
      token: api.searchKey,
      query: { q: 'solar', limit: 1 },
    });
    const { manufacturer, category } = first.body.meta.facets;
    for (const facet of [manufacturer[0], manufacturer[3]]) {
      const narrowed = await call(api.server.url, 'searchProducts', {
        token: api.searchKey,
        query: { q: 'solar', manufacturer: facet.value, limit: 1 },
      });
      assert.deepEqual(counted(narrowed.body.meta), countedAs(facet.count), facet.value);
    }
    const byCategory = await call(api.server.url, 'searchProducts', {
      token: api.searchKey,
      query: { q: 'solar', category: category[0].value, limit: 1 },
    });
    assert.deepEqual(counted(byCategory.body.meta), countedAs(category[0].count));
    const stats = byCategory.body.meta.facets.specs ?? {};
    assert.ok(
      Object.keys(stats).length >= 5,
      `one category selected: min/max per numeric spec (${Object.keys(stats).join(', ')})`,
    );
    for (const [spec, s] of Object.entries<{ min: number; max: number; count: number }>(stats)) {
      assert.ok(s.count > 0 && s.min <= s.max, `${spec}: ${JSON.stringify(s)}`);
    }
  });

  it('when one category is selected, then the spec ranges are those of the whole category, whatever the words narrow', async () => {
    const search = (q: string) =>
      call(api.server.url, 'searchProducts', { token: api.searchKey, query: { q, category: ['pv-module'], limit: 1 } });
    const [mono, bifacial] = [await search('mono'), await search('bifacial')];
    assert.notEqual(mono.body.meta.total, bifacial.body.meta.total, 'the words select different products');
    const ranges = mono.body.meta.facets.specs;
    assert.deepEqual(bifacial.body.meta.facets.specs, ranges);
    // The ends and counts are the category's own, read from its products.
    const modules = api.products.filter((p) => p.category === 'pv-module');
    const powers = modules.map((p) => p.specs.stc_power_w).filter((w): w is number => typeof w === 'number');
    assert.deepEqual(ranges.stc_power_w, {
      min: Math.min(...powers),
      max: Math.max(...powers),
      count: powers.length,
    });
  });

  it('when a later page of a search is asked, then it carries no facets and does not repeat the first', async () => {
    const first = await call(api.server.url, 'searchProducts', {
      token: api.searchKey,
      query: { q: 'trina', limit: 20, fields: ['id'] },
    });
    const second = await call(api.server.url, 'searchProducts', {
      token: api.searchKey,
      query: { q: 'trina', limit: 20, fields: ['id'], cursor: first.body.meta.next_cursor },
    });
    assert.equal(second.body.meta.facets, undefined);
    const ids = new Set(first.body.data.map((d: any) => d.id));
    assert.ok(second.body.data.every((d: any) => !ids.has(d.id)));
  });

  it('when a search matches more than the counted bound on an index whose facets are exact, then the total is exact too, as the facets', async () => {
    const modules = api.products.filter((p) => p.category === 'pv-module').length;
    assert.ok(modules > TOTAL_EXACT_UP_TO, `${modules} modules`);
    const res = await call(api.server.url, 'searchProducts', {
      token: api.searchKey,
      query: { q: 'module', category: ['pv-module'], limit: 1 },
    });
    assert.deepEqual(counted(res.body.meta), countedAs(modules));
    // Under twice FACET_SAMPLE_TARGET products the index is counted whole, bound or not.
    assert.equal(res.body.meta.facets.exact, true);
    assert.deepEqual(res.body.meta.facets.category, [{ value: 'pv-module', count: modules }]);
  });

  it("when the index is large for its sample target, then a broad query's facets are a seeded estimate and a narrow one's exact", async () => {
    const es = createEsClient(ELASTICSEARCH_URL, 60000);
    // A target of 2,000 over this catalog samples at about 4.6%: what a catalog 12 times this size gets by default.
    const index = new ProductIndex({
      es,
      alias: api.catalog.alias,
      generation: new IndexGeneration(es, api.catalog.alias, 1000),
      cacheLimits: { maxBytes: 0, maxEntries: 0 },
      facetSampleTarget: 2000,
    });
    // Every module, or those whose text says `q`.
    const query = (q?: string): ProductQuery => parseProductQuery('search', { category: ['pv-module'], limit: 1, q });
    try {
      const modules = api.products.filter((p) => p.category === 'pv-module').length;
      const broad = await index.find(query(), undefined, true);
      assert.equal(broad.totalRelation, 'gte');
      assert.equal(broad.facets?.exact, false);
      const estimate = broad.facets?.category[0].count;
      assert.ok(Math.abs(estimate - modules) / modules < 0.1, `${estimate} estimated for ${modules}`);
      assert.deepEqual((await index.find(query(), undefined, true)).facets, broad.facets, 'seeded: the same counts');
      const narrow = await index.find(query('trina'), undefined, true);
      assert.equal(narrow.totalRelation, 'eq');
      assert.equal(narrow.facets?.exact, true);
      assert.equal(narrow.facets?.category[0].count, narrow.total);
    } finally {
      await es.close();
    }
  });
});
