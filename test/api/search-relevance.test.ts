// Search relevance on the complete real data set: model strings and part numbers as people type them,
// typos, empty answers with suggestions, and the relevance query set (bench/relevance/).
import assert from 'node:assert/strict';
import { call } from '../helpers/contract';
import { compactModel } from '../../src/catalog/search-document';
import {
  buildQuerySet,
  KINDS,
  oneTypo,
  editDistance,
  rankOf,
  seeded,
  summarize,
  TARGETS,
  type Hit,
} from '../../bench/relevance/query-set';
import { readApi } from '../helpers/read-api';

describe('search: relevance on model strings (complete CEC, Sandia and hplib data)', function () {
  const api = readApi(this);

  it('when models only the newer lists carry are searched exactly, then they lead', async () => {
    for (const q of ['MSE455HT2B', 'VSUN390-72M-BW', 'X1-P6K-US']) {
      const res = await call(api.server.url, 'searchProducts', { token: api.searchKey, query: { q, limit: 3 } });
      assert.equal(res.status, 200);
      assert.ok(res.body.data.length > 0, q);
      assert.ok(
        compactModel(res.body.data[0].model).includes(compactModel(q)),
        `${q}: ${JSON.stringify(res.body.data.map((d: any) => d.model))}`,
      );
      assert.deepEqual(res.body.data[0].listing, { in_latest_edition: true, last_edition: '2024-11-14' });
    }
    // New since 2019: the 2022 module edition lists many of the 2024 list's models first.
    const onlyNew = api.products
      .filter((p) => p.listing.editions.every((e) => e.edition !== '2019-03-05'))
      .filter((_, i) => i % 1000 === 3);
    assert.ok(onlyNew.length >= 10);
    for (const p of onlyNew) {
      const res = await call(api.server.url, 'searchProducts', {
        token: api.searchKey,
        query: { q: p.model, limit: 3, fields: ['id'] },
      });
      assert.ok(
        res.body.data.some((d: any) => d.id === p._id),
        `${p.model} (${p._id}) not in ${JSON.stringify(res.body.data)}`,
      );
    }
  });

  it('when a real model string is searched, then that product is in the top 3, or among the products of exactly that model when more share it', async () => {
    const sample = api.products.filter((_, i) => i % 2000 === 7);
    for (const product of sample) {
      // Four inverters are model SWR2500U (two makers, two voltages): all are equally exact matches.
      const same = api.products.filter((p) => compactModel(p.model) === compactModel(product.model)).length;
      const res = await call(api.server.url, 'searchProducts', {
        token: api.searchKey,
        query: { q: product.model, limit: Math.max(3, same), fields: ['id'] },
      });
      assert.equal(res.status, 200);
      assert.ok(
        res.body.data.some((d: any) => d.id === product._id),
        `${product.model} (${product._id}) not in ${JSON.stringify(res.body.data)}`,
      );
    }
  });

  it('when searching part numbers the way people type them, then the right products lead', async () => {
    for (const [q, expected] of [
      ['SUN2000-5KTL', /^SUN2000-5KTL/],
      ['Q.PEAK DUO', /^Q\.PEAK DUO/],
      ['qpeak duo g5', /^Q\.PEAK DUO-G5/],
      ['TSM-320PD14', /^TSM-320PD14/],
    ] as const) {
      const res = await call(api.server.url, 'searchProducts', {
        token: api.searchKey,
        query: { q, limit: 3, fields: ['model'] },
      });
      assert.ok(res.body.data.length > 0, q);
      for (const d of res.body.data) assert.match(d.model, expected, q);
    }
  });

  it('when a model is typed with one character wrong, then it is found in the top 3, and a typo that names another real model finds that one first', async () => {
    const rnd = seeded(7);
    const sample = api.products.filter((p, i) => i % 1500 === 11 && compactModel(p.model).length >= 5);
    const models = new Set(api.products.map((p) => p.model));
    let found = 0;
    for (const product of sample) {
      const q = oneTypo(product.model, rnd);
      const res = await call(api.server.url, 'searchProducts', {
        token: api.searchKey,
        query: { q, limit: 3, fields: ['id', 'model'] },
      });
      const hits = res.body.data as { id: string; model: string }[];
      // A typo as near to other real models as to this one (`CNPV-20M`: one edit from CNPV-200M,
      // -205M and -250M alike) names none of them in particular: an answer of such models, each one
      // edit or less from the query, is as right as the target would be.
      const nearest = (m: string) => editDistance(compactModel(m), compactModel(q)) <= 1;
      if (hits.some((d) => d.id === product._id || d.model === product.model)) found += 1;
      else if (hits.length > 0 && hits.every((d) => nearest(d.model))) found += 1;
      if (models.has(q)) assert.equal(res.body.data[0].model, q, 'an exact model always ranks first');
    }
    assert.ok(sample.length >= 10 && found / sample.length >= 0.9, `${found} of ${sample.length} found`);
    const exactOther = await call(api.server.url, 'searchProducts', {
      token: api.searchKey,
      query: { q: 'TSM-295PA14', limit: 3, fields: ['model'] },
    });
    assert.equal(exactOther.body.data[0].model, 'TSM-295PA14');
  });

  it('when nothing matches, then 200 with an empty page and suggestions spelled as in the data, each of which finds products', async () => {
    const res = await call(api.server.url, 'searchProducts', {
      token: api.searchKey,
      query: { q: 'Q.PEAK DUX-G5', limit: 3, fields: ['model'] },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, []);
    assert.equal(res.body.meta.total, 0);
    assert.ok(res.body.meta.suggestions.length > 0, 'suggestions for a near miss');
    for (const q of res.body.meta.suggestions) {
      const retry = await call(api.server.url, 'searchProducts', {
        token: api.searchKey,
        query: { q, limit: 1, fields: ['model'] },
      });
      assert.ok(retry.body.meta.total > 0, `suggestion '${q}' finds products`);
    }
    const nonsense = await call(api.server.url, 'searchProducts', {
      token: api.searchKey,
      query: { q: 'zzqxv', limit: 3 },
    });
    assert.deepEqual(nonsense.body.meta.suggestions, []);
    const found = await call(api.server.url, 'searchProducts', {
      token: api.searchKey,
      query: { q: 'Q.PEAK DUO-G5', limit: 3 },
    });
    assert.equal(found.body.meta.suggestions, undefined, 'a search that finds something carries no suggestions');
  });

  it('when the relevance query set (40 real products per way of typing) is searched, then every stated target holds', async () => {
    const targets = api.products.map((p) => ({
      id: p._id,
      model: p.model,
      manufacturer: p.manufacturer,
      category: p.category,
      stc_power_w: p.specs.stc_power_w as number | undefined,
    }));
    const cases = buildQuerySet(targets, 40);
    const ranks: number[] = [];
    for (const c of cases) {
      const res = await call(api.server.url, 'searchProducts', {
        token: api.searchKey,
        query: { q: c.q, limit: 10, fields: ['id', 'model', 'manufacturer', 'category', 'specs.stc_power_w'] },
      });
      ranks.push(rankOf(c, res.body.data as Hit[]));
    }
    const report = summarize(cases, ranks);
    assert.equal(report.length, KINDS.length, 'every kind was measured');
    for (const r of report) {
      const t = TARGETS[r.kind];
      if (!t) continue;
      const reached = { 1: r.at1, 3: r.at3, 10: r.at10 }[t.at];
      assert.ok(
        reached >= t.min,
        `${r.kind}: ${(reached * 100).toFixed(1)}% @${t.at}, target ${t.min * 100}%; missed ${r.misses.join('; ')}`,
      );
    }
  });
});
