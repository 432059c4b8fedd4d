// Model numbers as typed, resolved as search ranks an exact model first (search-relevance.ts): the
// model as typed without regard to case (`model.keyword` is lowercase-normalized), or the same
// characters without punctuation (`model_compact`). Pure: the batch lookup and its benchmark share it.
import type { estypes } from '@elastic/elasticsearch';
import { compactModel } from '../../catalog/search-document';

/** The searches of one `_msearch`, one per model number: its exact matches, as typed first, then by id. */
export function modelSearches(
  models: readonly string[],
  source: readonly string[],
  limit: number,
): estypes.MsearchRequestItem[] {
  return models.flatMap((model) => {
    const compact = compactModel(model);
    return [
      {},
      {
        query: {
          bool: {
            should: [
              { term: { 'model.keyword': { value: model, boost: 2 } } },
              ...(compact ? [{ term: { model_compact: { value: compact, boost: 1 } } }] : []),
            ],
            minimum_should_match: 1,
          },
        },
        sort: ['_score', { id: 'asc' }],
        size: limit,
        _source: [...source],
        track_total_hits: false,
      },
    ];
  });
}
