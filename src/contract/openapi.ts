// The OpenAPI 3.0.3 document: the single source of truth. Request validation is compiled from it,
// routes mount only for operations it declares (with their scope and cost), tests validate every
// response against it, and GET /api/v1/openapi.json serves exactly this object.
import { CATEGORIES, SPECS } from '../catalog/spec-catalog';
import { NOMINAL_POWER, type RangeSpec } from '../catalog/product-query';
import { ERRORS, PROBLEM_TYPE_BASE } from '../errors/catalog';
import { CONFIG_DEFAULTS } from '../config';
import { NOTICE } from '../catalog/notice';
import { ENDED_KEYS_KEPT_DAYS, IDEMPOTENCY_WINDOW_HOURS, type Scope } from '../catalog/api-key.types';
import { SCHEMAS } from './schemas';
import { DELIVERY_PATHS, WATCH_PATHS } from './watch-paths';
import { QUALITY_CHECKS } from '../catalog/quality';
import { PRODUCT_ID_PATTERN } from '../catalog/product-id';
import { PRIMARY_BAND, SIMILAR_LIMIT, SUBSTITUTION } from '../catalog/substitution';
import { COMPATIBILITY_DOC, PERFORMANCE_DOC } from './design-docs';
import { AS_OF_PATTERN } from './as-of';
import { BATCH_BODY_LIMIT, BATCH_MAX } from './batch-vocabulary';
import {
  sortValues,
  COMPARE_MIN,
  COMPARE_MAX,
  FIELD_VALUES,
  MAX_SORT_KEYS,
  RANGE_OPS,
  RANGE_SPECS,
  VALUE_SPECS,
  rangeParam,
  rangeValuePattern,
  unitFactors,
  valueParam,
} from './query-vocabulary';

/** A limit the operator sets: its configuration key and its default (what an instance enforces unless configured otherwise). */
const setting = (key: keyof typeof CONFIG_DEFAULTS) => ({ setting: key, default: CONFIG_DEFAULTS[key] });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ref('Problem') } },
});
const header = (description: string, type = 'string') => ({ description, schema: { type } });

const BEARER_HEADERS = {
  'X-Request-Id': header('Request identifier (echoed when the client sent a sane one).'),
  'X-RateLimit-Limit': header('Requests allowed per window for this key.', 'integer'),
  'X-RateLimit-Remaining': header('Requests left in the current window.', 'integer'),
  'X-RateLimit-Reset': header('Unix time (seconds) when the window resets.', 'integer'),
  RateLimit: header('IETF draft RateLimit field, e.g. `"default";r=599;t=42`.'),
  'RateLimit-Policy': header('IETF draft RateLimit-Policy field, e.g. `"default";q=600;w=60`.'),
  'X-Quota-Balance': header('Credits left on the account after this request.', 'integer'),
  'X-Quota-Cost': header('Credits this request cost.', 'integer'),
  'Server-Timing': header(
    'Durations of the search (`es`) and database (`db`) steps and the total, in ms. Answers of index-only reads may be kept and shared between accounts within one index generation; no step names a kept answer, though one made without an `es` step, or quickly, may have been. What another account asked is never part of an answer.',
  ),
};

const KEY_ERRORS = {
  401: problem('Missing, unknown, expired or revoked API key, or a login token where an API key is required.'),
  402: problem('The account has too few credits for this request; nothing was done.'),
  403: problem('The key lacks the scope this operation requires.'),
  429: {
    ...problem(
      'Rate limit exceeded for this key or for its account (all its keys together), or too many refused keys from this address (IPv6: its /64); see Retry-After. A window starts with the first request after the last one ended (`X-RateLimit-Reset` says when it ends). The limits are shared by every instance and never exceeded; counted in blocks of at most 1/32 of the limit, they may refuse a key or account that several instances serve up to one such block per other instance early, while that instance holds allowance it has not used (it gives it back after a second without use).',
    ),
    headers: { 'Retry-After': header('Seconds to wait.', 'integer') },
  },
  503: {
    ...problem(
      'A dependency is unavailable or did not answer within the request timeout (type `dependency-timeout`); see Retry-After.',
    ),
    headers: { 'Retry-After': header('Seconds to wait.', 'integer') },
  },
};

const param = (name: string, description: string, schema: object, extra: object = {}) => ({
  name,
  in: 'query',
  description,
  schema,
  ...extra,
});

