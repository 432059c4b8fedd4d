// The design-fit check (tag `design`): one string design against its inverter's limits, PASS, WARN or
// FAIL per limit with its margin and the limit's provenance (design/design-fit.service.ts).
import { DC_AC, WARN_MARGIN_PCT } from '../design-fit-rules';
import { STRING_EFFICIENCY_DOC } from '../design-docs';
import type { PathsObject } from '../openapi.types';
import { param } from './parameters';
import { json, keyOperation, problem } from './responses';
import { DESIGN_PATHS } from './design';

/** The product and temperature parameters, as checkCompatibility takes them. */
const SIZING_PARAMS = DESIGN_PATHS['/api/v1/compatibility'].get!.parameters!;

export const DESIGN_FIT_PATHS: PathsObject = {
  '/api/v1/design-fit': {
    get: keyOperation({
      operationId: 'checkDesignFit',
      summary:
        "Does a string design fit its inverter: PASS, WARN or FAIL per limit, with its margin and the limit's source",
      scope: 'products:read',
      cost: 2,
      tags: ['design'],
      description: `For a module, an inverter, the modules per string (or, without it, the longest string that fits) and the strings in parallel, between the site's coldest and hottest temperatures: each limit checked — the string's Voc at the coldest cell temperature against the inverter's maximum DC voltage, its Vmp at the coldest and the hottest against the MPPT window, the strings' Isc at the hottest against the maximum DC current, and the DC/AC ratio — as PASS, WARN (within ${WARN_MARGIN_PCT}% of the limit) or FAIL, with the margin in percent, the numbers put in and where the limit comes from: a listed value (its provenance), a value the service derived because the list lacks it (the maximum DC current as dc_power_w / nominal_dc_voltage_v, marked \`derived\`: check it on the datasheet), or a design rule (the DC/AC ratio: PASS ${DC_AC.low} to ${DC_AC.high}, FAIL above ${DC_AC.failAbove}). The voltages and currents are checkCompatibility's, so a string length within its bounds passes the voltage limits and one outside fails one. ${STRING_EFFICIENCY_DOC}`,
      parameters: [
        ...SIZING_PARAMS,
        param(
          'modules_per_string',
          'Modules in series in each string; without it, the longest string that fits (checkCompatibility’s max_modules), or the fewest the MPPT window needs when no length fits.',
          { type: 'integer', minimum: 1, maximum: 200 },
        ),
        param('strings', 'Strings in parallel on the inverter’s DC input.', {
          type: 'integer',
          minimum: 1,
          maximum: 100,
          default: 1,
        }),
      ],
      success: json(
        'The verdict, each limit checked with its margin and source, and the inputs with their provenance.',
        'DesignFit',
      ),
      errors: {
        400: problem(
          'Invalid parameter (a temperature outside its physical range, t_min above t_max); or `module` is not a PV module or `inverter` not an inverter, or one lacks a value the check needs (type `unsuitable-product`; `errors` names each).',
        ),
        404: problem('`module` or `inverter` names no product; `errors` says which.'),
      },
    }),
  },
};
