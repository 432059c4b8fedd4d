// How a search's text scores: the words as typed (models and names, exact before prefix before typo),
// a power among them, and the understood reading above both. Each reading walks its rules in the
// ranking table (search-ranking.ts), one builder per rule; the weights live in the table only.
import type { estypes } from '@elastic/elasticsearch';
import { NOMINAL_POWER_SPECS } from '../../catalog/spec-catalog';
import { compactModel, modelParts } from '../../catalog/search-document';
import { NOMINAL_POWER, type Range, type Understood } from '../../catalog/product-query';
import { anyOf, rangeClause, valuesClause } from './search-filters';
import { boostOf, rulesOf, type RuleOf } from './search-ranking';
import { boundNearness, designationClause, ownCompanyClause, splitRanges } from './named-first';
import { designPointBoundNearness, designPointBounds, designPointNearness } from './design-point-clauses';
import { nearnessScore, quantityCurve } from './nearness-score';

type Query = estypes.QueryDslQueryContainer;

/** A power written as people do in a search box: "400W", "400 w", "5kW", "5.5 kw". */
const POWER = /(?:^|\s)(\d+(?:\.\d+)?)\s?(k?w)(?=\s|$)/i;

/**
 * Typo tolerance stops at lengths no model or word of the catalog reaches (models run to about 30
 * characters without punctuation): a fuzzy automaton over a 200-character token cost the engine
 * 0.6-1.1 s, against ~14 ms for an ordinary search, and could only find nothing.
 */
const FUZZY_MODEL_MAX = 40;
const FUZZY_WORD_MAX = 30;
/**
 * Nor when the words that would each be fuzzy (4 letters or more) hold more letters than a person's
 * query does: each such word is an automaton over the terms, so their letters add up; seven 24-letter
 * words and "600W" cost the engine 270-430 ms against 20-38 ms for an ordinary search (issue 53), at
 * the same price. 60 letters is "Canadian Solar bifacial module 450W" twice over.
 */
const FUZZY_LETTERS_MAX = 60;
/**
 * Words of fewer than 4 characters and compact forms of fewer than 5 are never fuzzy: at that length
 * one edit names too many other products. Compact forms of fewer than 3 name too many to match exactly.
 */
const COMPACT_MIN = 3;
const FUZZY_COMPACT_MIN = 5;

const scored = (filter: Query, boost: number): Query => ({ constant_score: { filter, boost } });

interface Text {
  readonly q: string;
  readonly compact: string;
  readonly longestWord: number;
  /** Letters in the words of 4 or more letters, the ones a fuzzy match expands. */
  readonly fuzzyLetters: number;
}

/** The clauses of each rule of the words as typed; none where the text is too short or too long for it. */
const WORD_CLAUSES: Readonly<Record<RuleOf<'words'>, (t: Text, boost: number) => Query[]>> = {
  exact_model: ({ q }, boost) => [{ term: { 'model.keyword': { value: q, boost } } }],
  compact_model: ({ compact }, boost) =>
    compact.length >= COMPACT_MIN ? [{ term: { model_compact: { value: compact, boost } } }] : [],
  model_prefix: ({ compact }, boost) =>
    compact.length >= COMPACT_MIN ? [{ prefix: { model_compact: { value: compact, boost } } }] : [],
  model_phrase: ({ q }, boost) => [{ match_phrase: { model: { query: q, boost } } }],
  model_parts: ({ q }, boost) => [{ match: { model_parts: { query: modelParts(q), operator: 'and', boost } } }],
  all_words: ({ q }, boost) => [
    {
      multi_match: {
        query: q,
        type: 'cross_fields',
        operator: 'and',
        fields: ['model^3', 'model_parts^2', 'manufacturer^2', 'aliases', 'search_text'],
        // 1 is the engine's default: the body leaves it out.
        ...(boost === 1 ? {} : { boost }),
      },
    },
  ],
  still_typing: ({ q }, boost) => [
    { multi_match: { query: q, type: 'bool_prefix', operator: 'and', fields: ['search_text'], boost } },
  ],
  // top_terms_boost: scored by closeness, not by how often the near term occurs.
  fuzzy_model: ({ compact }, boost) =>
    compact.length >= FUZZY_COMPACT_MIN && compact.length <= FUZZY_MODEL_MAX
      ? [{ fuzzy: { model_compact: { value: compact, fuzziness: 'AUTO:5,8', rewrite: 'top_terms_boost_50', boost } } }]
      : [],
  fuzzy_words: ({ q, longestWord, fuzzyLetters }, boost) =>
    longestWord <= FUZZY_WORD_MAX && fuzzyLetters <= FUZZY_LETTERS_MAX
      ? [
          scored(
            { match: { search_text: { query: q, operator: 'and', fuzziness: 'AUTO:4,7', prefix_length: 1 } } },
            boost,
          ),
        ]
      : [],
};

/** The words as typed, against models and names: any rule may match. */
function wordsQuery(q: string): Query {
  const lengths = q.split(/\s+/).map((w) => w.length);
  const text: Text = {
    q,
    compact: compactModel(q),
    longestWord: Math.max(...lengths),
    fuzzyLetters: lengths.filter((n) => n >= 4).reduce((sum, n) => sum + n, 0),
  };
  return {
    bool: {
      should: rulesOf('words').flatMap((rule) => WORD_CLAUSES[rule.name](text, rule.boost)),
      minimum_should_match: 1,
    },
  };
}

/**
 * The text as typed; with a power in it ("400W Trina"), two readings, the better one counting: the
 * text as typed (a model such as "EP156P/72-300W" names its power), or the other words plus a product
 * of that power.
 */
