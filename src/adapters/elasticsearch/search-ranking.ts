// The ranking rules of a search, in one ordered table, the way Meilisearch lists its ranking rules:
// each a name, the reading it scores in, its weight (an Elasticsearch boost) and why. The table is
// data; search-relevance.ts walks it, each reading's rules in this order, which is the order of
// their clauses in the body. A score is the sum of what a product matches, so the order only reads
// from the most literal to the loosest; the weights decide precedence. Change a weight here and
// measure it with `npm run relevance`.

/**
 * Where a rule scores. `understood`: the reading of the words as a category, companies, values and
 * quantities, above every product that only matches the words. `ranges`: that reading with the typed
 * comparisons loosened because no product met them, each then ordering by nearness to its bound.
 * `parts`: that reading loosened because
 * nothing met all of it, each part then only ranking. `power`: a power typed among other words
 * ("400W Trina"). `words`: the text as typed, matched against models and names.
 */
export type Reading = 'understood' | 'ranges' | 'parts' | 'power' | 'words';

export interface RankingRule {
  readonly name: string;
  readonly reading: Reading;
  /** What a product matching the rule gains (nearness: at most, for an exact value). */
  readonly boost: number;
  readonly why: string;
}

export const RANKING_RULES = [
  {
    name: 'understood',
    reading: 'understood',
    boost: 5000,
    why: 'above any score the words as typed reach (a few hundred): a product with every understood part ranks first',
  },
  {
    name: 'named_company',
    reading: 'understood',
    boost: 600,
    why: "a company the words name outranks the companies reached through it (a brand whose lists say 'Original Mfg - SMA America', a group's other members), whatever their nearness or designation: those still answer, below",
  },
  {
    name: 'designation',
    reading: 'understood',
    boost: 300,
    why: 'what was typed outranks what was inferred: a model carrying the number typed ("SB3.8-1SP-US-40" for "Sunny Boy 3.8") above products only of that value (nearness gives at most 100)',
  },
  {
    name: 'nearness',
    reading: 'understood',
    boost: 100,
    why: "the nearer a typed quantity, the higher: an exact value 100, one at the tolerance's edge 50",
  },
  {
    name: 'latest_edition',
    reading: 'understood',
    boost: 1,
    why: 'among products that meet the reading equally, what the newest lists still carry first; not when the typed bounds were loosened, where nearness to the bound alone orders (7,460 W before 7,450 W for "at least 10 kW", whichever list carries them)',
  },
  {
    name: 'bound_nearness',
    reading: 'ranges',
    boost: 100,
    why: 'a typed bound no product meets ("at least 10 kW") only orders: a product meeting it scores 100, the others the nearer the more (for "at least", the largest first)',
  },
  {
    name: 'category',
    reading: 'parts',
    boost: 40,
    why: 'loosened, a product of a category the words named gains what a company gains, twice a value',
  },
  {
    name: 'company',
    reading: 'parts',
    boost: 40,
    why: 'loosened, a product of a company the words named gains what a category gains, twice a value',
  },
  {
    name: 'value',
    reading: 'parts',
    boost: 20,
    why: 'loosened, each spec value or bound the words implied and the product meets',
  },
  {
    name: 'power',
    reading: 'power',
    boost: 10,
    why: 'a power in the text ("400W Trina") ranks products of that power first among the other words\' matches',
  },
  {
    name: 'exact_model',
    reading: 'words',
    boost: 20,
    why: 'the model exactly as typed (without regard to case) comes first',
  },
  {
    name: 'compact_model',
    reading: 'words',
    boost: 15,
    why: 'the model as typed without punctuation ("tsm400de09" for TSM-400DE09): the same product, typed loosely',
  },
  {
    name: 'model_prefix',
    reading: 'words',
    boost: 8,
    why: 'a part-number prefix names a family of variants, below the exact model and above any near miss',
  },
  {
    name: 'model_phrase',
    reading: 'words',
    boost: 6,
    why: 'the words as a phrase within the model',
  },
  {
    name: 'model_parts',
    reading: 'words',
    boost: 3,
    why: 'every part of the model number, in any order',
  },
  {
    name: 'all_words',
    reading: 'words',
    boost: 1,
    why: "every word anywhere in model, parts, manufacturer, aliases or text (the model's fields weigh more within)",
  },
  {
    name: 'still_typing',
    reading: 'words',
    boost: 2,
    why: 'every word, the last one as a prefix: "Amerisolar AS-6M2" finds AS-6M290 while it is typed',
  },
  {
    name: 'fuzzy_model',
    reading: 'words',
    boost: 4,
    why: 'a mistyped model, scored by closeness only: one edit beats two, and no near miss outranks a prefix',
  },
  {
    name: 'fuzzy_words',
    reading: 'words',
    boost: 1,
    why: 'words with typos forgiven, a flat score: how rare a near-miss word is must not lift it above any match',
  },
] as const satisfies readonly RankingRule[];

type Rule = (typeof RANKING_RULES)[number];
type RuleIn<R extends Reading> = Extract<Rule, { reading: R }>;
export type RuleName = Rule['name'];
/** The names of one reading's rules. */
export type RuleOf<R extends Reading> = RuleIn<R>['name'];

/** One reading's rules, in the table's order. */
export function rulesOf<R extends Reading>(reading: R): readonly RuleIn<R>[] {
  return RANKING_RULES.filter((rule): rule is RuleIn<R> => rule.reading === reading);
}

const BOOSTS: ReadonlyMap<RuleName, number> = new Map(RANKING_RULES.map((rule) => [rule.name, rule.boost]));

/** A rule's weight, for a rule that scores one clause rather than a list the code walks. */
export const boostOf = (name: RuleName): number => BOOSTS.get(name)!;
