// Builds the Elasticsearch request for a collection page and reads its facets back. Pure: the same
// functions serve the API, their unit tests and the benchmark that replays the exact bodies against
// raw Elasticsearch.
import { NUMERIC_SPECS } from '../../contract/query-vocabulary';
import { NOMINAL_POWER_SPECS, SPECS, type SpecName } from '../../catalog/spec-catalog';
import { compactModel, modelParts } from '../../catalog/search-document';
import {
  NOMINAL_POWER,
  type Facets,
  type ProductFilter,
  type ProductQuery,
  type Range,
  type SpecRanges,
  type SpecValues,
  type Understood,
} from '../../catalog/product-query';
import type { SortValue } from '../../shared/cursor';

const SORT_FIELD: Record<string, string> = {
  model: 'model.keyword',
  manufacturer: 'manufacturer.keyword',
  category: 'category',
  id: 'id',
};
const SUMMARY_SOURCE = [
  'id',
  'model',
  'manufacturer',
  'company',
  'made_by',
  'category',
  'variant',
  'aliases',
  'specs',
  'quality',
  'listing',
];

/** A power written as people do in a search box: "400W", "400 w", "5kW", "5.5 kw". */
const POWER = /(?:^|\s)(\d+(?:\.\d+)?)\s?(k?w)(?=\s|$)/i;

/**
 * Relevance for equipment names: an exact model first (as typed or without punctuation), then
 * part-number prefixes, phrases, all words anywhere; below all of them, the same text with typos
 * forgiven. A mistyped model that names another real product finds that product and its variants
 * first (an exact match), then the models one edit away, closer before farther. Words of fewer than 4 characters and compact
 * forms of fewer than 5 are never fuzzy: at that length one edit names too many other products.
 * A power in the text ("400W Trina") ranks products of that power first among the other words' matches.
 */
function literalQuery(q: string) {
  const power = POWER.exec(q);
  if (!power) return wordsQuery(q);
  // Two readings, the better one counts: the text as typed (a model such as "EP156P/72-300W" names
  // its power), or the other words plus a product of that power.
  const watts = Number(power[1]) * (power[2].toLowerCase() === 'kw' ? 1000 : 1);
  const words = q.replace(power[0], ' ').trim();
  const ofThatPower = {
    bool: {
      should: NOMINAL_POWER_SPECS.map((spec) => ({
        range: { [`specs.${spec}`]: { gte: watts - 0.5, lt: watts + 0.5 } },
      })),
      minimum_should_match: 1,
      boost: 10,
    },
  };
  const powerReading = words ? { bool: { must: [wordsQuery(words), ofThatPower] } } : ofThatPower;
  return { bool: { should: [wordsQuery(q), powerReading], minimum_should_match: 1 } };
}

/**
 * Typo tolerance stops at lengths no model or word of the catalog reaches (models run to about 30
 * characters without punctuation): a fuzzy automaton over a 200-character token cost the engine
 * 0.6-1.1 s, against ~14 ms for an ordinary search, and could only find nothing.
 */
const FUZZY_MODEL_MAX = 40;
const FUZZY_WORD_MAX = 30;

function wordsQuery(q: string) {
  const compact = compactModel(q);
  const longestWord = Math.max(...q.split(/\s+/).map((w) => w.length));
  return {
    bool: {
      should: [
        { term: { 'model.keyword': { value: q, boost: 20 } } },
        ...(compact.length >= 3
          ? [
              { term: { model_compact: { value: compact, boost: 15 } } },
              { prefix: { model_compact: { value: compact, boost: 8 } } },
            ]
          : []),
        { match_phrase: { model: { query: q, boost: 6 } } },
        { match: { model_parts: { query: modelParts(q), operator: 'and', boost: 3 } } },
        {
          multi_match: {
            query: q,
            type: 'cross_fields',
            operator: 'and',
            fields: ['model^3', 'model_parts^2', 'manufacturer^2', 'aliases', 'search_text'],
          },
        },
        // Still typing: every word, the last one as a prefix ("Amerisolar AS-6M2" finds AS-6M290).
        { multi_match: { query: q, type: 'bool_prefix', operator: 'and', fields: ['search_text'], boost: 2 } },
        // Scored by closeness only (top_terms_boost: no term frequencies), so one edit beats two and
        // no near miss outranks a true prefix (boost 8).
        ...(compact.length >= 5 && compact.length <= FUZZY_MODEL_MAX
          ? [
              {
                fuzzy: {
                  model_compact: { value: compact, fuzziness: 'AUTO:5,8', rewrite: 'top_terms_boost_50', boost: 4 },
                },
              },
            ]
          : []),
        // A flat score: how rare a near-miss word is must not lift it above any exact or prefix match.
        ...(longestWord <= FUZZY_WORD_MAX
          ? [
              {
                constant_score: {
                  filter: {
                    match: { search_text: { query: q, operator: 'and', fuzziness: 'AUTO:4,7', prefix_length: 1 } },
                  },
                  boost: 1,
                },
              },
            ]
          : []),
      ],
      minimum_should_match: 1,
    },
  };
}

