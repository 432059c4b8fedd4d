// The answers of the tag `companies`: companies, their spellings with evidence, and their relations.
import type { SchemasObject } from '../openapi.types';

export const COMPANY_SCHEMAS: SchemasObject = {
  CompanySummary: {
    type: 'object',
    required: ['id', 'name', 'products', 'categories'],
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      products: { type: 'integer', minimum: 0 },
      categories: {
        type: 'object',
        description: 'Current products per category.',
        additionalProperties: { type: 'integer', minimum: 0 },
      },
    },
    additionalProperties: false,
  },
  CompanyCollection: {
    type: 'object',
    required: ['data', 'meta'],
    properties: {
      data: { type: 'array', items: { $ref: '#/components/schemas/CompanySummary' } },
      meta: {
        type: 'object',
        required: ['limit', 'total'],
        properties: {
          limit: { type: 'integer' },
          total: { type: 'integer', minimum: 0, description: 'Companies in all pages.' },
          next_cursor: { type: 'string' },
        },
      },
    },
  },
  Company: {
    type: 'object',
    required: ['id', 'name', 'products', 'spellings', 'related', 'aliases'],
    properties: {
      id: { type: 'string' },
      name: { type: 'string', description: 'Its display name: the spelling most of its products carry.' },
      products: {
        type: 'integer',
        minimum: 0,
        description: 'Products that carry one of its spellings, when the catalog was seeded.',
      },
      aliases: {
        type: 'array',
        items: { type: 'string' },
        description: 'Short names search and `manufacturer=` know it by.',
      },
      spellings: {
        type: 'array',
        items: {
          type: 'object',
          required: ['spelling', 'products', 'rule', 'evidence'],
          properties: {
            spelling: { type: 'string', description: 'As the source writes it.' },
            products: { type: 'integer', minimum: 0 },
            rule: { type: 'string', enum: ['identity', 'normalization', 'cross-edition', 'reviewed'] },
            evidence: { type: 'string' },
            product_line: {
              type: 'string',
              description: 'Words of a product line cut from a name derived from a module Name.',
            },
            original_maker: { type: 'string', description: 'The maker a brand note names.' },
          },
        },
      },
      related: {
        type: 'array',
        description:
          'Companies linked without being one: renamed (successor, formerly), or brand and maker (made-by, makes-for).',
        items: {
          type: 'object',
          required: ['relation', 'name', 'products', 'evidence'],
          properties: {
            relation: { type: 'string', enum: ['successor', 'formerly', 'made-by', 'makes-for'] },
            name: { type: 'string' },
            company: { type: 'string' },
            products: { type: 'integer', minimum: 0 },
            evidence: { type: 'string' },
          },
        },
      },
      group: {
        type: 'object',
        description:
          "The group (parent brand) the reviewed table puts it in, with the table's why: a buyer means its members as " +
          "one brand, and each keeps its own name. `manufacturer=` takes the group's id or name for all its members.",
        required: ['id', 'name', 'evidence', 'members'],
        properties: {
          id: { type: 'string', description: 'Ends in `-group`; never a company id.' },
          name: { type: 'string' },
          evidence: { type: 'string' },
          members: {
            type: 'array',
            description: 'Every member, this company included, largest first (products when the catalog was seeded).',
            items: {
              type: 'object',
              required: ['id', 'name', 'products'],
              properties: {
                id: { type: 'string' },
                name: { type: 'string' },
                products: { type: 'integer', minimum: 0 },
              },
            },
          },
        },
      },
    },
  },
};
