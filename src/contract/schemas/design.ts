// Component schemas of the design operations: string sizing and module performance.
import type { SchemasObject } from '../openapi.types';

const num = (description: string) => ({ type: 'number', description });
const text = (description: string) => ({ type: 'string', description });
/** An object of exactly these properties, all required but the `optional` ones. */
const object = (properties: Record<string, object>, description?: string, optional: readonly string[] = []) => ({
  type: 'object',
  ...(description ? { description } : {}),
  ...requiredOf(properties, optional),
  properties,
  additionalProperties: false,
});

/** OpenAPI 3.0 refuses an empty `required`: it is left out when every property is optional. */
function requiredOf(properties: Record<string, object>, optional: readonly string[]): { required?: string[] } {
  const required = Object.keys(properties).filter((name) => !optional.includes(name));
  return required.length > 0 ? { required } : {};
}

const DESIGN_INPUTS = {
  type: 'object',
  description: 'Each value the calculation used, by spec name, with its unit and where it comes from.',
  additionalProperties: { $ref: '#/components/schemas/DesignInput' },
};

const nullableNum = (description: string) => ({ type: 'number', nullable: true, description });
const WEIGHTED = object(
  {
    value: nullableNum('The weighted efficiency, %; null when the curve does not reach a level it weighs.'),
    reason: text('Why there is no value.'),
    method: { type: 'string', enum: ['derived'] },
    weights: {
      type: 'array',
      items: object({ percent_of_rated: num('Percent of rated AC output.'), weight: num('Its weight.') }),
    },
    derivation: text('How it is computed, and whose weights.'),
  },
  undefined,
  ['reason'],
);

const HEAT_PUMP_POINT = object({
  source_temperature_c: num('°C: the air, brine or water entering the heat pump (hplib T_in).'),
  flow_temperature_c: num('°C: the heating water leaving it (hplib T_out).'),
  outdoor_temperature_c: num('°C: hplib T_amb (the source temperature for air/water units).'),
  cop: num('Coefficient of performance.'),
  heating_power_w: num('Heating output P_th.'),
  electric_power_w: num('Electric input P_el.'),
  regime: {
    type: 'string',
    enum: ['fit', 'minimum_part_load', 'electric_heater'],
    description:
      '`fit`: the fitted equations; `minimum_part_load`: P_el held at a quarter of P_el at −7 °C (regulated units); `electric_heater`: the COP would be at most 1 (or the output below 0), and hplib answers an electric heater.',
  },
  range: { type: 'string', enum: ['within_tested_range', 'extrapolated'] },
  outside: {
    type: 'array',
    description: 'The conditions outside the tested range.',
    items: { type: 'string', enum: ['outdoor_temperature', 'source_temperature', 'flow_temperature'] },
  },
});

const EFFICIENCY_POINT = object(
  {
    name: {
      type: 'string',
      enum: ['cell_25c', 'cell_hot'],
      description: '`cell_25c`: at 25 °C cell temperature; `cell_hot`: at the hottest cell temperature of the sizing.',
    },
    cell_temperature_c: num('°C.'),
    irradiance_w_m2: num('W/m² on the modules.'),
    module_vmp_v: num("The module's Vmp there (CEC single-diode model), V."),
    module_pmp_w: num("The module's Pmp there, W."),
    dc_voltage_v: num("The string's MPP voltage: modules_per_string × module_vmp_v, V."),
    string_dc_power_w: num('What the strings give at their MPP: strings × modules_per_string × module_pmp_w, W.'),
    dc_power_w: nullableNum(
      'The DC power the efficiency is taken at: string_dc_power_w, or less where `capped`; null outside the MPPT window.',
    ),
    capped: {
      type: 'boolean',
      description:
        "The strings give more DC power than the inverter takes for its rated AC output at this voltage (see the method's `cap`).",
    },
    ac_power_w: nullableNum('The AC output the model gives at dc_voltage_v and dc_power_w, W.'),
    efficiency_pct: nullableNum(
      "ac_power_w / dc_power_w × 100; null outside the MPPT window, below the start, or outside the model's voltage range (`reason` says which).",
    ),
    state: { type: 'string', enum: ['below_start', 'outside_mppt_window', 'clipped', 'mppt'] },
    within_model_range: { type: 'boolean', description: 'The model gives a value at this voltage (ADR has a range).' },
    method: { type: 'string', enum: ['derived'] },
    model: { type: 'string', enum: ['sandia', 'adr', 'pvwatts'] },
    derivation: text('The model, the voltage and power it was evaluated at, and the numbers.'),
    reason: text('Why there is no efficiency.'),
  },
  "The inverter's efficiency at one condition, marked derived.",
  ['within_model_range', 'derivation', 'reason'],
);

