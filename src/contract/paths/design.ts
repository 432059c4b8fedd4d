// The operations of the tag `design`: a module's operating point, and string sizing for a module
// and an inverter (their methods in ../design-docs.ts).
import { PRODUCT_ID_PATTERN } from '../../catalog/product-id';
import { COMPATIBILITY_DOC, PERFORMANCE_DOC } from '../design-docs';
import type { PathsObject } from '../openapi.types';
import { ID_PARAM, param } from './parameters';
import { json, keyOperation, problem } from './responses';

export const DESIGN_PATHS: PathsObject = {
  '/api/v1/products/{id}/performance': {
    get: keyOperation(
      'getModulePerformance',
      "A module's Isc, Voc, Imp, Vmp and Pmp at given irradiance and cell temperature, and optionally its IV curve",
      'products:read',
      1,
      {
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
      },
      json('The operating point, the parameters used with their provenance, and the method.', 'ModulePerformance'),
      {
        400: problem(
          'Invalid parameter; or the product is not a PV module, or lacks a single-diode parameter (type `unsuitable-product`; `errors` names each missing value).',
        ),
        404: problem('No product with this id.'),
      },
    ),
  },
  '/api/v1/compatibility': {
    get: keyOperation(
      'checkCompatibility',
      'String sizing: how many modules in series an inverter takes between the coldest and the hottest temperature',
      'products:read',
      2,
      {
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
      },
      json(
        'The fewest and most modules per string, each bound with its formula, the numbers put in, and the inputs with their provenance.',
        'Compatibility',
      ),
      {
        400: problem(
          'Invalid parameter, t_min above t_max; or `module` is not a PV module or `inverter` not an inverter, or one lacks a value the sizing needs (type `unsuitable-product`; `errors` names each).',
        ),
        404: problem('`module` or `inverter` names no product; `errors` says which.'),
      },
    ),
  },
};
