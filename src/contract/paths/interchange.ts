// The operations of the tag `interchange`: a product as a file a designer's tool imports (PVsyst .PAN
// for modules, .OND for inverters), every key classed with its provenance, with a fidelity certificate.
import { AS_OF_PATTERN } from '../as-of';
import type { PathsObject } from '../openapi.types';
import { ID_PARAM, param } from './parameters';
import { keyOperation, problem, ref } from './responses';

export const PVSYST_DOC =
  "A module's `.PAN` or a CEC inverter's `.OND` file for PVsyst (which HelioScope, PV*SOL, Solargis and SolarFarmer also import; pvlib reads it with `pvlib.iotools.read_panond`). Every key is classed: **sourced** (copied from a cell, cited), **mapped** (a cell in PVsyst's words, e.g. the CEC technology as `Technol`), **derived** (computed: the method and its inputs named), **default** (PVsyst's or the format's own value, marked); a value that is unknown is left out, never written as `nan` or guessed, and the answer names it so that you supply it (bifaciality factor, IAM profile, MPPT count, derating...). The file's `DataSource` and `Remarks` lines carry the class and cell of every key; `format=json` gives all of it in full. " +
  "**.PAN**: RSerie, RShunt, Rp_0, Rp_Exp, Gamma, muGamma and muISC are fitted by least squares (Levenberg-Marquardt) so that the file, read as PVsyst reads it (pvlib `calcparams_pvsyst`, with the photocurrent and saturation current rebuilt from the file's Isc and Voc), gives the CEC single-diode model's maximum power (pvlib `calcparams_cec`) at the 24 points of IEC 61853-1 (G 100-1100 W/m², T 15-75 °C); its **certificate** is the max and RMS |ΔPmp| over those points, and a file over 1 % says so in its Remarks and in `certificate.over_1_pct`. A Sandia row without CEC parameters is fitted to its reference point only, its certificate says so, and its temperature coefficients are left out. Fits are made on a file's first request and stored per product revision. " +
  "**.OND**: ratings copied from the CEC list; the efficiency profiles at Mppt_low, Vdco and Mppt_high computed from the row's Sandia inverter model (pvlib `inverter.sandia`), the certificate comparing every node with it. An inverter with no CEC coefficients that the ADR library lists gets its ratings from the library and its profiles from the ADR model (pvlib `inverter.adr`) at the library's test voltages Vmin, Vnom and Vmax (moved into the range pvlib evaluates the record in where they lie outside it), its start power derived where the output turns positive; a record the model cannot use (a nominal voltage of 0 or below, test voltages all outside that range, a curve that never reaches Pacmax) is a 400 `unsuitable-product` naming why.";

export const INTERCHANGE_PATHS: PathsObject = {
  '/api/v1/products/{id}/pvsyst': {
    get: keyOperation({
      operationId: 'getPvsystFile',
      summary:
        "A product as a PVsyst file: a module's .PAN or an inverter's .OND, or their JSON twin with every key's class and provenance",
      scope: 'products:read',
      cost: 2,
      tags: ['interchange'],
      description: PVSYST_DOC,
      parameters: [
        ID_PARAM,
        param(
          'format',
          "`pan` (modules), `ond` (inverters), or `json`: the file of the product's category with every key, its class and provenance, the keys left out, and the certificate. Default: the file of the product's category.",
          { type: 'string', enum: ['pan', 'ond', 'json'] },
        ),
        param(
          'as_of',
          'The file of the product as it stood at a revision number (`1`) or an RFC 3339 time (`2026-01-01T00:00:00Z`).',
          { type: 'string', pattern: AS_OF_PATTERN, maxLength: 40 },
        ),
      ],
      success: {
        description:
          "The file (text, with `Content-Disposition: attachment`), or with `format=json` its JSON twin. `X-Fidelity-Max-Dpmp-Pct` gives a .PAN file's certificate.",
        content: {
          'text/plain': { schema: { type: 'string', description: 'The .PAN or .OND file, ASCII, CRLF line ends.' } },
          'application/json': { schema: ref('PvsystFile') },
        },
      },
      errors: {
        400: problem(
          'Invalid id, format or as_of; or the product cannot have that file: a .OND asked for a module, a .PAN for an inverter, any file for a heat pump, or a value the file needs is missing (type `unsuitable-product`; `errors` names each).',
        ),
        404: problem('No product with this id, or none at that revision or time.'),
      },
    }),
  },
};
