// The operations of the tag `revisions`: a product's history, one revision, and the feed of
// revisions for incremental sync.
import type { PathsObject } from '../openapi.types';
import { CURSOR_PARAM, ID_PARAM, LIMIT_PARAM } from './parameters';
import { json, keyOperation, problem } from './responses';

/** Entries of the changes feed a credit buys: a page costs by the entries it may read (its `limit`). */
export const CHANGES_PER_CREDIT = 25;

export const REVISION_PATHS: PathsObject = {
  '/api/v1/products/{id}/revisions': {
    get: keyOperation({
      operationId: 'listRevisions',
      summary: "A product's revision history, newest first",
      scope: 'revisions:read',
      cost: 1,
      tags: ['revisions'],
      parameters: [ID_PARAM, LIMIT_PARAM, CURSOR_PARAM],
      success: json('A page of revisions with what changed.', 'RevisionCollection'),
      errors: { 400: problem('Invalid limit or cursor.'), 404: problem('No product with this id.') },
    }),
  },
  '/api/v1/products/{id}/revisions/{number}': {
    get: keyOperation({
      operationId: 'getRevision',
      summary: 'One revision with its full claim snapshot: every value with unit, source, locator and method',
      scope: 'revisions:read',
      cost: 1,
      tags: ['revisions'],
      parameters: [
        ID_PARAM,
        { name: 'number', in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: 1000000 } },
      ],
      success: json('The revision.', 'Revision'),
      errors: { 400: problem('Invalid number.'), 404: problem('No such product or revision.') },
    }),
  },
  '/api/v1/changes': {
    get: keyOperation({
      operationId: 'listChanges',
      summary: 'The feed of product revisions in commit order, for incremental sync',
      scope: 'revisions:read',
      cost: 1,
      tags: ['revisions'],
      description: `Start without a cursor; keep \`meta.cursor\` and pass it next time to get only what came since. \`next_cursor\` is present while more is already available. Entries never repeat and none is skipped. Costs 1 credit per ${CHANGES_PER_CREDIT} entries of \`limit\` (rounded up; \`limit=100\` costs 4), charged before the page is read.`,
      parameters: [LIMIT_PARAM, CURSOR_PARAM],
      success: json('A page of the feed.', 'ChangeFeed'),
      errors: { 400: problem('Invalid limit or cursor.') },
    }),
  },
};
