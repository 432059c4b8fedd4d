// Component schemas of the design operations: string sizing and module performance.
import type { SchemasObject } from '../openapi.types';

const num = (description: string) => ({ type: 'number', description });
const text = (description: string) => ({ type: 'string', description });
/** An object of exactly these properties, all required but the `optional` ones. */
const object = (properties: Record<string, object>, description?: string, optional: readonly string[] = []) => ({
  type: 'object',
  ...(description ? { description } : {}),
  required: Object.keys(properties).filter((name) => !optional.includes(name)),
  properties,
  additionalProperties: false,
});

const DESIGN_INPUTS = {
  type: 'object',
  description: 'Each value the calculation used, by spec name, with its unit and where it comes from.',
  additionalProperties: { $ref: '#/components/schemas/DesignInput' },
};

export const DESIGN_SCHEMAS: SchemasObject = {
  ProductRef: object({ id: text('The product id.'), model: text('Model.'), manufacturer: text('Manufacturer.') }),
  DesignInput: {
    type: 'object',
    required: ['value', 'provenance'],
    properties: {
      value: { type: 'number' },
      unit: { type: 'string' },
      provenance: { $ref: '#/components/schemas/Provenance' },
    },
    additionalProperties: false,
  },
  ModulePerformance: object(
    {
      product: { $ref: '#/components/schemas/ProductRef' },
      conditions: object({
        irradiance_w_m2: num('Effective irradiance on the cells.'),
        cell_temperature_c: num('Cell temperature.'),
      }),
      method: object({
        model: { type: 'string', enum: ['cec', 'desoto'] },
        name: text('The model, and the pvlib function it matches.'),
        solver: text('How the equation was solved.'),
        constants: object({
          band_gap_ref_ev: num('Band gap at the reference temperature (eV).'),
          band_gap_temperature_coefficient_per_k: num('Relative change of the band gap per kelvin.'),
          irradiance_ref_w_m2: num('Reference irradiance.'),
          cell_temperature_ref_c: num('Reference cell temperature.'),
          boltzmann_ev_per_k: num('Boltzmann constant (eV/K).'),
        }),
      }),
      parameters: {
        ...DESIGN_INPUTS,
        description: 'The reference parameters from the CEC list, with their provenance.',
      },
      at_conditions: object(
        {
          photocurrent_a: num('I_L'),
          saturation_current_a: num('I_0'),
          series_resistance_ohm: num('R_s'),
          shunt_resistance_ohm: num('R_sh'),
          n_ns_vth_v: num('n·Ns·Vth, the modified ideality factor at the cell temperature'),
        },
        'The five parameters at the conditions asked (what pvlib calcparams_* returns).',
      ),
      results: object({
        isc_a: num('Short-circuit current.'),
        voc_v: num('Open-circuit voltage.'),
        imp_a: num('Current at maximum power.'),
        vmp_v: num('Voltage at maximum power.'),
        pmp_w: num('Maximum power.'),
      }),
      iv_curve: {
        type: 'array',
        description:
          'Present when `iv_points` was given: that many evenly spaced voltages from 0 to Voc, with their currents.',
        items: object({ v: num('Voltage (V).'), i: num('Current (A).') }),
      },
      notice: { type: 'string' },
    },
    "A module's output at the conditions asked.",
    ['iv_curve'],
  ),
  Compatibility: object(
    {
      module: { $ref: '#/components/schemas/ProductRef' },
      inverter: { $ref: '#/components/schemas/ProductRef' },
      conditions: object({
        temperatures: { type: 'string', enum: ['ambient', 'cell'], description: 'What t_min and t_max are.' },
        t_min_c: num('As asked.'),
        t_max_c: num('As asked.'),
        cell_temperature_cold_c: num('The cell temperature of the cold-morning checks.'),
        cell_temperature_hot_c: num('The cell temperature of the hot-afternoon check.'),
        irradiance_w_m2: num('Irradiance of the Vmp operating points.'),
        assumptions: { type: 'array', items: { type: 'string' } },
      }),
      string: object({
        min_modules: { type: 'integer', minimum: 1, description: 'Fewest modules in series.' },
        max_modules: {
          type: 'integer',
          minimum: 0,
          description: 'Most modules in series: the lower of the voltage limit and the MPPT range.',
        },
        fits: { type: 'boolean', description: 'min_modules ≤ max_modules: some string length works.' },
        bounds: {
          type: 'array',
          items: object({
            name: { type: 'string', enum: ['max_by_voltage', 'max_by_mppt', 'min_by_mppt'] },
            modules: { type: 'integer', minimum: 0 },
            kind: {
              type: 'string',
              enum: ['limit', 'tracking'],
              description:
                "`limit`: the inverter's maximum DC voltage, never to be exceeded; `tracking`: the MPPT range, outside which the inverter cannot hold the maximum power point.",
            },
            rule: text('The constraint on n, the modules in series.'),
            formula: text('The bound as a formula.'),
            worked: text('The formula with the numbers put in.'),
            binding: { type: 'boolean', description: 'This bound sets min_modules or max_modules.' },
          }),
        },
      }),
      current: {
        type: 'object',
        required: ['checked'],
        description: "Strings in parallel within the inverter's maximum DC current, when the list gives it.",
        properties: {
          checked: { type: 'boolean' },
          reason: text('Why the check was not made.'),
          scope: { type: 'string', enum: ['inverter'] },
          note: { type: 'string' },
          isc_hot_a: num('Isc at the hot cell temperature.'),
          max_parallel_strings: { type: 'integer', minimum: 0 },
          formula: { type: 'string' },
          worked: { type: 'string' },
        },
        additionalProperties: false,
      },
      quantities: {
        type: 'array',
        description: 'The intermediate values, each with its formula and the numbers put in.',
        items: object({
          name: { type: 'string' },
          value: { type: 'number' },
          unit: { type: 'string' },
          formula: { type: 'string' },
          worked: { type: 'string' },
        }),
      },
      inputs: object({ module: DESIGN_INPUTS, inverter: DESIGN_INPUTS }),
      method: object({ vmp: text('How Vmp was computed.') }),
      notice: { type: 'string' },
    },
    'How many modules in series (and strings in parallel) the inverter takes, each bound with its formula and inputs.',
  ),
};
