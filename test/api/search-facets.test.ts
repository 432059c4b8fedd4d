// Search facets and later pages on the complete real data set.
import assert from 'node:assert/strict';
import { call } from '../helpers/contract';
import { readApi } from '../helpers/read-api';

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
      assert.equal(narrowed.body.meta.total, facet.count, facet.value);
    }
    const byCategory = await call(api.server.url, 'searchProducts', {
      token: api.searchKey,
      query: { q: 'solar', category: category[0].value, limit: 1 },
    });
    assert.equal(byCategory.body.meta.total, category[0].count);
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
});
