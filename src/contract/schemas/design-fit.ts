// Component schemas of the design-fit check (paths/design-fit.ts).
import type { SchemasObject } from '../openapi.types';
import { DESIGN_SCHEMAS } from './design';

const num = (description: string) => ({ type: 'number', description });
const text = (description: string) => ({ type: 'string', description });
const object = (properties: Record<string, object>, description?: string, optional: readonly string[] = []) => ({
  type: 'object',
  ...(description ? { description } : {}),
  required: Object.keys(properties).filter((name) => !optional.includes(name)),
  properties,
  additionalProperties: false,
});
const STATUS = { type: 'string', enum: ['PASS', 'WARN', 'FAIL'] };
const DESIGN_INPUTS = {
  type: 'object',
  additionalProperties: { $ref: '#/components/schemas/DesignInput' },
};
const compatibility = (DESIGN_SCHEMAS.Compatibility as { properties: Record<string, { properties?: object }> })
  .properties;

export const DESIGN_FIT_SCHEMAS: SchemasObject = {
  LimitSource: {
    type: 'object',
    description:
      '`reported`: the value as its list gives it (`provenance`); `derived`: the list lacks it and the service computed it from listed values (`derivation`, `inputs`), to be checked on the datasheet; `rule`: no list gives such a limit, the service applies a design rule.',
    required: ['method'],
    properties: {
      method: { type: 'string', enum: ['reported', 'derived', 'rule'] },
      spec: text('The spec the limit is.'),
      provenance: { $ref: '#/components/schemas/Provenance' },
      derivation: text('How the service computed it, with the numbers.'),
      inputs: DESIGN_INPUTS,
      check_on_datasheet: text('What to read on the datasheet instead.'),
      rule: text('The design rule applied.'),
    },
    additionalProperties: false,
  },
  DesignFitCheck: object({
    limit: { type: 'string', enum: ['max_dc_voltage', 'mppt_high', 'mppt_low', 'max_dc_current', 'dc_ac_ratio'] },
    status: STATUS,
    margin_pct: num('Headroom to the limit in percent of it: negative when the limit is passed.'),
    value: num('The design’s value.'),
    limit_value: num('The limit.'),
    unit: text('Unit of value and limit_value (`1`: a ratio).'),
    rule: text('What must hold.'),
    worked: text('The numbers put in.'),
    limit_source: { $ref: '#/components/schemas/LimitSource' },
  }),
  DesignFit: object(
    {
      module: { $ref: '#/components/schemas/ProductRef' },
      inverter: { $ref: '#/components/schemas/ProductRef' },
      conditions: {
        type: 'object',
        properties: {
          ...(compatibility.conditions.properties as object),
          isc_hot_a: num('A module’s Isc at the hot cell temperature.'),
          warn_margin_pct: num('A check within this margin of its limit is a WARN.'),
        },
        additionalProperties: false,
      },
      design: object({
        modules_per_string: { type: 'integer', minimum: 1 },
        strings: { type: 'integer', minimum: 1 },
        chosen: {
          type: 'string',
          enum: ['asked', 'longest that fits', 'fewest for the MPPT window (no length fits)'],
        },
        sizing: object({
          min_modules: { type: 'integer', minimum: 1 },
          max_modules: { type: 'integer', minimum: 0 },
          fits: { type: 'boolean' },
        }),
      }),
      verdict: { ...STATUS, description: 'The worst status of the checks.' },
      checks: { type: 'array', items: { $ref: '#/components/schemas/DesignFitCheck' } },
      not_checked: {
        type: 'array',
        description: 'Limits no value was found for.',
        items: object({ limit: { type: 'string' }, reason: { type: 'string' } }),
      },
      inverter_efficiency: { $ref: '#/components/schemas/StringInverterEfficiency' },
      quantities: compatibility.quantities,
      inputs: object({ module: DESIGN_INPUTS, inverter: DESIGN_INPUTS }),
      method: compatibility.method,
      notice: { type: 'string' },
    },
    'A string design checked against each limit of its inverter.',
  ),
};
