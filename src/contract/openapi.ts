// The OpenAPI 3.0.3 document: the single source of truth. Request validation is compiled from it,
// routes mount only for operations it declares (with their scope and cost), tests validate every
// response against it, and GET /api/v1/openapi.json serves exactly this object. Assembled here from
// one file per tag: the operations in paths/<tag>.ts, the component schemas in schemas/<tag>.ts.
import { SPECS, SPEC_NAMES } from '../catalog/spec-catalog';
import { SPEC_LABELS } from '../catalog/spec-labels';
import { ERRORS, PROBLEM_TYPE_BASE } from '../errors/catalog';
import { NOTICE } from '../catalog/notice';
import { QUALITY_CHECKS } from '../catalog/quality';
import { SCHEMAS, SECURITY_SCHEMES } from './components';
import { inOrder, PATH_ORDER, taggedPaths } from './document-order';
import type { PathsObject } from './openapi.types';
import { problem } from './paths/responses';
import { PRODUCT_PATHS } from './paths/products';
import { DESIGN_PATHS } from './paths/design';
import { DESIGN_FIT_PATHS } from './paths/design-fit';
import { INTERCHANGE_PATHS } from './paths/interchange';
import { REVISION_PATHS } from './paths/revisions';
import { SOURCE_PATHS } from './paths/sources';
import { SEARCH_PATHS } from './paths/search';
import { COMPANY_PATHS } from './paths/companies';
import { ACCOUNT_PATHS } from './paths/accounts';
import { KEY_PATHS } from './paths/keys';
import { WATCH_PATHS } from './paths/watches';
import { CONTRACT_PATHS } from './paths/contract';
import { SAM_PATHS } from './paths/sam';

export { CHANGES_PER_CREDIT } from './paths/revisions';

/** Every tag, in the order the document lists them, with its operations. */
const TAGS: readonly (readonly [string, PathsObject])[] = [
  ['products', PRODUCT_PATHS],
  ['design', { ...DESIGN_PATHS, ...DESIGN_FIT_PATHS }],
  ['interchange', INTERCHANGE_PATHS],
  ['revisions', REVISION_PATHS],
  ['sources', SOURCE_PATHS],
  ['search', SEARCH_PATHS],
  ['companies', COMPANY_PATHS],
  ['accounts', ACCOUNT_PATHS],
  ['keys', KEY_PATHS],
  ['watches', WATCH_PATHS],
  ['sam', SAM_PATHS],
  ['contract', CONTRACT_PATHS],
];

function buildOpenApi() {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Product Data Service',
      version: '1.0.0',
      description: `Source-backed technical data on PV modules, inverters and heat pumps. Every value carries its provenance: source, revision, claim snapshot and locator (file, record, column).\n\n${NOTICE}\n\nErrors are RFC 9457 problem+json; their types are listed in \`x-problem-types\`. Credits are charged only for successful (2xx) answers, and for 304.\n\nEvery read but the export carries an \`ETag\`; send it back in \`If-None-Match\` and an unchanged answer comes as 304 Not Modified with no body. A 304 passes the same key, scope, rate-limit and credit checks as the 200 and costs the same: what it saves is the transfer. Current-product reads (list, search, get, compare, export) come from the search index, which a reindex replaces as a whole; an instance notices a reindex within about a second, so for that long after one it may still answer from the replaced data. No CORS: the API is for servers and scripts holding a secret key, so no response invites a page on another origin.`,
    },
    servers: [{ url: '/' }],
    tags: TAGS.map(([name]) => ({ name })),
    paths: withTransportLimits(
      inOrder(
        PATH_ORDER,
        TAGS.map(([tag, paths]) => taggedPaths(tag, paths)),
      ),
    ),
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: SCHEMAS,
    },
    'x-problem-types': Object.fromEntries(
      Object.entries(ERRORS).map(([code, e]) => [
        PROBLEM_TYPE_BASE + e.slug,
        { code, status: e.status, title: e.title, description: e.description },
      ]),
    ),
    // Each spec's definition with its short label, which the explorer shows instead of the name.
    'x-spec-catalog': Object.fromEntries(
      SPEC_NAMES.map((name) => [name, { ...SPECS[name], label: SPEC_LABELS[name] }]),
    ),
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

/** Every operation can meet the server's transport limits, answered before any route. */
const TRANSPORT_LIMITS = {
  414: problem(
    `The query string has more than ${MAX_QUERY_PAIRS} parameters, or one name more than ${MAX_QUERY_REPEATS} times (more than any request this document allows); refused before any other work.`,
  ),
  431: problem(
    `The request line and headers exceed ${MAX_HEADER_BYTES / 1024} KiB (more than any request this document allows).`,
  ),
};

/** Each operation with the transport limits' answers unless it declares its own (integer keys list in ascending order, so 414 and 431 fall among its codes). */
function withTransportLimits(paths: PathsObject): PathsObject {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, op]) => [
          method,
          { ...op, responses: { ...TRANSPORT_LIMITS, ...op.responses } },
        ]),
      ),
    ]),
  );
}

export const OPENAPI = Object.freeze(buildOpenApi());
