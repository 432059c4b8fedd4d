// The operations of the tag `sources`: the source files the data comes from.
import type { PathsObject } from '../openapi.types';
import { json, keyOperation, problem } from './responses';

export const SOURCE_PATHS: PathsObject = {
  '/api/v1/sources': {
    get: keyOperation({
      operationId: 'listSources',
      summary: 'The source files the data comes from',
      scope: 'products:read',
      cost: 1,
      tags: ['sources'],
      success: json(
        'Every source with its publisher chain, sha256, licence and how many products it backs.',
        'SourceList',
      ),
      errors: {},
    }),
  },
  '/api/v1/sources/{id}': {
    get: keyOperation({
      operationId: 'getSource',
      summary: 'One source file',
      scope: 'products:read',
      cost: 1,
      tags: ['sources'],
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 100 } },
      ],
      success: json('The source.', 'Source'),
      errors: { 400: problem('Invalid id.'), 404: problem('No source with this id.') },
    }),
  },
};