/**
 * Integer specs are indexed as 32-bit integers, and Elasticsearch refuses a bound outside that range
 * (the contract allows up to 1e114). Clamped, a bound selects the same products: no stored value lies
 * beyond it.
 */
const INT32 = 2 ** 31;
const bound = (spec: SpecName, value: number) =>
  SPECS[spec].type === 'integer' ? Math.min(INT32 - 1, Math.max(-INT32, value)) : value;

function rangeClause(r: Range): object {
  if (r.spec === NOMINAL_POWER)
    return {
      bool: {
        should: NOMINAL_POWER_SPECS.map((spec) => ({ range: { [`specs.${spec}`]: { [r.op]: r.value } } })),
        minimum_should_match: 1,
      },
    };
  return { range: { [`specs.${r.spec}`]: { [r.op]: bound(r.spec, r.value) } } };
}

function valuesClause(v: SpecValues): object {
  return { terms: { [`specs.${v.spec}`]: v.values.map((x) => (typeof x === 'string' ? x.toLowerCase() : x)) } };
}

/** Above any score the words as typed reach (a few hundred), so satisfying every understood part ranks first. */
const UNDERSTOOD_BOOST = 5000;
/** At most this much for a quantity's nearness: an exact value 100, one at the tolerance's edge 50. */
const NEAR_WEIGHT = 100;

/**
 * The nearer a product's value to a typed quantity, the higher: a Gaussian, half at the tolerance's
 * edge. Loosened, the nearest may lie far beyond it, so the curve is an exponential as wide as the
 * value itself: ten times the value away still scores 0.1, well above the float resolution of a
 * score beside UNDERSTOOD_BOOST, so order holds however far.
 */
function nearness(n: Understood['near'][number], relaxed: boolean): object {
  const specs = n.spec === NOMINAL_POWER ? NOMINAL_POWER_SPECS : [n.spec];
  const edge = Math.max(n.max - n.value, Math.abs(n.value) * 0.01, 1e-6);
  const curve = relaxed ? 'exp' : 'gauss';
  const scale = relaxed ? Math.max(Math.abs(n.value), edge * 10) : edge;
  return {
    function_score: {
      query: { bool: { should: specs.map((s) => ({ exists: { field: `specs.${s}` } })), minimum_should_match: 1 } },
      functions: specs.map((s) => ({
        filter: { exists: { field: `specs.${s}` } },
        [curve]: { [`specs.${s}`]: { origin: n.value, scale, decay: 0.5 } },
      })),
      score_mode: 'max',
      boost_mode: 'replace',
      boost: NEAR_WEIGHT,
    },
  };
}

/** A condition as a score: what a product that meets it gains when every part only ranks. */
const PART_WEIGHT = { company: 40, category: 40, value: 20 };
const scored = (filter: object, boost: number) => ({ constant_score: { filter, boost } });

/**
 * The understood reading: products with every understood part (category, companies, spec values and
 * bounds, each quantity within its tolerance) and the leftover words, ranked above every product that
 * only matches the words as typed; among them, nearest quantity first, then what the newest lists
 * still carry. Relaxed (`bounds`), leftover words and quantities only rank; relaxed to `parts`, every
 * part only ranks, and a product must meet one of them.
 */
