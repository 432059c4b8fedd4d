// The operations of the tag `sources`: the source files the data comes from.
import type { PathsObject } from '../openapi.types';
import { json, keyOperation, problem } from './responses';

export const SOURCE_PATHS: PathsObject = {
  '/api/v1/sources': {
    get: keyOperation(
      'listSources',
      'The source files the data comes from',
      'products:read',
      1,
      { tags: ['sources'] },
      json('Every source with its publisher chain, sha256, licence and how many products it backs.', 'SourceList'),
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
      json('The source.', 'Source'),
      { 400: problem('Invalid id.'), 404: problem('No source with this id.') },
    ),
  },
};