const LIMIT_PARAM = param('limit', 'Page size.', { type: 'integer', minimum: 1, maximum: 100, default: 20 });
// Cursors are base64url payload "." base64url signature (search/cursor.ts); only one this API issued
// for the same query is valid, which no schema can say.
const CURSOR_PARAM = param(
  'cursor',
  'Opaque cursor from `meta.next_cursor`; valid only with the same q, filters and sort.',
  { type: 'string', minLength: 3, maxLength: 2048, pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$' },
);
/** A comma-separated list (`a,b,c`): OpenAPI's form style without explode. */
const commaList = (name: string, description: string, items: object, bounds: object) =>
  param(name, description, { type: 'array', items, ...bounds }, { style: 'form', explode: false });

const RANGE_OP_WORDS: Record<string, string> = { gte: 'at least', gt: 'more than', lte: 'at most', lt: 'less than' };
const rangeUnits = (spec: RangeSpec) => Object.keys(unitFactors(spec)).join(', ');
const unitOf = (spec: RangeSpec) => (spec === NOMINAL_POWER ? 'W' : SPECS[spec].unit);
const rangeSubject = (spec: RangeSpec) =>
  spec === NOMINAL_POWER
    ? 'nominal power (STC power of a module, AC power of an inverter, heating output of a heat pump)'
    : spec;
const RANGE_PARAMS = RANGE_SPECS.flatMap((spec) =>
  RANGE_OPS.map((op) =>
    param(
      rangeParam(spec, op),
      `Only products whose ${rangeSubject(spec)} is ${RANGE_OP_WORDS[op]} this${rangeUnits(spec) ? ` (unit, any case: ${rangeUnits(spec)}; none means ${unitOf(spec)})` : ''}.`,
      { type: 'string', maxLength: 40, pattern: rangeValuePattern(spec) },
    ),
  ),
);
const VALUE_PARAMS = VALUE_SPECS.map((spec) =>
  SPECS[spec].type === 'boolean'
    ? param(valueParam(spec), `Only products whose ${spec} is this.`, { type: 'boolean' })
    : param(
        valueParam(spec),
        `Only products whose ${spec} is one of these (repeat for several; compared without regard to case).`,
        // Printable ASCII, as every value the lists hold: it keeps the longest request within MAX_HEADER_BYTES.
        { type: 'array', maxItems: 10, items: { type: 'string', minLength: 1, maxLength: 60, pattern: '^[ -~]+$' } },
        { style: 'form', explode: true },
      ),
);

const IN_LATEST_EDITION_PARAM = param(
  'in_latest_edition',
  'true: only products the newest edition of their lists still lists (what is listed now); false: only those it no longer lists. See `listing` on each product.',
  { type: 'boolean' },
);

function collectionParams(mode: 'list' | 'search') {
  return [
    param(
      'q',
      'Free-text query over model, manufacturer, aliases and text specs; understands model numbers ("SUN2000-5KTL", "Q.PEAK DUO", part-number prefixes), and in a search also words and quantities ("Trina module", "bifacial 550W", "SMA 7.7kW inverter", "Daikin air to water heat pump"): see `meta.interpretation`.',
      { type: 'string', minLength: 1, maxLength: 200 },
    ),
    param(
      'category',
      'Only these categories (repeat the parameter for several).',
      { type: 'array', maxItems: 10, items: { type: 'string', enum: [...CATEGORIES] } },
      { style: 'form', explode: true },
    ),
    param(
      'manufacturer',
      'Only these companies (repeat for several): a company id (`meta.facets.manufacturer[].id`, `GET /api/v1/manufacturers`), any way the sources spell it, or a short name people use (`Jinko`, `Qcells`), case-insensitive; each selects the whole company, and the products branded by others that it made (`made_by`).',
      { type: 'array', maxItems: 20, items: { type: 'string', minLength: 1, maxLength: 100 } },
      { style: 'form', explode: true },
    ),
    IN_LATEST_EDITION_PARAM,
    param(
      'quality',
      'Only products whose consistency checks (see `x-quality-checks`) have this status: pass, fail or unchecked (repeat for several).',
      { type: 'array', maxItems: 3, items: { type: 'string', enum: ['pass', 'fail', 'unchecked'] } },
      { style: 'form', explode: true },
    ),
    LIMIT_PARAM,
    CURSOR_PARAM,
    commaList(
      'sort',
      `Ordering by up to ${MAX_SORT_KEYS} comma-separated keys, each optionally prefixed by \`-\` for descending${mode === 'search' ? '; `relevance` is the default' : ''}. The product id is always added as a tiebreaker.`,
      { type: 'string', enum: sortValues(mode) },
      { minItems: 1, maxItems: MAX_SORT_KEYS },
    ),
    commaList(
      'fields',
      'Comma-separated projection: top-level fields or single specs (`specs.<name>`). `id` is always returned.',
      { type: 'string', enum: FIELD_VALUES },
      { minItems: 1, maxItems: FIELD_VALUES.length },
    ),
    ...RANGE_PARAMS,
    ...VALUE_PARAMS,
  ];
}

const ID_PARAM = { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 200 } };

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
const RANGE_DOC =
  "Numeric spec ranges: `specs.<name>[gte|gt|lte|lt]=<value>` for every numeric spec, e.g. `specs.stc_power_w[gte]=400` or `specs.ac_power_w[lte]=7.6kW`. Values may carry a unit of the spec's dimension (W, kW, MW; V, kV, mV; A, kA, mA), after at most one space.";

