// One row per series (issue 57 item 5) on the complete real data: a search or list asked with
// `group_by=series` answers each product line once, as its best-ranked variant, with how many of its
// variants match and the range they span; every product in no line stays a row of its own. Judged
// against the same query ungrouped (which products match, in which order) and the products' own
// records as MongoDB holds them (the values a range must span), never by asking the grouped search.
import assert from 'node:assert/strict';
import { call, callUnchecked } from '../helpers/contract';
import { readApi } from '../helpers/read-api';
import type { ProductDoc } from '../../src/catalog/product.types';

type Row = {
  id: string;
  category: string;
  series?: { id: string };
  group?: {
    by: string;
    series?: { id: string; name: string };
    variants: number;
    range?: { spec: string; unit: string | null; min: number; max: number };
  };
};
type Query = Record<string, string | number | string[]>;
type Meta = {
  total: number;
  total_relation: string;
  next_cursor?: string;
  groups?: { by: string; total: number; total_relation: string; series: number };
};

describe('search: one row per series (complete CEC, Sandia and hplib data)', function () {
  const api = readApi(this);
  let records: Map<string, ProductDoc>;
  before(() => {
    records = new Map(api.products.map((p) => [p._id, p]));
  });

  /** Every page of `query`, walked with its cursor: the rows in order and the first page's meta. */
  async function walk(operation: 'searchProducts' | 'listProducts', query: Query) {
    const token = operation === 'searchProducts' ? api.searchKey : api.key;
    const rows: Row[] = [];
    let first: Meta | undefined;
    let pages = 0;
    for (let cursor: string | undefined; ;) {
      const res = await call(api.server.url, operation, { token, query: { ...query, ...(cursor ? { cursor } : {}) } });
      assert.equal(res.status, 200, res.text);
      rows.push(...(res.body.data as Row[]));
      first ??= res.body.meta as Meta;
      pages++;
      cursor = (res.body.meta as Meta).next_cursor;
      if (!cursor) return { rows, meta: first, pages };
    }
  }

  /**
   * Walks `query` grouped (small pages, so the cursor is used) and ungrouped, and checks the rows:
   * exactly the ungrouped matches in no series plus each series' first (best-ranked) match, in the
   * ungrouped order, no series twice; each series row counting its matching variants and spanning
   * their `spec` values as their own records hold them. Returns the grouped rows.
   */
  async function checkGrouped(operation: 'searchProducts' | 'listProducts', query: Query, spec: string) {
    const plain = await walk(operation, { ...query, limit: 100 });
    const grouped = await walk(operation, { ...query, group_by: 'series', limit: 7 });
    assert.ok(grouped.pages > 1, 'the grouped rows take several pages');
    const members = new Map<string, Row[]>();
    for (const p of plain.rows) if (p.series) members.set(p.series.id, [...(members.get(p.series.id) ?? []), p]);
    const expected = plain.rows.filter((p) => !p.series || members.get(p.series.id)![0].id === p.id).map((p) => p.id);
    const ids = grouped.rows.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length, 'no row is repeated across pages');
    assert.deepEqual(ids, expected, 'one row per series (its best-ranked variant) and per product in none, in order');
    const lines = grouped.rows.filter((r) => r.group?.series).map((r) => r.group!.series!.id);
    assert.equal(new Set(lines).size, lines.length, 'no series is two rows');
    assert.deepEqual(
      { total: grouped.meta.total, groups: grouped.meta.groups },
      {
        total: plain.meta.total,
        groups: { by: 'series', total: ids.length, total_relation: 'eq', series: members.size },
      },
    );
    for (const row of grouped.rows) {
      const line = row.series?.id;
      const variants = line ? members.get(line)! : [row];
      assert.equal(row.group?.by, 'series');
      assert.equal(row.group.series?.id, line, `${row.id}: the row names its series, or none`);
      assert.equal(row.group.variants, variants.length, `${row.id}: every matching variant counted`);
      const values = variants
        .map((v) => records.get(v.id)!.specs[spec])
        .filter((v): v is number => typeof v === 'number');
      if (values.length === 0) assert.equal(row.group.range, undefined, `${row.id}: no value, no range`);
      else
        assert.deepEqual(
          row.group.range,
          { spec, unit: 'W', min: Math.min(...values), max: Math.max(...values) },
          `${row.id}: the range spans every matching variant's own ${spec}`,
        );
    }
    return grouped.rows;
  }

  it('when "Canadian Solar 400W module" is searched with group_by=series, then each row stands for its variants with the STC power they span', async () => {
    // No line of the series table is a Canadian Solar module's: each match is a row of its own.
    const rows = await checkGrouped('searchProducts', { q: 'Canadian Solar 400W module' }, 'stc_power_w');
    assert.ok(rows.length > 7 && rows.every((r) => r.category === 'pv-module'));
  });

  it('when "SMA inverter" is searched with group_by=series, then Sunny Boy and Sunny Tripower are one row each, spanning their AC power', async () => {
    const rows = await checkGrouped('searchProducts', { q: 'SMA inverter' }, 'ac_power_w');
    const lines = rows.filter((r) => r.group?.series).map((r) => r.group!.series!.name);
    assert.deepEqual(lines.sort(), ['SMA Sunny Boy', 'SMA Sunny Tripower']);
    const boy = rows.find((r) => r.group?.series?.id === 'sma-sunny-boy')!;
    assert.ok(boy.group!.variants > 100, 'the Sunny Boy row stands for its many variants');
  });

  it('when products are listed with group_by=series, a filter and a sort by power, then the rows span the filtered spec, the most powerful variant first', async () => {
    const query = {
      manufacturer: ['SMA'],
      category: ['inverter'],
      'specs.ac_power_w[lte]': '30kW',
      sort: ['-specs.ac_power_w'],
    };
    const rows = await checkGrouped('listProducts', query, 'ac_power_w');
    const boy = rows.find((r) => r.group?.series?.id === 'sma-sunny-boy')!;
    assert.equal(records.get(boy.id)!.specs.ac_power_w, boy.group!.range!.max, 'the row is its most powerful variant');
  });

  it('when group_by names no grouping, then a 400 problem names the parameter and nothing is charged', async () => {
    const before = await call(api.server.url, 'searchProducts', {
      token: api.searchKey,
      query: { q: 'SMA', limit: 1 },
    });
    const balance = Number(before.headers.get('x-quota-balance'));
    for (const value of ['model', 'SERIES', '']) {
      const res = await callUnchecked(api.server.url, 'searchProducts', {
        token: api.searchKey,
        query: { q: 'SMA', group_by: value },
      });
      assert.equal(res.status, 400, value);
      assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/);
      assert.deepEqual(
        res.body.errors.map((e: { name: string }) => e.name),
        ['group_by'],
      );
      assert.match(res.body.errors[0].message, /series/, 'the message names what group_by takes');
    }
    const after = await call(api.server.url, 'searchProducts', { token: api.searchKey, query: { q: 'SMA', limit: 1 } });
    assert.equal(Number(after.headers.get('x-quota-balance')), balance - 2, 'only the second search was charged');
  });

  it('when a grouped cursor is sent without group_by, then it is refused as a cursor of another query', async () => {
    const grouped = await call(api.server.url, 'searchProducts', {
      token: api.searchKey,
      query: { q: 'SMA inverter', group_by: 'series', limit: 5 },
    });
    const cursor = grouped.body.meta.next_cursor as string;
    const res = await callUnchecked(api.server.url, 'searchProducts', {
      token: api.searchKey,
      query: { q: 'SMA inverter', limit: 5, cursor },
    });
    assert.equal(res.status, 400);
  });
});