function understoodQuery(u: Understood): object {
  const words = u.text ? [wordsQuery(u.text)] : [];
  const latest = scored({ term: { 'listing.in_latest_edition': true } }, 1);
  const categories = u.categories.length ? [{ terms: { category: u.categories } }] : [];
  const companies = u.companies.length ? [{ terms: { company_match: u.companies } }] : [];
  const lines = (u.series ?? []).map((line) => ({
    bool: {
      filter: [{ terms: { company_match: line.companies } }],
      should: line.models.map((prefix) => ({ prefix: { model_compact: prefix } })),
      minimum_should_match: 1,
    },
  }));
  const conditions = [
    ...u.values.map(valuesClause),
    ...u.ranges.map(rangeClause),
    ...(lines.length > 1 ? [{ bool: { should: lines, minimum_should_match: 1 } }] : lines),
  ];
  if (u.relaxed === 'parts')
    return {
      bool: {
        should: [
          ...categories.map((c) => scored(c, PART_WEIGHT.category)),
          ...companies.map((c) => scored(c, PART_WEIGHT.company)),
          ...conditions.map((c) => scored(c, PART_WEIGHT.value)),
          ...u.near.map((n) => nearness(n, true)),
          ...words,
        ],
        minimum_should_match: 1,
      },
    };
  const bounds = u.relaxed
    ? []
    : u.near.flatMap((n) => [
        rangeClause({ spec: n.spec, op: 'gte', value: n.min }),
        rangeClause({ spec: n.spec, op: 'lte', value: n.max }),
      ]);
  return {
    bool: {
      filter: [...categories, ...companies, ...conditions, ...bounds],
      must: u.relaxed ? [] : words,
      should: [
        scored({ match_all: {} }, UNDERSTOOD_BOOST),
        ...u.near.map((n) => nearness(n, u.relaxed !== undefined)),
        latest,
        ...(u.relaxed ? words : []),
      ],
    },
  };
}

/** The text of a search: as typed, and (when some of it was understood) as understood, the better counting. */
export function textQuery(q: string, understood?: Understood): object {
  // Sorted by a superlative, only what the reading selects may come first: a product that merely
  // matches the words as typed would be sorted among them.
  if (understood?.sort) return understoodQuery(understood);
  const literal = literalQuery(q);
  if (!understood) return literal;
  return { bool: { should: [literal, understoodQuery(understood)], minimum_should_match: 1 } };
}

function filters(query: ProductQuery): object[] {
  const out: object[] = [];
  if (query.categories.length > 0) out.push({ terms: { category: query.categories } });
  // A company id, any spelling of a company or a short form of it: the whole company (company_match, lower-cased).
  if (query.manufacturers.length > 0)
    out.push({ terms: { company_match: query.manufacturers.map((m) => m.toLowerCase()) } });
  if (query.quality.length > 0) out.push({ terms: { 'quality.status': query.quality } });
  if (query.inLatestEdition !== undefined) out.push({ term: { 'listing.in_latest_edition': query.inLatestEdition } });
  for (const r of query.ranges) out.push(rangeClause(r));
  for (const v of query.values) out.push(valuesClause(v));
  return out;
}

function sortClause(query: ProductQuery): object[] {
  const ranked = query.understood?.sort;
  const keys =
    query.sort.length > 0
      ? query.sort
      : ranked
        ? [{ key: `specs.${ranked.spec}`, desc: ranked.desc }]
        : query.mode === 'list'
          ? [{ key: 'model', desc: false }]
          : [];
  const clause: object[] = keys.map((s) => ({
    [SORT_FIELD[s.key] ?? s.key]: {
      order: s.desc ? 'desc' : 'asc',
      missing: '_last',
      // An index built before a spec existed (a derived one) sorts it as missing rather than failing.
      ...(s.key.startsWith('specs.') ? { unmapped_type: 'double' } : {}),
    },
  }));
  if (keys.length === 0) clause.push({ _score: { order: 'desc' } });
  if (!keys.some((s) => s.key === 'id')) clause.push({ id: { order: 'asc' } });
  return clause;
}

function sourceFor(fields: string[] | undefined): string[] {
  if (!fields) return SUMMARY_SOURCE;
  return [...new Set(['id', ...fields])];
}

const FACET_AGGS = {
  category: { terms: { field: 'category', size: 10 } },
  manufacturer: {
    terms: { field: 'company.id', size: 25 },
    aggs: { name: { terms: { field: 'company.name', size: 1 } } },
  },
};

/**
 * The range of every numeric spec over one whole category. Asked once per index generation, not
 * with each search: over the matches it cost a stats aggregation per spec (21 for modules) on every
 * match of every first page, and that cost grew with the catalog.
 */
export function categorySpecsRequest(category: string) {
  return {
    size: 0,
    track_total_hits: false,
    query: { term: { category } },
    aggs: Object.fromEntries(NUMERIC_SPECS.map((spec) => [spec, { stats: { field: `specs.${spec}` } }])),
  };
}

