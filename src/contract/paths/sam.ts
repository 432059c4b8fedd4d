// The operations of the tag `sam`: SAM-format lists (CEC modules and inverters, Sandia modules, ADR
// inverters) as pvlib's retrieve_sam reads them, with a key or through a signed, expiring URL.
import {
  SAM_LINK_DEFAULT_TTL_S,
  SAM_LINK_MAX_TTL_S,
  SAM_LIST_NAMES,
  SAM_PRODUCT_ID_COLUMN,
} from '../../catalog/sam-lists';
import type { OperationObject, ParameterObject, PathsObject } from '../openapi.types';
import { collectionParams, RANGE_DOC } from './collection-parameters';
import { param } from './parameters';
import { BEARER_HEADERS, RETRY_AFTER, jsonBody, keyOperation, problem, setting } from './responses';

/** A day, or an RFC 3339 time. */
const SAM_AS_OF_PATTERN =
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2}))?$';

/** The list operation's parameters a SAM list takes: its filters, not its text, category, paging, sort or fields. */
const FILTERS = collectionParams('list').filter(
  (p) => !['q', 'category', 'limit', 'cursor', 'sort', 'fields'].includes(p.name),
);

export const SAM_PARAMETERS: readonly ParameterObject[] = [
  {
    name: 'list',
    in: 'path',
    required: true,
    description: `The list: ${SAM_LIST_NAMES.join(', ')}. Another list of the service (\`GET /api/v1/sources\`) answers 404 \`no-sam-format\`.`,
    schema: { type: 'string', minLength: 1, maxLength: 60, pattern: '^[a-z0-9-]+$' },
  },
  param(
    'edition',
    "The list's edition (its date, as `GET /api/v1/sources` gives it): the rows and cells as that edition printed them. Default: the newest.",
    { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', maxLength: 10 },
  ),
  param(
    'as_of',
    'Instead of `edition`: the newest edition dated on or before this day (a date, or an RFC 3339 time whose date is taken).',
    { type: 'string', pattern: SAM_AS_OF_PATTERN, maxLength: 40 },
  ),
  param(
    'product_id',
    `true: a last column \`${SAM_PRODUCT_ID_COLUMN}\` holds each row's product id here (pvlib keeps it as one more row of each product's Series; nothing it reads changes). Default: SAM's columns alone.`,
    { type: 'boolean', default: false },
  ),
  ...FILTERS,
];

const CSV = {
  description:
    "SAM's CSV library format: the edition's three header rows (names, units, SAM variable names) exactly as its file has them, then one row per record of the selected products, each cell as the file printed it, in the file's order.",
  content: { 'text/csv': { schema: { type: 'string' } } },
};

const PRICE = `Costs 1 credit per 100 rows (at least 1), charged in full before anything is sent; \`X-Quota-Cost\` says how many. An account chooses at most \`x-exports-per-account\` SAM lists at once on one instance (one more answers 429).`;

const DESCRIPTION = `The rows of one edition of a list SAM has a format for, for the products the list operation's filters select (by their current values; ${RANGE_DOC}), as that edition's file printed them: \`pvlib.pvsystem.retrieve_sam(path=url)\` reads it as it reads the file (use a signed URL: \`POST /api/v1/sam-links\`). The \`Name\` column is SAM's name (pvlib's column after its normalisation); \`product_id=true\` adds the service's id. ${PRICE} The file is the one the catalog was seeded from (its sha256 checked); a product listed twice by the edition has both rows.`;

const exportSam: OperationObject = {
  ...keyOperation({
    operationId: 'exportSamList',
    summary:
      'One edition of a SAM list (CEC modules or inverters, Sandia modules, ADR inverters) as SAM and pvlib read it',
    scope: 'products:read',
    cost: 1,
    tags: ['sam'],
    description: DESCRIPTION,
    parameters: [...SAM_PARAMETERS],
    success: CSV,
    errors: {
      400: problem('Invalid filter, range, edition or as_of; or both edition and as_of.'),
      404: problem(
        'No such list, a list SAM has no format for (type `no-sam-format`), or no such edition (or none by `as_of`).',
      ),
    },
    untagged: true,
  }),
  'x-credit-cost-per-100-rows': 1,
  'x-exports-per-account': setting('EXPORT_CONCURRENCY_PER_ACCOUNT'),
};

const LINK_ERRORS = {
  403: problem('The URL was altered, or names no link (type `signed-url-invalid`). Nothing charged.'),
  410: problem(
    'The link expired (type `signed-url-expired`), was revoked, or the API key that made it no longer works (type `signed-url-revoked`). Nothing charged.',
  ),
  402: problem("The link owner's account has too few credits for this download; nothing charged."),
  429: { ...problem("Rate limit of the link's API key exceeded; see Retry-After."), headers: RETRY_AFTER },
  503: { ...problem('A dependency is unavailable; see Retry-After.'), headers: RETRY_AFTER },
};

/** A key operation that answers 201 (it makes something) where keyOperation answers 200. */
function created(op: OperationObject): OperationObject {
  const { 200: made, ...others } = op.responses;
  return { ...op, responses: { 201: made, ...others } };
}

export const SAM_PATHS: PathsObject = {
  '/api/v1/exports/sam/{list}': { get: exportSam },
  '/api/v1/sam-links': {
    post: {
      ...created(
        keyOperation({
          operationId: 'createSamLink',
          summary:
            'A signed, read-only, expiring URL for one SAM list export, for readers that cannot send a key (pvlib)',
          scope: 'products:read',
          cost: 1,
          tags: ['sam'],
          description: `The URL names a random id and carries an HMAC signature of the link (list, query, expiry, owner) under a server secret; never the key. Anyone holding it can download that export, and only that export, until \`expires_at\` (default ${SAM_LINK_DEFAULT_TTL_S} s, at most \`x-max-expires-in\`), or until the link or the key that made it is revoked. Each download is charged to this key's account as \`exportSamList\` would be (1 credit per 100 rows), under this key's rate limit. Making a link costs 1 credit; its query is validated now, as \`exportSamList\` validates it. \`pvlib.pvsystem.retrieve_sam(path=url)\` reads it.`,
          requestBody: jsonBody('NewSamLink'),
          success: {
            description: 'The link.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/SamLink' } } },
          },
          errors: {
            400: problem('Invalid list name, query (each failure named `query.<parameter>`), expires_in or body.'),
            404: problem('No such list, or a list SAM has no format for (type `no-sam-format`).'),
            413: problem('Body too large.'),
            415: problem('Body is not application/json.'),
          },
          untagged: true,
        }),
      ),
      'x-max-expires-in': SAM_LINK_MAX_TTL_S,
    },
  },
  '/api/v1/sam-links/{id}': {
    get: {
      operationId: 'downloadSamLink',
      summary: 'A signed SAM list URL: the export it was made for, charged to its owner',
      tags: ['sam'],
      security: [],
      'x-scope': 'signed-url',
      'x-credit-cost': 1,
      'x-credit-cost-per-100-rows': 1,
      'x-exports-per-account': setting('EXPORT_CONCURRENCY_PER_ACCOUNT'),
      description: `No key: the \`signature\` is the credential. Answers what \`exportSamList\` answers for the link's list and query (the edition as it is now pinned: a link made without \`edition\` follows the newest). ${PRICE} The credits are the link owner's.`,
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 64 } },
        {
          ...param('signature', 'The signature the link was made with.', {
            type: 'string',
            minLength: 1,
            maxLength: 100,
          }),
          required: true,
        },
      ],
      responses: { 200: { ...CSV, headers: BEARER_HEADERS }, 400: problem('Missing signature.'), ...LINK_ERRORS },
    },
    delete: {
      operationId: 'revokeSamLink',
      summary: "Revoke one of the account's signed SAM links",
      tags: ['sam'],
      security: [{ apiKey: [] }],
      'x-scope': 'key',
      description:
        'Any key of the account that made the link may revoke it; its URL answers 410 from then on, on every instance. Costs no credits.',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 64 } }],
      responses: {
        204: { description: 'Revoked (or already was).' },
        400: problem('Invalid link id (more than 64 characters).'),
        401: problem('Missing, unknown, expired or revoked API key.'),
        404: problem('No such link on this account.'),
        429: { ...problem('Rate limit exceeded; see Retry-After.'), headers: RETRY_AFTER },
        503: { ...problem('A dependency is unavailable; see Retry-After.'), headers: RETRY_AFTER },
      },
    },
  },
};
