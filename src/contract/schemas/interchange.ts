// Component schemas of the interchange operations: a PVsyst file's JSON twin.
import type { SchemasObject } from '../openapi.types';

const text = (description: string) => ({ type: 'string', description });
const num = (description: string) => ({ type: 'number', description });

export const INTERCHANGE_SCHEMAS: SchemasObject = {
  PvsystKey: {
    type: 'object',
    description: 'One key of the file, where it stands, its value as printed, its class and where it comes from.',
    required: ['path', 'key', 'value', 'class'],
    properties: {
      path: text('Its place in the file: the blocks it is nested in and its key, joined by `/`.'),
      key: text('The key as the file writes it.'),
      value: text('The value as the file prints it.'),
      class: { type: 'string', enum: ['sourced', 'mapped', 'derived', 'default'] },
      from: {
        type: 'array',
        description: 'The cells the value comes from (for a derived value, its inputs), each with its provenance.',
        items: {
          type: 'object',
          required: ['spec', 'provenance'],
          properties: { spec: text('The spec name.'), provenance: { $ref: '#/components/schemas/Provenance' } },
          additionalProperties: false,
        },
      },
      method: text('How a mapped, derived or default value was got, or the unit change of a sourced one.'),
    },
    additionalProperties: false,
  },
  PvsystFile: {
    type: 'object',
    required: ['product', 'revision', 'file', 'keys', 'unknown', 'certificate', 'notice'],
    properties: {
      product: { $ref: '#/components/schemas/ProductRef' },
      revision: { type: 'integer', description: 'The product revision the file was made from.' },
      file: {
        type: 'object',
        required: ['format', 'name', 'text'],
        properties: {
          format: { type: 'string', enum: ['pan', 'ond'] },
          name: text('A file name for it.'),
          text: text('The file itself, as format=pan or ond serves it.'),
        },
        additionalProperties: false,
      },
      keys: { type: 'array', items: { $ref: '#/components/schemas/PvsystKey' } },
      unknown: {
        type: 'array',
        description: 'Keys PVsyst would want that are not written, because no source gives them: supply them yourself.',
        items: {
          type: 'object',
          required: ['key', 'why'],
          properties: { key: text('The key or keys.'), why: text('Why it is unknown.') },
          additionalProperties: false,
        },
      },
      certificate: {
        type: 'object',
        description: 'How far the file is from the model it came from.',
        required: ['against', 'points'],
        properties: {
          against: text('The model and the conditions compared.'),
          max_abs_dpmp_pct: num('.PAN: the largest |Pmp(file) - Pmp(model)| / Pmp(model) over the points, %.'),
          rms_dpmp_pct: num('.PAN: the RMS of the same, %.'),
          over_1_pct: { type: 'boolean', description: '.PAN: whether the largest error exceeds 1 %.' },
          max_abs_dpac_pct_of_paco: num(
            '.OND: the largest |Pac(node) - Pac(model)| over the profile nodes, % of the AC rating (Paco; Pacmax for the ADR model).',
          ),
          points: {
            type: 'array',
            description:
              ".PAN: each condition with the model's and the file's Pmp (W). .OND: the number of nodes is in `nodes`.",
            items: { type: 'object' },
          },
          nodes: { type: 'integer' },
          fit: {
            type: 'object',
            description: '.PAN: how the parameters were fitted (the iterations, the time, whether stored).',
          },
        },
        additionalProperties: false,
      },
      notice: { type: 'string' },
    },
    additionalProperties: false,
  },
};
