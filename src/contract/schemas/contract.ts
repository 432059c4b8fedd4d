// The spec glossary (tag `contract`): the specs a product may carry, with units, pvlib names and
// source columns, as each product's `specs` and as listSpecs answers.
import { CATEGORIES, SPECS } from '../../catalog/spec-catalog';
import { GLOSSARY } from '../../catalog/glossary';
import type { SchemasObject } from '../openapi.types';

const JSON_SCHEMA = {
  number: { type: 'number' },
  integer: { type: 'integer' },
  text: { type: 'string' },
  boolean: { type: 'boolean' },
  'number-list': { type: 'array', items: { type: 'number' } },
} as const;

export const CONTRACT_SCHEMAS: SchemasObject = {
  Specs: {
    type: 'object',
    description: "Spec values by normalized name; units are in `x-spec-catalog` and in each product's `units`.",
    properties: Object.fromEntries(
      GLOSSARY.map((g) => [
        g.name,
        {
          ...JSON_SCHEMA[SPECS[g.name].type],
          title: g.label,
          ...(g.unit ? { 'x-unit': g.unit } : {}),
          description: g.description,
          ...(Object.keys(g.pvlib).length ? { 'x-pvlib-name': g.pvlib } : {}),
          'x-source-columns': g.sources,
          ...(g.derived ? { 'x-derived': g.derived } : {}),
        },
      ]),
    ),
    additionalProperties: false,
  },
  SpecGlossary: {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'array',
        items: {
          type: 'object',
          required: ['name', 'label', 'type', 'description', 'categories', 'pvlib', 'sources'],
          properties: {
            name: { type: 'string' },
            label: {
              type: 'string',
              description: 'A short name for people (`STC power`, `MPPT low`), for a chip, a card or a table row.',
            },
            type: { type: 'string', enum: ['number', 'integer', 'text', 'boolean', 'number-list'] },
            unit: { type: 'string' },
            description: { type: 'string' },
            categories: { type: 'array', items: { type: 'string', enum: [...CATEGORIES] } },
            pvlib: {
              type: 'object',
              description:
                "pvlib's parameter name per table of `pvlib.pvsystem.retrieve_sam` (`CECMod`, `CECInverter`), where pvlib has one.",
              additionalProperties: { type: 'string' },
            },
            sources: {
              type: 'array',
              description:
                'Each column the spec is read from: the file format (reader), its list, and the column name.',
              items: {
                type: 'object',
                required: ['format', 'list', 'column'],
                properties: { format: { type: 'string' }, list: { type: 'string' }, column: { type: 'string' } },
              },
            },
            derived: {
              type: 'string',
              description:
                "A derived spec's formula: no list states it; each product's value is computed from its own values " +
                'and its claim carries `method: derived` with this formula.',
            },
          },
        },
      },
    },
  },
};
