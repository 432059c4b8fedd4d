// The bodies of a page grouped by series (series-rows.ts), read as what a user relies on: every line
// counted exactly, its best variant picked in the page's own order, the page's scores untouched by
// the narrowing to rows, and the answer read back per line. No engine: the bodies only.
import assert from 'node:assert/strict';
import { buildSearchRequest } from '../../../../src/adapters/elasticsearch/search-request';
import { linesFrom, linesRequest, rowsOnly } from '../../../../src/adapters/elasticsearch/series-rows';
import { SERIES } from '../../../../src/catalog/series';
import { productQuery } from './request-bodies';

describe('Elasticsearch bodies of a page grouped by series', () => {
  const query = { ...productQuery('search', { q: 'SMA inverter 5kW' }), groupBy: 'series' as const };

  it('when the lines are asked, then each line of the table gets a bucket, its best variant in the page order and the span of each range spec', () => {
    const page = buildSearchRequest(query, undefined, false, true);
    const lines = linesRequest(query, true);
    assert.equal(lines.size, 0);
    assert.equal(lines.track_total_hits, true);
    assert.deepEqual(lines.query, page.query, 'the same matches as the page');
    const terms = lines.aggs!.lines;
    assert.deepEqual(terms.terms, { field: 'series.id', size: SERIES.length });
    assert.deepEqual(terms.aggs!.best.top_hits, { size: 1, sort: page.sort, _source: false });
    // "5kW" of an inverter bounds its AC power: the span read is that one alone.
    assert.deepEqual(
      Object.keys(terms.aggs!).filter((k) => k.startsWith('span_')),
      ['span_ac_power_w'],
    );
    assert.deepEqual(terms.aggs!.span_ac_power_w, { stats: { field: 'specs.ac_power_w' } });
    // Without a category, a power is any category's nominal one: each category's own spec is read.
    const any = linesRequest({ ...productQuery('search', { q: 'SMA 5kW' }), groupBy: 'series' }, true);
    const spans = Object.keys(any.aggs!.lines.aggs!).filter((k) => k.startsWith('span_'));
    assert.ok(spans.includes('span_stc_power_w') && spans.includes('span_ac_power_w'), spans.join());
  });

  it('when the page is narrowed to rows, then it keeps its query as the only scoring clause, its sort and cursor', () => {
    const page = buildSearchRequest(query, [3.2, 'x'], false, true);
    const rows = rowsOnly(page, ['best-a', 'best-b']);
    assert.deepEqual(rows.query!.bool!.must, [page.query]);
    assert.deepEqual(rows.query!.bool!.filter, [
      {
        bool: {
          should: [
            { bool: { must_not: [{ exists: { field: 'series.id' } }] } },
            { ids: { values: ['best-a', 'best-b'] } },
          ],
          minimum_should_match: 1,
        },
      },
    ]);
    assert.deepEqual([rows.sort, rows.search_after, rows.size], [page.sort, page.search_after, page.size]);
  });

  it('when the lines come back, then each gives its count, its spans where a variant has the spec, and its best id', () => {
    const read = linesFrom({
      lines: {
        buckets: [
          {
            key: 'sma-sunny-boy',
            doc_count: 12,
            best: { hits: { hits: [{ _id: 'sb5-0' }] } },
            span_ac_power_w: { count: 12, min: 3000, max: 7700 },
            span_stc_power_w: { count: 0, min: null, max: null },
          },
        ],
      },
    });
    assert.deepEqual(read, {
      best: ['sb5-0'],
      bySeries: { 'sma-sunny-boy': { count: 12, specs: { ac_power_w: { min: 3000, max: 7700 } } } },
    });
  });
});