const STRING_EFFICIENCY = object(
  {
    modules_per_string: { type: 'integer', minimum: 1, description: 'The string the efficiency is for.' },
    strings: {
      type: 'integer',
      minimum: 1,
      description: 'Strings in parallel on the inverter (checkCompatibility: 1).',
    },
    chosen: {
      type: 'string',
      enum: ['asked', 'longest that fits', 'fewest for the MPPT window (no length fits)'],
      description: 'Why this string length.',
    },
    mppt_window_v: object(
      { mppt_low_v: num('V'), mppt_high_v: num('V') },
      "The MPPT window string sizing uses (the inverter's values, with provenance in `inputs.inverter`).",
    ),
    method: object({
      model: { type: 'string', enum: ['sandia', 'adr', 'pvwatts'] },
      name: text('The model, its source, and the pvlib function it matches.'),
      generic: { type: 'boolean', description: 'true for PVWatts: a generic shape, not fitted to this inverter.' },
      choice: text('Why this model: Sandia where the inverter has CEC coefficients, else ADR, else PVWatts.'),
      rated_ac_power_w: num('The AC output the model clips at.'),
      voltage: text('How dc_voltage_v is found.'),
      power: text('How string_dc_power_w is found.'),
      cap: text('What is done where the strings give more than the inverter takes.'),
      states: text('What each state means.'),
    }),
    parameters: {
      type: 'object',
      description: "The model's parameters by the model's own names (SAM columns), each with its provenance.",
      additionalProperties: { $ref: '#/components/schemas/ModelInput' },
    },
    points: { type: 'array', description: 'At 25 °C and at the hottest cell temperature.', items: EFFICIENCY_POINT },
    not_computed: text('Why no model applies (no points then).'),
  },
  "The inverter's DC-to-AC efficiency for the string at its MPP voltage and power, at 25 °C and at the hottest cell temperature, by the Sandia, ADR or PVWatts model of getInverterPerformance.",
  ['method', 'parameters', 'not_computed'],
);

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
  StringInverterEfficiency: STRING_EFFICIENCY,
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
  ModelInput: {
    type: 'object',
    required: ['spec', 'value'],
    description: 'A model parameter: the spec it is stored as, its value, and where it comes from (or how it is set).',
    properties: {
      spec: { type: 'string' },
      value: { oneOf: [{ type: 'number' }, { type: 'array', items: { type: 'number' } }] },
      unit: { type: 'string' },
      provenance: { $ref: '#/components/schemas/Provenance' },
      derivation: { type: 'string' },
    },
    additionalProperties: false,
  },
  InverterPerformance: object(
    {
      product: { $ref: '#/components/schemas/ProductRef' },
      method: object(
        {
          model: { type: 'string', enum: ['sandia', 'adr', 'pvwatts'] },
          name: text('The model, its source, and the pvlib function it matches.'),
          generic: { type: 'boolean', description: 'true for PVWatts: a generic shape, not fitted to this inverter.' },
          rated_ac_power_w: num('The AC output the model clips at.'),
          model_voltage_range_v: object(
            { low: num('V'), high: num('V') },
            'ADR: the voltages the model is evaluated between.',
          ),
          states: text('What each point state means.'),
        },
        undefined,
        ['model_voltage_range_v'],
      ),
      mppt_window_v: object(
        { mppt_low_v: num('V'), mppt_high_v: num('V'), max_dc_voltage_v: num('V') },
        'The MPPT window and maximum DC voltage of the record the model reads, where it gives them.',
        ['mppt_low_v', 'mppt_high_v', 'max_dc_voltage_v'],
      ),
      parameters: {
        type: 'object',
        description: "The model's parameters by the model's own names (SAM columns), each with its provenance.",
        additionalProperties: { $ref: '#/components/schemas/ModelInput' },
      },
      points: {
        type: 'array',
        description: 'One entry per point asked, in order.',
        items: object({
          dc_power_w: num('As asked.'),
          dc_voltage_v: num('As asked.'),
          ac_power_w: nullableNum('AC output; null where the model gives none (ADR outside its voltage range).'),
          efficiency_pct: nullableNum('AC / DC × 100; null at 0 W DC or without an AC output.'),
          state: { type: 'string', enum: ['night', 'below_start', 'outside_mppt_window', 'clipped', 'mppt'] },
          clipped: { type: 'boolean', description: 'The model output is held at the rated AC power.' },
          within_model_range: { type: 'boolean', description: 'The model gives a value at this voltage.' },
        }),
      },
      curves: {
        type: 'array',
        description:
          'Efficiency against percent of rated AC output at Mppt_low, the nominal DC voltage and Mppt_high (PVWatts: one curve, `any` voltage).',
        items: object({
          voltage: { type: 'string', enum: ['mppt_low', 'nominal', 'mppt_high', 'any'] },
          dc_voltage_v: nullableNum('The DC voltage of the curve; null for PVWatts.'),
          points: {
            type: 'array',
            items: object({
              percent_of_rated: num('Percent of rated AC output.'),
              ac_power_w: num('That AC output.'),
              dc_power_w: nullableNum('The DC power the model needs for it; null if it never reaches it.'),
              efficiency_pct: nullableNum('AC / DC × 100.'),
            }),
          },
          weighted_efficiency_pct: object({ cec: WEIGHTED, european: WEIGHTED }),
        }),
      },
      notice: { type: 'string' },
    },
    "An inverter's output at the points asked, and its efficiency curves.",
  ),
  HeatPumpPerformance: object(
    {
      product: { $ref: '#/components/schemas/ProductRef' },
      method: object(
        {
          name: text('The model and its source.'),
          group: { type: 'integer', description: "hplib's group: 1-3 regulated air, brine, water; 4-6 on-off." },
          source: { type: 'string', enum: ['air', 'brine', 'water'] },
          flow: text('What the flow temperature is to hplib.'),
          outdoor: text('Which outdoor temperature acts.'),
          tested_range: text('The rule that flags a point extrapolated, and its source.'),
          power: text('What the heating and electric powers mean.'),
          uncertainty: text("The model's fit errors, where the source gives them."),
          cooling: text('Whether cooling is given.'),
        },
        undefined,
      ),
      parameters: {
        ...DESIGN_INPUTS,
        description: 'The hplib parameters of the model, with their provenance.',
      },
      points: { type: 'array', description: 'One entry per point asked, in order.', items: HEAT_PUMP_POINT },
      curves: {
        type: 'array',
        description: 'COP (and powers) over the source temperature at 35, 45 and 55 °C flow.',
        items: object({
          flow_temperature_c: num('°C'),
          points: { type: 'array', items: HEAT_PUMP_POINT },
        }),
      },
      notice: { type: 'string' },
    },
    "A heat pump's performance at the temperatures asked.",
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
      inverter_efficiency: { $ref: '#/components/schemas/StringInverterEfficiency' },
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
