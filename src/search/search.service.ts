// Collection pages for list and search: parse, read the words of a search (understanding.ts), bind
// the cursor to the query, ask the index for one item more than the page so `next_cursor` appears
// exactly when another page exists.
import { NOTICE } from '../catalog/notice';
import { rankedSpec, withRankBasis } from '../catalog/rank-basis';
import { withDesignPoint } from '../catalog/design-point';
import { keepAsked, rowGroup } from '../catalog/series-groups';
import { validationError } from '../errors/app-error';
import { parseProductQuery, queryHash, type CollectionQuery } from './product-query-parser';
import { decodeCursor, encodeCursor, type SortValue } from '../shared/cursor';
import { makerDictionary, type MakerDictionary } from './maker-dictionary';
import { understand } from './understanding';
import { interpretationOf, understoodOf, type Interpretation } from './interpretation';
import type { Category } from '../catalog/spec-catalog';
import type { CompanyNames, Facets, Mode, ProductQuery, Relaxation, ResultPage } from '../catalog/product-query';

/** The current products (adapters/elasticsearch/product-index.ts). */
export interface SearchPort {
  /** A page of `query`'s results after `after`: limit + 1 hits, so a next page shows; facets when asked. */
  find(query: ProductQuery, after: SortValue[] | undefined, withFacets: boolean): Promise<ResultPage>;
  /** Spellings in the data to try instead of `text`, best first. */
  suggest(text: string): Promise<string[]>;
  /** Every company current products name, with its names; the same array while the index is the same. */
  companyNames(): Promise<readonly CompanyNames[]>;
}

export interface ProductCollection {
  data: Record<string, unknown>[];
  meta: {
    limit: number;
    total: number;
    total_relation: 'eq' | 'gte';
    notice: string;
    next_cursor?: string;
    facets?: Facets;
    suggestions?: string[];
    interpretation?: Interpretation;
    groups?: { by: 'series'; total: number; total_relation: 'eq' | 'gte'; series: number };
  };
}

const RELAXATIONS: readonly Relaxation[] = ['bounds', 'ranges', 'parts'];

/**
 * A word longer than any model or word of the catalog (models run to about 30 characters) names
 * nothing: a search holding one that finds nothing is not loosened nor sent to the suggesters,
 * which would only multiply the cost of an answer that stays empty.
 */
const NAMES_NOTHING = /\S{41,}/;

const dictionaries = new WeakMap<readonly CompanyNames[], MakerDictionary>();

async function dictionaryOf(port: SearchPort): Promise<MakerDictionary> {
  const names = await port.companyNames();
  let dictionary = dictionaries.get(names);
  if (!dictionary) dictionaries.set(names, (dictionary = makerDictionary(names)));
  return dictionary;
}

export async function findProducts(
  mode: Mode,
  rawQuery: CollectionQuery,
  port: SearchPort,
  cursorSecret: string,
): Promise<ProductCollection> {
  const parsed = parseProductQuery(mode, rawQuery);
  const hash = queryHash(parsed);
  const after = parsed.cursor ? decodeCursor(parsed.cursor, hash, cursorSecret) : undefined;
  const reading =
    mode === 'search' && parsed.q
      ? understand(
          parsed.q,
          await dictionaryOf(port),
          parsed.categories.length === 1 ? (parsed.categories[0] as Category) : undefined,
        )
      : undefined;
  // A comparison nothing can satisfy ("efficiency above 400%") is the client's mistake, said as one.
  if (reading?.refused) throw validationError(reading.refused.map((message) => ({ in: 'query', name: 'q', message })));
  const understood = reading && understoodOf(reading);
  // Facets describe the whole result set, so they come with the first page only.
  const withFacets = mode === 'search' && !after;
  let query: ProductQuery = { ...parsed, understood };
  let result = await port.find(query, after, withFacets);
  // Nothing satisfies every understood part: loosen them step by step (first the leftover text and
  // the quantities only rank, then every part does) rather than answer nothing; the interpretation
  // says how far. Only an empty answer pays for the extra requests.
  const hopeless = parsed.q !== undefined && NAMES_NOTHING.test(parsed.q);
  for (const relaxed of RELAXATIONS) {
    if (result.total > 0 || !understood || hopeless) break;
    // Loosening the typed comparisons changes nothing where none was typed: no request for it.
    if (relaxed === 'ranges' && !understood.ranges.some((r) => r.typed) && !understood.designPoint?.ranges.length)
      continue;
    query = { ...parsed, understood: { ...understood, relaxed } };
    result = await port.find(query, after, withFacets);
  }
  const page = result.hits.slice(0, query.limit);
  const meta: ProductCollection['meta'] = {
    limit: query.limit,
    total: result.total,
    total_relation: result.totalRelation,
    notice: NOTICE,
  };
  if (result.hits.length > query.limit) meta.next_cursor = encodeCursor(hash, page[page.length - 1].sort, cursorSecret);
  if (withFacets && result.facets) meta.facets = result.facets;
  if (mode === 'search' && query.q && !after && result.total === 0)
    meta.suggestions = hopeless ? [] : await port.suggest(query.q);
  if (reading) meta.interpretation = interpretationOf(reading, query.understood?.relaxed);
  const groups = result.groups;
  if (query.groupBy && groups)
    meta.groups = {
      by: query.groupBy,
      total: groups.total,
      total_relation: groups.totalRelation,
      series: Object.keys(groups.bySeries).length,
    };
  const ranked = rankedSpec(query);
  const data = page.map((h) => {
    // The group reads the row's own specs before a projection takes away what was read only for it.
    const group = groups && rowGroup(h.source, query, groups);
    const based = ranked ? withRankBasis(h.source, ranked, query.fields) : h.source;
    // At a design point every hit carries its value there, read from the grid the index holds.
    const point = query.understood?.designPoint;
    const row = point ? withDesignPoint(based, point) : based;
    return group ? { ...keepAsked(row, query.fields), group } : row;
  });
  return { data, meta };
}
