// The Elasticsearch bodies a search or list builds, read as what a user relies on: what is selected,
// left out, ranked first, sorted by and counted. No engine: the bodies only.
import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import { buildSearchRequest } from '../../../../src/adapters/elasticsearch/search-request';
import { filterQuery } from '../../../../src/adapters/elasticsearch/search-filters';
import {
  FACET_AGGS,
  facetsFrom,
  facetsRequest,
  sampledFacetsRequest,
  specRangesFrom,
} from '../../../../src/adapters/elasticsearch/search-aggregations';
import { TOTAL_EXACT_UP_TO } from '../../../../src/contract/query-vocabulary';
import { RANKING_RULES, rulesOf } from '../../../../src/adapters/elasticsearch/search-ranking';
import { NOMINAL_POWER_SPECS } from '../../../../src/catalog/spec-catalog';
import { SERIES } from '../../../../src/catalog/series';
import type { Mode, Relaxation } from '../../../../src/catalog/product-query';
import type { SortValue } from '../../../../src/shared/cursor';
import { createHash } from 'node:crypto';
import { productQuery, requestBodies } from './request-bodies';

/** A clause read back as JSON, the way the engine reads it. */
// oxlint-disable-next-line typescript/no-explicit-any -- any shape of the query DSL, checked by the assertions
type Clause = Record<string, any>;

const body = (mode: Mode, raw: Record<string, unknown>, relaxed?: Relaxation, after?: SortValue[]) =>
  buildSearchRequest(productQuery(mode, raw, relaxed), after, mode === 'search' && !after);
const search = (q: string, relaxed?: Relaxation) => body('search', { q }, relaxed);
const boolOf = (r: estypes.SearchRequest) => r.query!.bool!;
const asArray = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** Every clause of `query` and the clauses within it, depth first. */
function* clauses(query: unknown): Generator<Clause> {
  if (Array.isArray(query)) for (const q of query) yield* clauses(q);
  else if (typeof query === 'object' && query !== null) {
    yield query;
    for (const value of Object.values(query)) yield* clauses(value);
  }
}
const find = (query: unknown, test: (c: Clause) => boolean) => [...clauses(query)].filter(test);

/** The words-as-typed reading of a search: the `bool.should` whose first clause is the exact model. */
function wordsReadings(r: estypes.SearchRequest): Clause[][] {
  return find(r.query, (c) => c.bool?.should?.[0]?.term?.['model.keyword'] !== undefined).map((c) => c.bool.should);
}

/** The boost a words clause carries: on its field, on the clause, or the engine's default 1. */
function boostOf(clause: Clause): number {
  const [kind, inner] = Object.entries(clause)[0] as [string, Clause];
  if (typeof inner.boost === 'number') return inner.boost;
  if (kind === 'multi_match') return 1;
  return (Object.values(inner)[0] as Clause).boost ?? 1;
}