/** The ranges of a categorySpecsRequest's answer: the specs some product of the category has. */
export function specRangesFrom(aggs: Record<string, { min: number; max: number; count: number }>): SpecRanges {
  return Object.fromEntries(
    Object.entries(aggs)
      .filter(([, agg]) => agg.count > 0)
      .map(([spec, agg]) => [spec, { min: agg.min, max: agg.max, count: agg.count }]),
  );
}

/** The facets of a first page, read from its aggregations. */
export function facetsFrom(aggs: Record<string, any>): Facets {
  const buckets = (name: string) =>
    (aggs[name]?.buckets ?? []).map((b: { key: string; doc_count: number }) => ({ value: b.key, count: b.doc_count }));
  type CompanyBucket = { key: string; doc_count: number; name?: { buckets: { key: string }[] } };
  const companies = ((aggs.manufacturer?.buckets ?? []) as CompanyBucket[]).map((b) => ({
    value: b.name?.buckets[0]?.key ?? b.key,
    id: b.key,
    count: b.doc_count,
  }));
  return { category: buckets('category'), manufacturer: companies };
}

/** The query an export's filter makes. */
export function filterQuery(filter: ProductFilter): object {
  const terms = [
    ...(filter.category ? [{ term: { category: filter.category } }] : []),
    ...(filter.inLatestEdition !== undefined
      ? [{ term: { 'listing.in_latest_edition': filter.inLatestEdition } }]
      : []),
    ...(filter.afterId !== undefined ? [{ range: { id: { gt: filter.afterId } } }] : []),
  ];
  return terms.length > 0 ? { bool: { filter: terms } } : { match_all: {} };
}

/** One page: limit + 1 hits are asked for, so the presence of a next page is known exactly. */
export function buildSearchRequest(query: ProductQuery, after: SortValue[] | undefined, withFacets: boolean) {
  const must = query.q ? [textQuery(query.q, query.understood)] : [];
  const filter = filters(query);
  // An exclusion holds whichever reading matched: the words as typed must not bring back what it leaves out.
  const excluded = query.understood?.excluded;
  const mustNot = excluded
    ? [
        ...(excluded.companies.length ? [{ terms: { company_match: excluded.companies } }] : []),
        ...excluded.values.map(valuesClause),
      ]
    : [];
  return {
    size: query.limit + 1,
    track_total_hits: true,
    query:
      must.length || filter.length || mustNot.length
        ? { bool: { must, filter, ...(mustNot.length ? { must_not: mustNot } : {}) } }
        : { match_all: {} },
    sort: sortClause(query),
    _source: sourceFor(query.fields),
    ...(after ? { search_after: after } : {}),
    ...(withFacets ? { aggs: FACET_AGGS } : {}),
  };
}

/** A page of companies in id order with every name a `manufacturer` filter matches, and products per category. */
export function companyNamesRequest(after?: string) {
  return {
    size: 0,
    track_total_hits: false,
    aggs: {
      companies: {
        composite: {
          size: COMPANY_NAMES_PAGE,
          sources: [{ id: { terms: { field: 'company.id' } } }],
          ...(after ? { after: { id: after } } : {}),
        },
        aggs: {
          name: { terms: { field: 'company.name', size: 1 } },
          names: { terms: { field: 'company_match', size: 200 } },
          categories: { terms: { field: 'category', size: 10 } },
          made_by: { terms: { field: 'made_by.id', size: 50 } },
        },
      },
    },
  };
}
export const COMPANY_NAMES_PAGE = 1000;

/**
 * Companies in id order, one more than the page (so a next page is known), with their display name
 * and counts per category; `total` is exact below Elasticsearch's cardinality precision threshold
 * (set above the few thousand companies the lists name).
 */
export function companiesRequest(page: {
  readonly limit: number;
  readonly after?: string;
  readonly category?: string;
}) {
  return {
    size: 0,
    track_total_hits: false,
    query: page.category ? { term: { category: page.category } } : { match_all: {} },
    aggs: {
      companies: {
        composite: {
          size: page.limit + 1,
          sources: [{ id: { terms: { field: 'company.id' } } }],
          ...(page.after ? { after: { id: page.after } } : {}),
        },
        aggs: {
          name: { terms: { field: 'company.name', size: 1 } },
          categories: { terms: { field: 'category', size: 10 } },
        },
      },
      total: { cardinality: { field: 'company.id', precision_threshold: 10000 } },
    },
  };
}
