// The operations of the tag `contract`: this document and the spec glossary, both public.
import type { PathsObject } from '../openapi.types';
import { json, problem } from './responses';

/** Both take no parameters, so any sent is refused. */
const NO_PARAMETERS = problem(
  'Query parameters were sent; this operation takes none (the problem lists at most the first 50).',
);

export const CONTRACT_PATHS: PathsObject = {
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
        400: NO_PARAMETERS,
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
        200: json('Every spec, in the catalog order.', 'SpecGlossary'),
        400: NO_PARAMETERS,
      },
    },
  },
};
