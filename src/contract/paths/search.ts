// The operation of the tag `search`: relevance-ranked search, with facets and what it understood.
import type { PathsObject } from '../openapi.types';
import { collectionParams, ENGINE_SLOTS, ENGINE_SLOTS_DOC, RANGE_DOC } from './collection-parameters';
import { json, keyOperation, problem } from './responses';

const SEARCH_DOC =
  'Default sort: relevance; `sort` may also take `relevance`. Ranking: an exact model number first (as typed, or without ' +
  'punctuation and case), then part-number prefixes, phrases and all words anywhere (model, manufacturer, aliases); below ' +
  'all of those, the same words with typos forgiven (one edit in words of 4-6 characters, two from 7; whole model numbers ' +
  'without punctuation likewise from 5 and 8 characters; shorter words must match exactly). A power written as `400W` or ' +
  '`5kW` also matches products of that nominal power (STC power of modules, AC power of inverters). ' +
  'Words and quantities are also read as what they ask for (`meta.interpretation`, docs/api.md "Query understanding"): ' +
  'category words, attribute words mapped to spec values, quantities with units mapped to specs within a stated ' +
  'tolerance (nearest first), and companies by any name; products that satisfy every part rank first, and when none ' +
  'does the parts only rank (`relaxed`). The first page (no ' +
  'cursor) carries `meta.facets`; a first page with no results carries `meta.suggestions`.';

export const SEARCH_PATHS: PathsObject = {
  '/api/v1/search': {
    get: {
      ...keyOperation({
        operationId: 'searchProducts',
        summary: 'Relevance-ranked full-text search with facets',
        scope: 'search:read',
        cost: 2,
        tags: ['search'],
        description: `${SEARCH_DOC} ${RANGE_DOC} ${ENGINE_SLOTS_DOC}`,
        parameters: collectionParams('search'),
        success: json('A page of results.', 'ProductCollection'),
        errors: { 400: problem('Invalid query.') },
      }),
      ...ENGINE_SLOTS,
    },
  },
};