describe('Elasticsearch search bodies', () => {
  describe('ranking', () => {
    it('when a long model is typed, then every words rule scores, in the table order and with its weight', () => {
      const [literal] = wordsReadings(search('TSM-400DE09.08'));
      assert.deepEqual(
        literal.map(boostOf),
        rulesOf('words').map((rule) => rule.boost),
      );
      assert.equal(Object.keys(literal[0])[0], 'term', 'the exact model first');
      assert.ok(literal.at(-1)!.constant_score, 'words with typos forgiven last, at a flat score');
    });

    it('when the rules are read, then the exact model outranks its compact form, a prefix, and any near miss', () => {
      const weight = new Map<string, number>(RANKING_RULES.map((r) => [r.name, r.boost]));
      const w = (name: string) => weight.get(name)!;
      assert.ok(w('exact_model') > w('compact_model'));
      assert.ok(w('compact_model') > w('model_prefix'));
      assert.ok(w('model_prefix') > w('fuzzy_model'), 'no near miss outranks a true prefix');
      assert.ok(w('fuzzy_model') > w('fuzzy_words'));
      const everyWordsRule = rulesOf('words').reduce((sum, r) => sum + r.boost, 0) + w('power');
      assert.ok(w('understood') > 10 * everyWordsRule, 'the understood reading stays above any words score');
      assert.ok(w('understood') > w('nearness') && w('nearness') > w('latest_edition'));
      assert.equal(new Set(RANKING_RULES.map((r) => r.name)).size, RANKING_RULES.length, 'names are unique');
      for (const rule of RANKING_RULES) assert.ok(rule.why.length > 20, `${rule.name} says why`);
    });

    it('when a word is short or the text very long, then the fuzzy rules are left out and the exact ones stay', () => {
      const [short] = wordsReadings(search('xy'));
      assert.deepEqual(
        short.map((c) => Object.keys(c)[0]),
        ['term', 'match_phrase', 'match', 'multi_match', 'multi_match', 'constant_score'],
      );
      const long = JSON.stringify(search(`${'a'.repeat(190)} 400W`));
      assert.equal(long.match(/"fuzz(y|iness)"/g), null);
      assert.match(long, /"prefix"/);
    });

    it('when a power is typed among words, then products of that power within half a watt gain the power weight', () => {
      const r = search('400W Trina');
      const [power] = find(r.query, (c) => c.bool?.boost === 10);
      const should: Clause[] = power.bool.should;
      assert.deepEqual(
        should.map((c) => Object.keys(c.range)[0]),
        NOMINAL_POWER_SPECS.map((s) => `specs.${s}`),
      );
      assert.deepEqual(Object.values(should[0].range)[0], { gte: 399.5, lt: 400.5 });
    });

    it('when words are understood, then products meeting every part are selected and lifted above the words as typed', () => {
      const r = search('Trina module over 600W');
      const [understood] = find(r.query, (c) => c.bool?.filter?.length > 0);
      const bool = understood.bool as Clause;
      assert.deepEqual(bool.filter, [
        { terms: { category: ['pv-module'] } },
        { terms: { company_match: ['trina-solar'] } },
        { range: { 'specs.stc_power_w': { gt: 600 } } },
      ]);
      assert.deepEqual(bool.should[0], { constant_score: { filter: { match_all: {} }, boost: 5000 } });
    });

    it('when nothing met every part, then loosened to parts each part only scores: category and company 40, a value 20', () => {
      const [parts] = find(
        search('Trina module over 600W', 'parts').query,
        (c) => c.bool?.should?.[0]?.constant_score !== undefined,
      );
      const bool = parts.bool as Clause;
      assert.deepEqual(
        (bool.should as Clause[]).slice(0, 3).map((c) => [c.constant_score.filter, c.constant_score.boost]),
        [
          [{ terms: { category: ['pv-module'] } }, 40],
          [{ terms: { company_match: ['trina-solar'] } }, 40],
          [{ range: { 'specs.stc_power_w': { gt: 600 } } }, 20],
        ],
      );
      assert.equal(bool.filter, undefined, 'nothing is required but one part');
    });

    it('when a series and its kW are typed, then the products the series table puts in it, within the tolerance', () => {
      const text = JSON.stringify(search('SMA Sunny Boy 7.7'));
      assert.ok(text.includes('{"terms":{"series.id":["sma-sunny-boy"]}}'), text);
      assert.ok(
        text.includes('{"range":{"specs.ac_power_w":{"gte":7546}}},{"range":{"specs.ac_power_w":{"lte":7854}}}'),
      );
    });
  });

  describe('filters and exclusions', () => {
    it('when a company is excluded, then its products are a must_not on company_match, whichever reading matched', () => {
      const bool = boolOf(search('inverter without SMA'));
      assert.deepEqual(bool.must_not, [{ terms: { company_match: ['sma-america', 'sma-solar-technology'] } }]);
      assert.deepEqual(bool.filter, [], 'left out, not filtered in');
    });

    it('when a value is excluded, then it is a must_not on that spec', () => {
      assert.deepEqual(boolOf(search('Jinko modules not bifacial')).must_not, [
        { terms: { 'specs.bifacial': [true] } },
      ]);
    });

    it('when ranges are given with units, then each bound is a range in the spec unit; integers clamped to 32 bits', () => {
      const filter = asArray(
        boolOf(
          body('list', {
            'specs.stc_power_w[gte]': '0.4kW',
            'specs.cells_in_series[lte]': '1e99',
            'nominal_power_w[lt]': '5 kW',
          }),
        ).filter,
      );
      assert.deepEqual(filter[0], { range: { 'specs.stc_power_w': { gte: 400 } } });
      assert.deepEqual(filter[1], { range: { 'specs.cells_in_series': { lte: 2 ** 31 - 1 } } });
      assert.deepEqual(filter[2], {
        bool: {
          should: NOMINAL_POWER_SPECS.map((s) => ({ range: { [`specs.${s}`]: { lt: 5000 } } })),
          minimum_should_match: 1,
        },
      });
    });

    it('when categories, companies, series, quality, edition and values are given, then each is a filter on its field', () => {
      const filter = boolOf(
        body('list', {
          category: ['pv-module'],
          manufacturer: ['Trina'],
          series: ['sma-sunny-boy'],
          quality: ['complete'],
          in_latest_edition: false,
          'specs.technology': ['Mono-c-Si'],
        }),
      ).filter;
      assert.deepEqual(filter, [
        { terms: { category: ['pv-module'] } },
        { terms: { company_match: ['trina'] } },
        { terms: { 'series.id': ['sma-sunny-boy'] } },
        { terms: { 'quality.status': ['complete'] } },
        { term: { 'listing.in_latest_edition': false } },
        { terms: { 'specs.technology': ['mono-c-si'] } },
      ]);
    });

    it('when an export resumes after an id, then it selects ids after it; with no filter, everything', () => {
      assert.deepEqual(filterQuery({ category: 'inverter', afterId: 'inv-x' }), {
        bool: { filter: [{ term: { category: 'inverter' } }, { range: { id: { gt: 'inv-x' } } }] },
      });
      assert.deepEqual(filterQuery({}), { match_all: {} });
    });
  });

  describe('pages, order and facets', () => {
    it('when a list has no sort, then by model, then id; one hit more than the page; no facets', () => {
      const r = body('list', { limit: 5 });
      assert.equal(r.size, 6);
      assert.deepEqual(r.query, { match_all: {} });
      assert.deepEqual(r.sort, [{ 'model.keyword': { order: 'asc', missing: '_last' } }, { id: { order: 'asc' } }]);
      assert.equal(r.aggs, undefined);
    });

    it('when a superlative is typed, then sorted by its spec; a sort sent with the request wins', () => {
      assert.deepEqual(search('most efficient 400W module').sort, [
        { 'specs.module_efficiency_pct': { order: 'desc', missing: '_last', unmapped_type: 'double' } },
        { id: { order: 'asc' } },
      ]);
      assert.deepEqual(body('search', { q: 'most efficient 400W module', sort: ['id'] }).sort, [
        { id: { order: 'asc', missing: '_last' } },
      ]);
    });

    it('when a search pages on, then it resumes after the cursor values and counts no facets again', () => {
      const r = body('search', { q: 'trina' }, undefined, [12.5, 'pvm-x']);
      assert.deepEqual(r.search_after, [12.5, 'pvm-x']);
      assert.equal(r.aggs, undefined);
      assert.deepEqual(r.sort, [{ _score: { order: 'desc' } }, { id: { order: 'asc' } }]);
    });

    it('when a first search page is asked, then categories and companies are counted, a company with its name', () => {
      const aggs = search('trina').aggs!;
      assert.deepEqual(aggs.category, { terms: { field: 'category', size: 10 } });
      assert.deepEqual(aggs.manufacturer, {
        terms: { field: 'company.id', size: 25 },
        aggs: { name: { terms: { field: 'company.name', size: 1 } } },
      });
      assert.deepEqual(aggs.series, { terms: { field: 'series.id', size: SERIES.length } });
      const facets = facetsFrom({
        category: { buckets: [{ key: 'pv-module', doc_count: 7 }] },
        manufacturer: {
          buckets: [
            { key: 'trina-solar', doc_count: 5, name: { buckets: [{ key: 'Trina Solar', doc_count: 5 }] } },
            { key: 'nameless', doc_count: 2 },
          ],
        },
        series: { buckets: [{ key: 'sma-sunny-boy', doc_count: 3 }] },
        group: {
          buckets: [
            { key: 'trina-solar-group', doc_count: 6, name: { buckets: [{ key: 'Trina Solar', doc_count: 6 }] } },
          ],
        },
      });
      assert.deepEqual(facets, {
        exact: true,
        category: [{ value: 'pv-module', count: 7 }],
        manufacturer: [
          { value: 'Trina Solar', id: 'trina-solar', count: 5 },
          { value: 'nameless', id: 'nameless', count: 2 },
        ],
        series: [{ value: 'SMA Sunny Boy', id: 'sma-sunny-boy', count: 3 }],
        // A group counts its members' matches, beside each member's own row.
        group: [{ value: 'Trina Solar', id: 'trina-solar-group', count: 6 }],
      });
    });

    it('when a broad query is counted, then its total stops at the bound and its facets may come from a seeded sample', () => {
      assert.equal(search('trina').track_total_hits, TOTAL_EXACT_UP_TO);
      // Where the facets are never sampled (a small index), every match is counted: the total is as exact as they are.
      assert.equal(buildSearchRequest(productQuery('list', {}), undefined, false, true).track_total_hits, true);
      const query = { term: { category: 'pv-module' } };
      assert.deepEqual(facetsRequest(query), { size: 0, track_total_hits: false, query, aggs: FACET_AGGS });
      const sampled = sampledFacetsRequest(query, 0.03);
      assert.deepEqual(sampled.aggs.sample.random_sampler, { probability: 0.03, seed: 1 });
      assert.equal(sampled.aggs.sample.aggs, FACET_AGGS);
      const counted = { category: { buckets: [{ key: 'pv-module', doc_count: 400000 }] } };
      // The sampled answer is read from under the sampler and says it is an estimate.
      assert.deepEqual(facetsFrom({ sample: counted }), { ...facetsFrom(counted), exact: false });
      assert.equal(facetsFrom(counted).exact, true);
    });

    it("when a category's spec ranges are read, then specs no product has are left out", () => {
      assert.deepEqual(
        specRangesFrom({
          stc_power_w: { min: 5, max: 700, count: 9 },
          bifacial_factor: { min: null, max: null, count: 0 },
        }),
        { stc_power_w: { min: 5, max: 700, count: 9 } },
      );
    });
  });

  it('when the adapter is refactored, then the bodies of a spread of 44 requests stay byte for byte the same', () => {
    // A change meant to change ranking or selection changes this fingerprint: measure it with
    // `npm run relevance`, then take the new one (a diff of the bodies before and after shows what moved:
    // `node dist/test/unit/adapters/elasticsearch/request-bodies.js`).
    const fingerprint = createHash('sha256').update(JSON.stringify(requestBodies())).digest('hex').slice(0, 16);
    assert.equal(fingerprint, '0f245e838f67d24e');
  });
});