const ETAG = header(
  'Tag of this answer (a hash of its bytes); send it back in If-None-Match to get 304 while it has not changed.',
);
const NOT_MODIFIED = {
  description:
    'Not Modified: the answer still has the ETag sent in If-None-Match. Costs what the 200 would (see the description at the top).',
  headers: {
    ETag: ETAG,
    'X-Quota-Cost': BEARER_HEADERS['X-Quota-Cost'],
    'X-Quota-Balance': BEARER_HEADERS['X-Quota-Balance'],
  },
};

/** `untagged`: the answer carries no ETag (a stream, or a POST's), so never 304. */
function keyOperation(
  operationId: string,
  summary: string,
  scope: Scope,
  cost: number,
  extra: object,
  success: object,
  errors: Record<number, object>,
  untagged = false,
) {
  return {
    operationId,
    summary,
    security: [{ apiKey: [] }],
    'x-scope': scope,
    'x-credit-cost': cost,
    ...extra,
    responses: {
      200: { ...success, headers: untagged ? BEARER_HEADERS : { ...BEARER_HEADERS, ETag: ETAG } },
      ...(untagged ? {} : { 304: NOT_MODIFIED }),
      ...errors,
      ...KEY_ERRORS,
    },
  };
}

export function buildOpenApi() {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Product Data Service',
      version: '1.0.0',
      description: `Source-backed technical data on PV modules, inverters and heat pumps. Every value carries its provenance: source, revision, claim snapshot and locator (file, record, column).\n\n${NOTICE}\n\nErrors are RFC 9457 problem+json; their types are listed in \`x-problem-types\`. Credits are charged only for successful (2xx) answers, and for 304.\n\nEvery read but the export carries an \`ETag\`; send it back in \`If-None-Match\` and an unchanged answer comes as 304 Not Modified with no body. A 304 passes the same key, scope, rate-limit and credit checks as the 200 and costs the same: what it saves is the transfer. Current-product reads (list, search, get, compare, export) come from the search index, which a reindex replaces as a whole; an instance notices a reindex within about a second, so for that long after one it may still answer from the replaced data. No CORS: the API is for servers and scripts holding a secret key, so no response invites a page on another origin.`,
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'products' },
      { name: 'design' },
      { name: 'revisions' },
      { name: 'sources' },
      { name: 'search' },
      { name: 'companies' },
      { name: 'accounts' },
      { name: 'keys' },
      { name: 'watches' },
      { name: 'contract' },
    ],
    paths: {
      '/api/v1/products': {
        get: keyOperation(
          'listProducts',
          'List products, filtered and sorted, with cursor pagination',
          'products:read',
          1,
          {
            tags: ['products'],
            description: `Default sort: model. ${RANGE_DOC}`,
            parameters: collectionParams('list'),
          },
          { description: 'A page of products.', content: { 'application/json': { schema: ref('ProductCollection') } } },
          { 400: problem('Invalid query: bad limit, cursor, sort, fields, filter or range.') },
        ),
      },
      '/api/v1/products/{id}': {
        get: keyOperation(
          'getProduct',
          'One product with the provenance of every value',
          'products:read',
          1,
          {
            tags: ['products'],
            parameters: [
              ID_PARAM,
              param(
                'as_of',
                'The product as it stood at a revision number (`1`) or an RFC 3339 time (`2026-01-01T00:00:00Z`).',
                { type: 'string', pattern: AS_OF_PATTERN, maxLength: 40 },
              ),
            ],
          },
          { description: 'The product.', content: { 'application/json': { schema: ref('ProductDetail') } } },
          {
            400: problem('Invalid id or as_of.'),
            404: problem('No product with this id, or none at that revision or time.'),
          },
        ),
      },
      '/api/v1/batch/products': {
        post: {
          ...keyOperation(
            'getProducts',
            `Up to ${BATCH_MAX} products at once, by id or model number, each with the provenance of every value`,
            'products:read',
            1,
            {
              tags: ['products'],
              description:
                `A bill of materials in one call: each entry is a product id or a model number as typed, answered in the order asked, each found (the product, as getProduct answers it) or not (its \`reason\`); an entry that finds nothing never fails the call. Ids are read in one multi-get of the index; entries that are not ids are then resolved together in one more request, as search resolves an exact model (as typed without regard to case, else without punctuation); a model number that names several products is \`ambiguous\` and lists them. With \`as_of\`, the revisions are read from the database after the index. ` +
                `Costs 1 credit per product found (\`meta.found\`, \`X-Quota-Cost\`), none when nothing is found: the account must hold 1 credit to start, the rest is charged once the products are read, before the answer. A POST because ${BATCH_MAX} ids do not fit a query string; it reads only, and may be repeated. No ETag.`,
              requestBody: {
                required: true,
                content: { 'application/json': { schema: ref('ProductBatchRequest') } },
              },
            },
            {
              description: 'One entry per entry asked for, in the order asked.',
              content: { 'application/json': { schema: ref('ProductBatch') } },
            },
            {
              400: problem(
                `Invalid body: no ids, more than ${BATCH_MAX}, a duplicate, an entry longer than the limit or holding control characters, an unknown field, a bad as_of; malformed JSON.`,
              ),
              413: problem('Body larger than `x-body-limit-bytes`.'),
              415: problem('Body is not application/json.'),
            },
            true,
          ),
          'x-credit-cost-per-product-found': 1,
          'x-body-limit-bytes': BATCH_BODY_LIMIT,
        },
      },
      '/api/v1/products/{id}/similar': {
        get: {
          ...keyOperation(
            'listSimilarProducts',
            'Alternatives: products of the same category nearest this one in the specs that decide a substitution',
            'products:read',
            1,
            {
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
            },
            {
              description: 'The substitutes, listed ones first, nearest first.',
              content: { 'application/json': { schema: ref('SimilarProducts') } },
            },
            { 400: problem('Invalid id or limit.'), 404: problem('No product with this id.') },
          ),
          'x-substitution': SUBSTITUTION,
        },
      },
      '/api/v1/products/{id}/performance': {
        get: keyOperation(
          'getModulePerformance',
          "A module's Isc, Voc, Imp, Vmp and Pmp at given irradiance and cell temperature, and optionally its IV curve",
          'products:read',
          1,
          {
            tags: ['design'],
            description: PERFORMANCE_DOC,
            parameters: [
              ID_PARAM,
              param(
                'irradiance',
                'Effective irradiance on the cells, W/m² (after reflection, soiling and spectral losses).',
                { type: 'number', minimum: 1, maximum: 2000, default: 1000 },
              ),
              param('cell_temperature', 'Cell temperature, °C.', {
                type: 'number',
                minimum: -50,
                maximum: 100,
                default: 25,
              }),
              param(
                'model',
                '`cec`: De Soto with the CEC `Adjust` on alpha_sc (pvlib calcparams_cec; what the CEC parameters were fitted with). `desoto`: without it (pvlib calcparams_desoto).',
                { type: 'string', enum: ['cec', 'desoto'], default: 'cec' },
              ),
              param('iv_points', 'Also return the IV curve at this many evenly spaced voltages from 0 to Voc.', {
                type: 'integer',
                minimum: 2,
                maximum: 500,
              }),
            ],
          },
          {
            description: 'The operating point, the parameters used with their provenance, and the method.',
            content: { 'application/json': { schema: ref('ModulePerformance') } },
          },
          {
            400: problem(
              'Invalid parameter; or the product is not a PV module, or lacks a single-diode parameter (type `unsuitable-product`; `errors` names each missing value).',
            ),
            404: problem('No product with this id.'),
          },
        ),
      },
      '/api/v1/compatibility': {
        get: keyOperation(
          'checkCompatibility',
          'String sizing: how many modules in series an inverter takes between the coldest and the hottest temperature',
          'products:read',
          2,
          {
            tags: ['design'],
            description: COMPATIBILITY_DOC,
            parameters: [
              {
                ...param('module', "The PV module's product id.", {
                  type: 'string',
                  minLength: 1,
                  maxLength: 120,
                  pattern: PRODUCT_ID_PATTERN,
                }),
                required: true,
              },
              {
                ...param('inverter', "The inverter's product id.", {
                  type: 'string',
                  minLength: 1,
                  maxLength: 120,
                  pattern: PRODUCT_ID_PATTERN,
                }),
                required: true,
              },
              {
                ...param('t_min', 'The coldest temperature, °C (see `temperatures`). At most t_max.', {
                  type: 'number',
                  minimum: -70,
                  maximum: 60,
                }),
                required: true,
              },
              {
                ...param('t_max', 'The hottest temperature, °C (see `temperatures`).', {
                  type: 'number',
                  minimum: -50,
                  maximum: 100,
                }),
                required: true,
              },
              param(
                'temperatures',
                "`ambient`: t_min and t_max are air temperatures (the hot cell temperature is taken from the module's NOCT); `cell`: they are cell temperatures.",
                { type: 'string', enum: ['ambient', 'cell'], default: 'ambient' },
              ),
            ],
          },
          {
            description:
              'The fewest and most modules per string, each bound with its formula, the numbers put in, and the inputs with their provenance.',
            content: { 'application/json': { schema: ref('Compatibility') } },
          },
          {
            400: problem(
              'Invalid parameter, t_min above t_max; or `module` is not a PV module or `inverter` not an inverter, or one lacks a value the sizing needs (type `unsuitable-product`; `errors` names each).',
            ),
            404: problem('`module` or `inverter` names no product; `errors` says which.'),
          },
        ),
      },
      '/api/v1/products/{id}/revisions': {
        get: keyOperation(
          'listRevisions',
          "A product's revision history, newest first",
          'revisions:read',
          1,
          { tags: ['revisions'], parameters: [ID_PARAM, LIMIT_PARAM, CURSOR_PARAM] },
          {
            description: 'A page of revisions with what changed.',
            content: { 'application/json': { schema: ref('RevisionCollection') } },
          },
          { 400: problem('Invalid limit or cursor.'), 404: problem('No product with this id.') },
        ),
      },
      '/api/v1/products/{id}/revisions/{number}': {
        get: keyOperation(
          'getRevision',
          'One revision with its full claim snapshot: every value with unit, source, locator and method',
          'revisions:read',
          1,
          {
            tags: ['revisions'],
            parameters: [
              ID_PARAM,
              { name: 'number', in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: 1000000 } },
            ],
          },
          { description: 'The revision.', content: { 'application/json': { schema: ref('Revision') } } },
          { 400: problem('Invalid number.'), 404: problem('No such product or revision.') },
        ),
      },
      '/api/v1/export': {
        get: {
          ...keyOperation(
            'exportProducts',
            'Every current product with the provenance of each value, as streaming NDJSON',
            'products:read',
            1,
            {
              tags: ['products'],
              description: `One JSON object per line: the product, the provenance of each value, its quality checks and its listing. Send \`Accept-Encoding: gzip\` for a gzip stream. Costs 1 credit per 100 products (at least 1): the products are counted first and the whole price is charged before any of them is read; \`X-Quota-Cost\` says how many. An account runs at most \`x-exports-per-account\` exports at once on one instance (one more answers 429), and an export whose connection sends nothing of what it holds for \`x-export-idle-timeout-ms\` is closed (the stream ends cut short; a slow but steady reader is never cut). Lines come in product id order: an export cut short gives back the credits of the products it did not send, and \`after\` resumes it after the last id received.`,
              parameters: [
                param('category', 'Only this category.', { type: 'string', enum: [...CATEGORIES] }),
                IN_LATEST_EDITION_PARAM,
                param(
                  'after',
                  'Resume an export cut short: only products whose id sorts after this one (the `id` of the last line received). Lines come in id order.',
                  { type: 'string', minLength: 1, maxLength: 200 },
                ),
              ],
            },
            {
              description: 'The products, one per line.',
              content: {
                'application/x-ndjson': {
                  schema: { type: 'string', description: 'NDJSON: one product object per line.' },
                },
              },
            },
            { 400: problem('Invalid category.') },
            true,
          ),
          'x-credit-cost-per-100-products': 1,
          'x-exports-per-account': setting('EXPORT_CONCURRENCY_PER_ACCOUNT'),
          'x-export-idle-timeout-ms': setting('EXPORT_IDLE_TIMEOUT_MS'),
        },
      },
      '/api/v1/changes': {
        get: keyOperation(
          'listChanges',
          'The feed of product revisions in commit order, for incremental sync',
          'revisions:read',
          1,
          {
            tags: ['revisions'],
            description: `Start without a cursor; keep \`meta.cursor\` and pass it next time to get only what came since. \`next_cursor\` is present while more is already available. Entries never repeat and none is skipped. Costs 1 credit per ${CHANGES_PER_CREDIT} entries of \`limit\` (rounded up; \`limit=100\` costs 4), charged before the page is read.`,
            parameters: [LIMIT_PARAM, CURSOR_PARAM],
          },
          { description: 'A page of the feed.', content: { 'application/json': { schema: ref('ChangeFeed') } } },
          { 400: problem('Invalid limit or cursor.') },
        ),
      },
      '/api/v1/sources': {
        get: keyOperation(
          'listSources',
          'The source files the data comes from',
          'products:read',
          1,
          { tags: ['sources'] },
          {
            description: 'Every source with its publisher chain, sha256, licence and how many products it backs.',
            content: { 'application/json': { schema: ref('SourceList') } },
          },
          {},
        ),
      },
      '/api/v1/sources/{id}': {
        get: keyOperation(
          'getSource',
          'One source file',
          'products:read',
          1,
          {
            tags: ['sources'],
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 100 } },
            ],
          },
          { description: 'The source.', content: { 'application/json': { schema: ref('Source') } } },
          { 400: problem('Invalid id.'), 404: problem('No source with this id.') },
        ),
      },
      '/api/v1/manufacturers': {
        get: keyOperation(
          'listManufacturers',
          'The companies behind the products, each once however the sources spell it, with product counts per category',
          'products:read',
          1,
          {
            tags: ['companies'],
            description:
              'Ordered by company id. Counts are of current products. A company id is what `manufacturer=` and `meta.facets.manufacturer[].id` use.',
            parameters: [
              param('category', 'Only companies with products of this category (and only those are counted).', {
                type: 'string',
                enum: [...CATEGORIES],
              }),
              LIMIT_PARAM,
              CURSOR_PARAM,
            ],
          },
          {
            description: 'A page of companies.',
            content: { 'application/json': { schema: ref('CompanyCollection') } },
          },
          { 400: problem('Invalid category, limit or cursor.') },
        ),
      },
      '/api/v1/manufacturers/{id}': {
        get: keyOperation(
          'getManufacturer',
          'One company: every spelling the sources use for it, each with the rule and evidence that tie it, and its relations to other companies',
          'products:read',
          1,
          { tags: ['companies'], parameters: [ID_PARAM] },
          { description: 'The company.', content: { 'application/json': { schema: ref('Company') } } },
          { 400: problem('Invalid id.'), 404: problem('No company with this id.') },
        ),
      },
      '/api/v1/search': {
        get: keyOperation(
          'searchProducts',
          'Relevance-ranked full-text search with facets',
          'search:read',
          2,
          { tags: ['search'], description: `${SEARCH_DOC} ${RANGE_DOC}`, parameters: collectionParams('search') },
          { description: 'A page of results.', content: { 'application/json': { schema: ref('ProductCollection') } } },
          { 400: problem('Invalid query.') },
        ),
      },
      '/api/v1/compare': {
        get: keyOperation(
          'compareProducts',
          'Compare 2 to 10 products spec by spec',
          'products:read',
          2,
          {
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
          },
          {
            description:
              'The products in the order asked, and for every spec present in any of them each value and whether they differ.',
            content: { 'application/json': { schema: ref('Comparison') } },
          },
          {
            400: problem(
              'Missing, single, duplicate, malformed or too many ids; or ids that name no product (type `unknown-products`, with `unknown_ids` listing them; not charged).',
            ),
          },
        ),
      },
      '/api/v1/openapi.json': {
        get: {
          operationId: 'getOpenApiContract',
          summary: 'This document',
          tags: ['contract'],
          security: [],
          'x-scope': 'public',
          responses: {
            200: {
              description: 'The OpenAPI document.',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
            400: problem(
              'Query parameters were sent; this operation takes none (the problem lists at most the first 50).',
            ),
          },
        },
      },
      '/api/v1/specs': {
        get: {
          operationId: 'listSpecs',
          summary: 'The glossary: every spec, its unit, the products that carry it, its source columns and pvlib name',
          tags: ['contract'],
          security: [],
          'x-scope': 'public',
          description:
            'The same glossary the document carries on each spec of `Specs` (`x-unit`, `x-pvlib-name`, `x-source-columns`): ' +
            "for each spec, pvlib's parameter name in `retrieve_sam('CECMod')` or `('CECInverter')` where it has one (`a_ref_v` is `a_ref`), " +
            'and the column of each list file it is read from. Public, like this document.',
          responses: {
            200: {
              description: 'Every spec, in the catalog order.',
              content: { 'application/json': { schema: ref('SpecGlossary') } },
            },
            400: problem(
              'Query parameters were sent; this operation takes none (the problem lists at most the first 50).',
            ),
          },
        },
      },
      '/api/v1/auth/register': {
        post: {
          operationId: 'register',
          summary: 'Create an account',
          tags: ['accounts'],
          security: [],
          'x-scope': 'public',
          description:
            'Emails are trimmed and lower-cased. Passwords need 12+ characters, at least 3 different ones (ignoring case), must not be a common password and must not contain the part of the email before the @ (when it has 4+ characters). An email already registered answers 409 (we chose clarity for legitimate users; registration is rate limited per client address).',
          requestBody: { required: true, content: { 'application/json': { schema: ref('Credentials') } } },
          responses: {
            201: {
              description: 'The account.',
              content: { 'application/json': { schema: ref('Account') } },
              headers: { 'X-Request-Id': BEARER_HEADERS['X-Request-Id'] },
            },
            400: problem('Invalid email, weak password, unknown fields, malformed JSON.'),
            409: problem('Email already registered.'),
            413: problem('Body too large.'),
            415: problem('Body is not application/json.'),
            429: problem('Too many registrations from this address.'),
            503: problem('A dependency is unavailable.'),
          },
        },
      },
      '/api/v1/auth/login': {
        post: {
          operationId: 'login',
          summary: 'Exchange email and password for a short-lived login token (for key management)',
          tags: ['accounts'],
          security: [],
          'x-scope': 'public',
          requestBody: { required: true, content: { 'application/json': { schema: ref('Credentials') } } },
          responses: {
            200: {
              description: 'A login token (JWT, HS256).',
              content: { 'application/json': { schema: ref('LoginToken') } },
            },
            400: problem('Malformed body.'),
            401: problem('Wrong email or password (the same answer either way).'),
            413: problem('Body too large.'),
            415: problem('Body is not application/json.'),
            429: {
              ...problem(
                'Too many failed logins for this email from this address, or from this address (IPv6: its /64); a successful login counts nothing.',
              ),
              headers: { 'Retry-After': header('Seconds to wait.', 'integer') },
            },
            503: problem('A dependency is unavailable.'),
          },
        },
      },
      '/api/v1/developer/keys': {
        get: {
          operationId: 'listApiKeys',
          summary: "The account's API keys (never their secrets)",
          description:
            'Live keys, and keys revoked or expired within the last 30 days (`x-ended-keys-kept-days`); older ones are deleted.',
          tags: ['keys'],
          'x-ended-keys-kept-days': ENDED_KEYS_KEPT_DAYS,
          security: [{ loginToken: [] }],
          'x-scope': 'account',
          responses: {
            200: { description: 'Keys, newest first.', content: { 'application/json': { schema: ref('ApiKeyList') } } },
            401: problem('Missing, invalid or expired login token.'),
            503: problem('A dependency is unavailable.'),
          },
        },
        post: {
          operationId: 'createApiKey',
          summary: 'Create a scoped API key; its secret is shown once',
          tags: ['keys'],
          security: [{ loginToken: [] }],
          'x-scope': 'account',
          'x-max-keys-per-account': setting('MAX_KEYS_PER_ACCOUNT'),
          'x-key-changes-per-window': setting('KEY_CHANGES_MAX'),
          'x-idempotency-window-hours': IDEMPOTENCY_WINDOW_HOURS,
          description:
            'Creations and revocations count together per account: past `x-key-changes-per-window` in the login window, 429 with Retry-After. Send an `Idempotency-Key` to make a retry safe: the same request with the same key within `x-idempotency-window-hours` answers 201 with the key made the first time, its secret included, and the header `Idempotent-Replayed: true`; the same key with another request, or later, answers 422.',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description:
                'A value unique to this creation (a UUID is usual); a retry sends the same one. The key made is derived from it, the account and a server secret.',
              schema: { type: 'string', pattern: '^[!-~]{1,255}$' },
            },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: ref('NewApiKey') } } },
          responses: {
            201: {
              description: 'The key, with its secret (again, for a retry with the same Idempotency-Key).',
              headers: {
                'Idempotent-Replayed': {
                  description: '`true` when the key was made by an earlier request with the same Idempotency-Key.',
                  schema: { type: 'string', enum: ['true'] },
                },
              },
              content: { 'application/json': { schema: ref('ApiKeyCreated') } },
            },
            400: problem('Invalid name, unknown scope, expiry in the past, malformed JSON or Idempotency-Key.'),
            401: problem('Missing, invalid or expired login token.'),
            409: problem(
              `The account already holds the most live (unrevoked, unexpired) keys it may (\`x-max-keys-per-account\`); revoke one first (type \`key-limit-reached\`).`,
            ),
            413: problem('Body too large.'),
            415: problem('Body is not application/json.'),
            422: problem(
              'The Idempotency-Key was sent before with another request, or longer ago than `x-idempotency-window-hours`.',
            ),
            429: problem('Too many key changes on this account; see Retry-After.'),
            503: problem('A dependency is unavailable.'),
          },
        },
      },
      '/api/v1/auth/key': {
        delete: {
          operationId: 'revokeCurrentApiKey',
          summary: 'Revoke the API key this request is made with',
          description:
            "A key revokes itself, whatever its scopes: what a page or a script that holds only its key does when it is done (the equipment explorer on sign-out). Costs no credits; rate-limited like the key's other calls, and counted with the account's key changes. Further requests with the key get 401.",
          tags: ['keys'],
          security: [{ apiKey: [] }],
          'x-scope': 'key',
          responses: {
            204: { description: 'Revoked.' },
            401: problem('Missing, invalid, revoked or expired API key.'),
            429: problem('Rate limit exceeded; see Retry-After.'),
            503: problem('A dependency is unavailable.'),
          },
        },
      },
      '/api/v1/developer/keys/{id}': {
        delete: {
          operationId: 'revokeApiKey',
          summary: "Revoke one of the account's keys",
          tags: ['keys'],
          security: [{ loginToken: [] }],
          'x-scope': 'account',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 100 } },
          ],
          responses: {
            204: { description: 'Revoked (or already revoked).' },
            400: problem('The key id is not a valid key id.'),
            401: problem('Missing, invalid or expired login token.'),
            404: problem('No such key on this account.'),
            429: problem(
              'Too many key changes on this account (creations and revocations count together); see Retry-After.',
            ),
            503: problem('A dependency is unavailable.'),
          },
        },
      },
      ...WATCH_PATHS,
      ...DELIVERY_PATHS,
    },
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key (`pds_...`) created with createApiKey; carries scopes.',
        },
        loginToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The token from login; only for key management.',
        },
      },
      schemas: SCHEMAS,
    },
    'x-problem-types': Object.fromEntries(
      Object.entries(ERRORS).map(([code, e]) => [
        PROBLEM_TYPE_BASE + e.slug,
        { code, status: e.status, title: e.title, description: e.description },
      ]),
    ),
    'x-spec-catalog': SPECS,
    'x-quality-checks': Object.fromEntries(
      Object.entries(QUALITY_CHECKS).map(([category, checks]) => [
        category,
        Object.fromEntries(Object.entries(checks).map(([name, c]) => [name, { rule: c.rule, inputs: c.inputs }])),
      ]),
    ),
  };
}

