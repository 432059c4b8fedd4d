// The answers of the tag `sources`: the source files the data comes from.
import type { SchemasObject } from '../openapi.types';

export const SOURCE_SCHEMAS: SchemasObject = {
  Source: {
    type: 'object',
    required: [
      'id',
      'list',
      'edition',
      'title',
      'publisher',
      'publisher_chain',
      'url',
      'upstream_url',
      'file',
      'path_in_package',
      'package',
      'sha256',
      'licence',
      'retrieved_at',
      'records',
      'products',
      'loaded_at',
    ],
    properties: {
      id: { type: 'string' },
      list: {
        type: 'string',
        description: 'The list this file is an edition of: editions of one list are one history.',
      },
      edition: { type: 'string', format: 'date', description: 'The date of this edition.' },
      title: { type: 'string' },
      publisher: { type: 'string' },
      publisher_chain: { type: 'array', items: { type: 'string' } },
      url: { type: 'string', description: 'Package URL of the file inside the distribution it was taken from.' },
      upstream_url: { type: 'string' },
      file: { type: 'string' },
      path_in_package: { type: 'string' },
      package: { type: 'string' },
      sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
      licence: { type: 'string' },
      limits: {
        type: 'string',
        description:
          'What the source is not, where a reader must know it before relying on its values (e.g. a hand-collected table with implicit units, whose prices were left out).',
      },
      retrieved_at: { type: 'string' },
      records: { type: 'integer', minimum: 0 },
      products: { type: 'integer', minimum: 0, description: 'Products with at least one claim from this source.' },
      loaded_at: { type: 'string', format: 'date-time' },
    },
    additionalProperties: false,
  },
  SourceList: {
    type: 'object',
    required: ['data'],
    properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Source' } } },
  },
};
