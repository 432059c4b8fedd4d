// The operations of the tag `design`: a module's operating point, and string sizing for a module
// and an inverter (their methods in ../design-docs.ts).
import { PRODUCT_ID_PATTERN } from '../../catalog/product-id';
import {
  COMPATIBILITY_DOC,
  HEAT_PUMP_PERFORMANCE_DOC,
  INVERTER_PERFORMANCE_DOC,
  PERFORMANCE_DOC,
} from '../design-docs';
import type { PathsObject } from '../openapi.types';
import { commaList, ID_PARAM, param } from './parameters';
import { json, keyOperation, problem } from './responses';

export const DESIGN_PATHS: PathsObject = {
  '/api/v1/products/{id}/performance': {
    get: keyOperation({
      operationId: 'getModulePerformance',
      summary:
        "A module's Isc, Voc, Imp, Vmp and Pmp at given irradiance and cell temperature, and optionally its IV curve",
      scope: 'products:read',
      cost: 1,
      tags: ['design'],
      description: PERFORMANCE_DOC,
      parameters: [
        ID_PARAM,
        param(
          'irradiance',
          'Effective irradiance on the cells, W/m² (after reflection, soiling and spectral losses).',
          { type: 'number', minimum: 1, maximum: 2000, default: 1000 },
        ),
        param('cell_temperature', 'Cell temperature, °C.', {
          type: 'number',
          minimum: -50,
          maximum: 100,
          default: 25,
        }),
        param(
          'model',
          '`cec`: De Soto with the CEC `Adjust` on alpha_sc (pvlib calcparams_cec; what the CEC parameters were fitted with). `desoto`: without it (pvlib calcparams_desoto).',
          { type: 'string', enum: ['cec', 'desoto'], default: 'cec' },
        ),
        param('iv_points', 'Also return the IV curve at this many evenly spaced voltages from 0 to Voc.', {
          type: 'integer',
          minimum: 2,
          maximum: 500,
        }),
      ],
      success: json(
        'The operating point, the parameters used with their provenance, and the method.',
        'ModulePerformance',
      ),
      errors: {
        400: problem(
          'Invalid parameter; or the product is not a PV module, or lacks a single-diode parameter (type `unsuitable-product`; `errors` names each missing value).',
        ),
        404: problem('No product with this id.'),
      },
    }),
  },
  '/api/v1/products/{id}/inverter-performance': {
    get: keyOperation({
      operationId: 'getInverterPerformance',
      summary:
        "An inverter's AC output, efficiency and state at DC power and voltage points, and its CEC efficiency curves and weighted efficiencies at the ends and middle of its MPPT window",
      scope: 'products:read',
      cost: 1,
      tags: ['design'],
      description: INVERTER_PERFORMANCE_DOC,
      parameters: [
        ID_PARAM,
        param(
          'model',
          '`sandia`: the Sandia model with the CEC list coefficients (pvlib.inverter.sandia). `adr`: the ADR model with the ADR library coefficients, where the ADR library lists the inverter (pvlib.inverter.adr). `pvwatts`: the generic PVWatts shape from the rated AC power (pvlib.inverter.pvwatts).',
          { type: 'string', enum: ['sandia', 'adr', 'pvwatts'], default: 'sandia' },
        ),
        commaList(
          'points',
          "Up to 100 operating points, each `P@V`: DC power in W at DC voltage in V (e.g. `3000@380,6000@420`). A voltage above the inverter's maximum DC voltage is refused; one outside the MPPT window is answered, with its state.",
          { type: 'string', maxLength: 40, pattern: '^\\d+(\\.\\d+)?@\\d+(\\.\\d+)?$' },
          { minItems: 1, maxItems: 100 },
        ),
        param(
          'eta_inv_nom',
          'Only with `model=pvwatts`: the nominal efficiency (default 0.96, as pvlib and PVWatts).',
          { type: 'number', minimum: 0.5, maximum: 1 },
        ),
      ],
      success: json(
        'The points, the curves with their weighted efficiencies, the parameters used with their provenance, and the method.',
        'InverterPerformance',
      ),
      errors: {
        400: problem(
          "Invalid parameter (more than 100 points, a point not `P@V`, a voltage above the inverter's maximum DC voltage: `validation-failed`); or the product is not an inverter, or lacks the parameters of the model asked, e.g. `adr` for an inverter the ADR library does not list (type `unsuitable-product`; `errors` names each).",
        ),
        404: problem('No product with this id.'),
      },
    }),
  },
  '/api/v1/products/{id}/heat-pump-performance': {
    get: keyOperation({
      operationId: 'getHeatPumpPerformance',
      summary:
        "A heat pump's COP, heating output and electric input at given source and flow temperatures (hplib), each point flagged within the tested range or extrapolated, and COP curves at 35, 45 and 55 °C flow",
      scope: 'products:read',
      cost: 1,
      tags: ['design'],
      description: HEAT_PUMP_PERFORMANCE_DOC,
      parameters: [
        ID_PARAM,
        commaList(
          'points',
          'Up to 100 points, each `source/flow` in °C (e.g. `-7/35,2/35,-7/55`), or `source/flow/outdoor` for a brine or water source. Source and outdoor from −30 to 40 °C, flow from 15 to 75 °C; a point outside the tested range is answered and flagged `extrapolated`.',
          { type: 'string', maxLength: 40, pattern: '^-?\\d+(\\.\\d+)?/\\d+(\\.\\d+)?(/-?\\d+(\\.\\d+)?)?$' },
          { minItems: 1, maxItems: 100 },
        ),
        param(
          'outdoor_temperature',
          'The outdoor temperature (hplib T_amb) of brine and water source points that do not give one, °C; air/water units use the source temperature.',
          { type: 'number', minimum: -30, maximum: 40, default: -7 },
        ),
      ],
      success: json(
        'The points and curves, each flagged within the tested range or extrapolated, the parameters used with their provenance, and the method and its limits.',
        'HeatPumpPerformance',
      ),
      errors: {
        400: problem(
          'Invalid parameter (more than 100 points, a point not `source/flow`, a flow above 75 °C or a temperature outside −30 to 40 °C: `validation-failed`); or the product is not a heat pump, or lacks an hplib parameter (type `unsuitable-product`; `errors` names each).',
        ),
        404: problem('No product with this id.'),
      },
    }),
  },
  '/api/v1/compatibility': {
    get: keyOperation({
      operationId: 'checkCompatibility',
      summary:
        'String sizing: how many modules in series an inverter takes between the coldest and the hottest temperature',
      scope: 'products:read',
      cost: 2,
      tags: ['design'],
      description: COMPATIBILITY_DOC,
      parameters: [
        {
          ...param('module', "The PV module's product id.", {
            type: 'string',
            minLength: 1,
            maxLength: 120,
            pattern: PRODUCT_ID_PATTERN,
          }),
          required: true,
        },
        {
          ...param('inverter', "The inverter's product id.", {
            type: 'string',
            minLength: 1,
            maxLength: 120,
            pattern: PRODUCT_ID_PATTERN,
          }),
          required: true,
        },
        {
          ...param('t_min', 'The coldest temperature, °C (see `temperatures`). At most t_max.', {
            type: 'number',
            minimum: -70,
            maximum: 60,
          }),
          required: true,
        },
        {
          ...param('t_max', 'The hottest temperature, °C (see `temperatures`).', {
            type: 'number',
            minimum: -50,
            maximum: 100,
          }),
          required: true,
        },
        param(
          'temperatures',
          "`ambient`: t_min and t_max are air temperatures (the hot cell temperature is taken from the module's NOCT); `cell`: they are cell temperatures.",
          { type: 'string', enum: ['ambient', 'cell'], default: 'ambient' },
        ),
      ],
      success: json(
        'The fewest and most modules per string, each bound with its formula, the numbers put in, and the inputs with their provenance.',
        'Compatibility',
      ),
      errors: {
        400: problem(
          'Invalid parameter, t_min above t_max; or `module` is not a PV module or `inverter` not an inverter, or one lacks a value the sizing needs (type `unsuitable-product`; `errors` names each).',
        ),
        404: problem('`module` or `inverter` names no product; `errors` says which.'),
      },
    }),
  },
};