/**
 * Request line plus headers, at most. Chosen so that every request the document allows fits with
 * room for the headers (test/unit/contract/request-size.test.ts checks it): every range
 * parameter, every spec-value parameter and 20 manufacturers at their longest, percent-encoded, fit
 * within it (about 110 KiB since the spec-value parameters came with query understanding).
 */
export const MAX_HEADER_BYTES = 128 * 1024;

/**
 * Pairs a query string may carry, and times one name may repeat, before anything parses further
 * (src/http/query-string.ts). The largest request the document allows (every parameter of
 * searchProducts, each list at its maxItems) needs fewer: test/unit/contract/request-size.test.ts checks it.
 */
export const MAX_QUERY_PAIRS = 512;
export const MAX_QUERY_REPEATS = 20;

/** Entries of the changes feed a credit buys: a page costs by the entries it may read (its `limit`). */
export const CHANGES_PER_CREDIT = 25;

/** Every operation can meet the server's transport limit, answered before any route. */
function withTransportLimits<
  T extends { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> },
>(doc: T): T {
  for (const item of Object.values(doc.paths))
    for (const op of Object.values(item)) {
      op.responses['414'] ??= problem(
        `The query string has more than ${MAX_QUERY_PAIRS} parameters, or one name more than ${MAX_QUERY_REPEATS} times (more than any request this document allows); refused before any other work.`,
      );
      op.responses['431'] ??= problem(
        `The request line and headers exceed ${MAX_HEADER_BYTES / 1024} KiB (more than any request this document allows).`,
      );
    }
  return doc;
}

export const OPENAPI = Object.freeze(withTransportLimits(buildOpenApi()));
