// The operations of the tag `products`: list, get (now or as of a revision), the batch lookup,
// alternatives, the export and the comparison.
import { CATEGORIES } from '../../catalog/spec-catalog';
import { PRODUCT_ID_PATTERN } from '../../catalog/product-id';
import { SIMILAR_LIMIT, SUBSTITUTION, PRIMARY_BAND } from '../../catalog/substitution';
import { AS_OF_FORMAT, AS_OF_PATTERN } from '../as-of';
import { BATCH_BODY_LIMIT, BATCH_MAX } from '../batch-vocabulary';
import { COMPARE_MAX, COMPARE_MIN } from '../query-vocabulary';
import type { PathsObject } from '../openapi.types';
import {
  collectionParams,
  ENGINE_SLOTS,
  ENGINE_SLOTS_DOC,
  IN_LATEST_EDITION_PARAM,
  RANGE_DOC,
} from './collection-parameters';
import { commaList, ID_PARAM, param } from './parameters';
import { json, jsonBody, keyOperation, problem, setting } from './responses';

export const PRODUCT_PATHS: PathsObject = {
  '/api/v1/products': {
    get: {
      ...keyOperation({
        operationId: 'listProducts',
        summary: 'List products, filtered and sorted, with cursor pagination',
        scope: 'products:read',
        cost: 1,
        tags: ['products'],
        description: `Default sort: model. ${RANGE_DOC} ${ENGINE_SLOTS_DOC}`,
        parameters: collectionParams('list'),
        success: json('A page of products.', 'ProductCollection'),
        errors: { 400: problem('Invalid query: bad limit, cursor, sort, fields, filter or range.') },
      }),
      ...ENGINE_SLOTS,
    },
  },
  '/api/v1/products/{id}': {
    get: keyOperation({
      operationId: 'getProduct',
      summary: 'One product with the provenance of every value',
      scope: 'products:read',
      cost: 1,
      tags: ['products'],
      parameters: [
        ID_PARAM,
        param(
          'as_of',
          'The product as it stood at a revision number (`1`) or an RFC 3339 time (`2026-01-01T00:00:00Z`).',
          { type: 'string', pattern: AS_OF_PATTERN, format: AS_OF_FORMAT, maxLength: 40 },
        ),
      ],
      success: json('The product.', 'ProductDetail'),
      errors: {
        400: problem('Invalid id or as_of.'),
        404: problem('No product with this id, or none at that revision or time.'),
      },
    }),
  },
  '/api/v1/batch/products': {
    post: {
      ...keyOperation({
        operationId: 'getProducts',
        summary: `Up to ${BATCH_MAX} products at once, by id or model number, each with the provenance of every value`,
        scope: 'products:read',
        cost: 1,
        tags: ['products'],
        description:
          `A bill of materials in one call: each entry is a product id or a model number as typed, answered in the order asked, each found (the product, as getProduct answers it) or not (its \`reason\`); an entry that finds nothing never fails the call. Ids are read in one multi-get of the index; entries that are not ids are then resolved together in one more request, as search resolves an exact model (as typed without regard to case, else without punctuation); a model number that names several products is \`ambiguous\` and lists them. With \`as_of\`, the revisions are read from the database after the index. ` +
          `Costs 1 credit per entry asked for, found or not (\`X-Quota-Cost\`): a lookup that finds nothing was still made. The whole price is charged before anything is read (an account that cannot pay it is refused with 402 and nothing is read). A POST because ${BATCH_MAX} ids do not fit a query string; it reads only, and may be repeated. No ETag.`,
        requestBody: jsonBody('ProductBatchRequest'),
        success: json('One entry per entry asked for, in the order asked.', 'ProductBatch'),
        errors: {
          400: problem(
            `Invalid body: no ids, more than ${BATCH_MAX}, a duplicate, an entry longer than the limit or holding control characters, an unknown field, a bad as_of; malformed JSON.`,
          ),
          413: problem('Body larger than `x-body-limit-bytes`.'),
          415: problem('Body is not application/json.'),
        },
        untagged: true,
      }),
      'x-credit-cost-per-entry': 1,
      'x-body-limit-bytes': BATCH_BODY_LIMIT,
    },
  },
  '/api/v1/products/{id}/similar': {
    get: {
      ...keyOperation({
        operationId: 'listSimilarProducts',
        summary: 'Alternatives: products of the same category nearest this one in the specs that decide a substitution',
        scope: 'products:read',
        cost: 1,
        tags: ['products'],
        description: `Products of the same category, without this one, whose primary deciding spec (the first of \`near\`) lies within ±${PRIMARY_BAND * 100}% of this product's, ranked by how near each deciding spec lies (\`x-substitution\`: \`near\` specs count half at \`within\` of this product's value, \`same\` specs count when equal, each by its \`weight\`). Products the newest edition of their lists still lists come first. Each substitute says which deciding specs differ and by how much (\`differences\`, \`explanation\`) and which are the same.`,
        parameters: [
          ID_PARAM,
          param('limit', 'How many substitutes at most.', {
            type: 'integer',
            minimum: SIMILAR_LIMIT.min,
            maximum: SIMILAR_LIMIT.max,
            default: SIMILAR_LIMIT.default,
          }),
        ],
        success: json('The substitutes, listed ones first, nearest first.', 'SimilarProducts'),
        errors: { 400: problem('Invalid id or limit.'), 404: problem('No product with this id.') },
      }),
      'x-substitution': SUBSTITUTION,
    },
  },
  '/api/v1/export': {
    get: {
      ...keyOperation({
        operationId: 'exportProducts',
        summary: 'Every current product with the provenance of each value, as streaming NDJSON',
        scope: 'products:read',
        cost: 1,
        tags: ['products'],
        description: `One JSON object per line: the product, the provenance of each value, its quality checks and its listing. Send \`Accept-Encoding: gzip\` for a gzip stream. Costs 1 credit per 100 products (at least 1): the products are counted first and the whole price is charged before any of them is read; \`X-Quota-Cost\` says how many. An account runs at most \`x-exports-per-account\` exports at once on one instance (one more answers 429), and an export whose connection sends nothing of what it holds for \`x-export-idle-timeout-ms\` is closed (the stream ends cut short; a slow but steady reader is never cut). Lines come in product id order: an export cut short gives back the credits of the products it did not send, and \`after\` resumes it after the last id received. A HEAD is answered from the headers alone: nothing is counted, opened or charged.`,
        parameters: [
          param('category', 'Only this category.', { type: 'string', enum: [...CATEGORIES] }),
          IN_LATEST_EDITION_PARAM,
          param(
            'after',
            'Resume an export cut short: only products whose id sorts after this one (the `id` of the last line received). Lines come in id order.',
            { type: 'string', minLength: 1, maxLength: 200 },
          ),
        ],
        success: {
          description: 'The products, one per line.',
          content: {
            'application/x-ndjson': {
              schema: { type: 'string', description: 'NDJSON: one product object per line.' },
            },
          },
        },
        errors: { 400: problem('Invalid category.') },
        untagged: true,
      }),
      'x-credit-cost-per-100-products': 1,
      'x-exports-per-account': setting('EXPORT_CONCURRENCY_PER_ACCOUNT'),
      'x-export-idle-timeout-ms': setting('EXPORT_IDLE_TIMEOUT_MS'),
    },
  },
  '/api/v1/compare': {
    get: keyOperation({
      operationId: 'compareProducts',
      summary: 'Compare 2 to 10 products spec by spec',
      scope: 'products:read',
      cost: 2,
      tags: ['products'],
      parameters: [
        {
          ...commaList(
            'ids',
            `Comma-separated product ids, ${COMPARE_MIN} to ${COMPARE_MAX}, no duplicates.`,
            { type: 'string', minLength: 1, maxLength: 120, pattern: PRODUCT_ID_PATTERN },
            { minItems: COMPARE_MIN, maxItems: COMPARE_MAX, uniqueItems: true },
          ),
          required: true,
        },
      ],
      success: json(
        'The products in the order asked, and for every spec present in any of them each value and whether they differ.',
        'Comparison',
      ),
      errors: {
        400: problem(
          'Missing, single, duplicate, malformed or too many ids; or ids that name no product (type `unknown-products`, with `unknown_ids` listing them; not charged).',
        ),
      },
    }),
  },
};