function literalQuery(q: string): Query {
  const power = POWER.exec(q);
  if (!power) return wordsQuery(q);
  const watts = Number(power[1]) * (power[2].toLowerCase() === 'kw' ? 1000 : 1);
  const words = q.replace(power[0], ' ').trim();
  const ofThatPower: Query = {
    bool: {
      should: NOMINAL_POWER_SPECS.map((spec) => ({
        range: { [`specs.${spec}`]: { gte: watts - 0.5, lt: watts + 0.5 } },
      })),
      minimum_should_match: 1,
      boost: boostOf('power'),
    },
  };
  const powerReading = words ? { bool: { must: [wordsQuery(words), ofThatPower] } } : ofThatPower;
  return { bool: { should: [wordsQuery(q), powerReading], minimum_should_match: 1 } };
}

/** The nearer a product's value to a typed quantity, the higher (quantityCurve). */
function nearness(n: Understood['near'][number], relaxed: boolean, boost: number): Query {
  const specs = n.spec === NOMINAL_POWER ? NOMINAL_POWER_SPECS : [n.spec];
  return nearnessScore(
    specs.map((s) => `specs.${s}`),
    quantityCurve(n, relaxed),
    boost,
  );
}

/** The understood reading's parts as clauses: each selects when the reading holds, or scores when loosened. */
interface Parts {
  readonly u: Understood;
  readonly categories: Query[];
  readonly companies: Query[];
  readonly conditions: Query[];
  /** The typed comparisons (among `conditions` unless relaxed to `ranges`, where they only order). */
  readonly typed: Range[];
}

function partsOf(u: Understood): Parts {
  const { typed, implied } = splitRanges(u);
  const loosened = u.relaxed === 'ranges';
  return {
    u,
    typed,
    categories: u.categories.length ? [anyOf('category', u.categories)] : [],
    companies: u.companies.length ? [anyOf('company_match', u.companies)] : [],
    conditions: [
      ...u.values.map(valuesClause),
      ...(loosened ? implied : [...typed, ...implied]).map(rangeClause),
      // A line named: the products the series table puts in it (their indexed `series`, seriesOf).
      ...(u.series?.length ? [anyOf('series.id', u.series)] : []),
    ],
  };
}

const UNDERSTOOD_CLAUSES: Readonly<Record<RuleOf<'understood'>, (p: Parts, boost: number) => Query[]>> = {
  understood: (_, boost) => [scored({ match_all: {} }, boost)],
  named_company: ({ u }, boost) =>
    u.companies.length ? [scored(ownCompanyClause(u.named ?? u.companies), boost)] : [],
  // Loosened, a quantity no product met is not a designation either ("Astronergy 275 kW" is no 275 W module).
  designation: ({ u }, boost) =>
    u.relaxed ? [] : u.near.flatMap((n) => (n.designation ? [scored(designationClause(n.designation), boost)] : [])),
  nearness: ({ u }, boost) => [
    ...u.near.map((n) => nearness(n, u.relaxed !== undefined, boost)),
    ...designPointNearness(u, boost),
  ],
  latest_edition: ({ u }, boost) =>
    u.relaxed === 'ranges' ? [] : [scored({ term: { 'listing.in_latest_edition': true } }, boost)],
};

const RANGE_CLAUSES: Readonly<Record<RuleOf<'ranges'>, (p: Parts, boost: number) => Query[]>> = {
  bound_nearness: (p, boost) => [
    ...(p.u.relaxed === 'ranges' ? p.typed.map((r) => boundNearness(r, boost)) : []),
    ...designPointBoundNearness(p.u, boost),
  ],
};

const PART_CLAUSES: Readonly<Record<RuleOf<'parts'>, (p: Parts, boost: number) => Query[]>> = {
  category: (p, boost) => p.categories.map((c) => scored(c, boost)),
  company: (p, boost) => p.companies.map((c) => scored(c, boost)),
  value: (p, boost) => p.conditions.map((c) => scored(c, boost)),
};

/**
 * The understood reading: products with every understood part (category, companies, spec values and
 * bounds, each quantity within its tolerance) and the leftover words, ranked above every product that
 * only matches the words as typed; among them, nearest quantity first, then what the newest lists
 * still carry. Relaxed (`bounds`), leftover words and quantities only rank; relaxed to `parts`, every
 * part only ranks, and a product must meet one of them.
 */
function understoodQuery(u: Understood): Query {
  const words = u.text ? [wordsQuery(u.text)] : [];
  const parts = partsOf(u);
  if (u.relaxed === 'parts')
    return {
      bool: {
        should: [
          ...rulesOf('parts').flatMap((rule) => PART_CLAUSES[rule.name](parts, rule.boost)),
          ...u.near.map((n) => nearness(n, true, boostOf('nearness'))),
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
      filter: [...parts.categories, ...parts.companies, ...parts.conditions, ...bounds, ...designPointBounds(u)],
      must: u.relaxed ? [] : words,
      should: [
        ...rulesOf('understood').flatMap((rule) => UNDERSTOOD_CLAUSES[rule.name](parts, rule.boost)),
        ...rulesOf('ranges').flatMap((rule) => RANGE_CLAUSES[rule.name](parts, rule.boost)),
        ...(u.relaxed ? words : []),
      ],
    },
  };
}

/** The text of a search: as typed, and (when some of it was understood) as understood, the better counting. */
export function textQuery(q: string, understood?: Understood): Query {
  // Sorted by a superlative, only what the reading selects may come first: a product that merely
  // matches the words as typed would be sorted among them.
  if (understood?.sort || understood?.designPoint?.sort) return understoodQuery(understood);
  const literal = literalQuery(q);
  if (!understood) return literal;
  return { bool: { should: [literal, understoodQuery(understood)], minimum_should_match: 1 } };
}
