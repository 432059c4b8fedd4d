// The bodies and answers of the tag `sam`: signed links to SAM list exports.
import { SAM_LINK_DEFAULT_TTL_S, SAM_LINK_MAX_TTL_S, SAM_LINK_MIN_TTL_S } from '../../catalog/sam-lists';
import type { SchemasObject } from '../openapi.types';

export const SAM_SCHEMAS: SchemasObject = {
  NewSamLink: {
    type: 'object',
    required: ['list'],
    properties: {
      list: {
        type: 'string',
        minLength: 1,
        maxLength: 60,
        pattern: '^[a-z0-9-]+$',
        description: 'As in exportSamList.',
      },
      query: {
        type: 'object',
        description:
          'The query of exportSamList, as its parameters named (`edition`, `manufacturer`: ["Qcells"], `specs.stc_power_w[gte]`: "400", `product_id`: true).',
        maxProperties: 40,
      },
      expires_in: {
        type: 'integer',
        minimum: SAM_LINK_MIN_TTL_S,
        maximum: SAM_LINK_MAX_TTL_S,
        default: SAM_LINK_DEFAULT_TTL_S,
        description: 'Seconds the link works.',
      },
    },
    additionalProperties: false,
  },
  SamLink: {
    type: 'object',
    required: ['id', 'url', 'list', 'query', 'created_at', 'expires_at', 'revoked_at'],
    properties: {
      id: { type: 'string' },
      url: { type: 'string', description: 'The signed URL: `pvlib.pvsystem.retrieve_sam(path=url)`.' },
      list: { type: 'string' },
      query: { type: 'object', description: 'The query as validated (defaults applied).' },
      created_at: { type: 'string', format: 'date-time' },
      expires_at: { type: 'string', format: 'date-time' },
      revoked_at: { type: 'string', format: 'date-time', nullable: true },
    },
    additionalProperties: false,
  },
};
