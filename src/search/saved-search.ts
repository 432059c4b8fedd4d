// A search saved for a watch: the parameters of searchProducts, validated by that operation's own
// rules and read by the same understanding, once, when the watch is made. Paging, order and
// projection (and grouping) belong to a page of results, not to the question, so they are refused here.
import { OPERATIONS } from '../contract/operations';
import { AppError, validationError, type FieldError } from '../errors/app-error';
import type { Category } from '../catalog/spec-catalog';
import type { SavedSearch } from '../catalog/watch.types';
import { parseProductQuery, type CollectionQuery } from './product-query-parser';
import { makerDictionary } from './maker-dictionary';
import { understand } from './understanding';
import { interpretationOf, understoodOf } from './interpretation';
import type { SearchPort } from './search.service';

const NOT_SAVED = ['limit', 'cursor', 'sort', 'fields', 'group_by'];

export async function readSavedSearch(
  params: Readonly<Record<string, unknown>>,
  port: Pick<SearchPort, 'companyNames'>,
): Promise<SavedSearch> {
  const refused = NOT_SAVED.filter((name) => Object.hasOwn(params, name));
  if (refused.length > 0)
    throw validationError(
      refused.map((name) => ({ in: 'body', name: `search.${name}`, message: 'is not part of a saved search' })),
    );
  const query: Record<string, unknown> = { ...params };
  try {
    OPERATIONS.get('searchProducts')!.validate({ query, params: {} });
  } catch (err) {
    if (!(err instanceof AppError) || !err.errors) throw err;
    throw validationError(err.errors.map((e): FieldError => ({ ...e, in: 'body', name: `search.${e.name}` })));
  }
  const parsed = parseProductQuery('search', query as CollectionQuery);
  const reading = parsed.q
    ? understand(
        parsed.q,
        makerDictionary(await port.companyNames()),
        parsed.categories.length === 1 ? (parsed.categories[0] as Category) : undefined,
      )
    : undefined;
  const understood = reading && understoodOf(reading);
  const { q, categories, manufacturers, quality, inLatestEdition, ranges, values } = parsed;
  return {
    params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)),
    query: {
      q,
      categories,
      manufacturers,
      quality,
      ...(inLatestEdition === undefined ? {} : { inLatestEdition }),
      ranges,
      values,
    },
    ...(understood ? { understood } : {}),
    ...(reading ? { interpretation: interpretationOf(reading) } : {}),
  };
}
