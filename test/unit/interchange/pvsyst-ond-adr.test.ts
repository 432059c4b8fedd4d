// The .OND of an inverter only the ADR library models: profiles where pvlib evaluates the record, and
// a record the model cannot use said as such. Rows of the library (adr-library-cec-inverters-2019-03-05)
// as the seed stores them; pvlib's own check of every file is scripts/pvsyst-every-file.mjs.
import assert from 'node:assert/strict';
import { adrVoltageRange } from '../../../src/catalog/adr-inverter';
import type { Provenance } from '../../../src/catalog/provenance';
import { render } from '../../../src/interchange/pvsyst-keys';
import { ondFile } from '../../../src/interchange/pvsyst-ond';
import { adrInverterOf, adrOnd } from '../../../src/interchange/pvsyst-ond-models';
import type { PvsystProduct } from '../../../src/interchange/pvsyst-product';

const COLUMNS: Record<string, string> = {
  dc_power_w: 'Pnom',
  nominal_dc_voltage_v: 'Vnom',
  ac_power_w: 'Pacmax',
  night_tare_w: 'Pnt',
  adr_coefficients: 'ADRCoefficients',
  min_operating_dc_voltage_v: 'Vmin',
  max_operating_dc_voltage_v: 'Vmax',
  max_dc_voltage_v: 'Vdcmax',
  mppt_low_v: 'MPPTLow',
  mppt_high_v: 'MPPTHi',
};

function product(id: string, specs: Record<string, number | number[]>): PvsystProduct {
  const provenance: Record<string, Provenance> = {};
  for (const spec of Object.keys(specs))
    provenance[spec] = {
      source_id: 'adr-inverters',
      revision: 1,
      locator: { file: 'adr-library-cec-inverters-2019-03-05.csv', record: 1, line: 4, column: COLUMNS[spec] },
      method: 'reported',
    };
  return { id, model: id, manufacturer: 'Maker', category: 'inverter', revision: 1, specs, provenance };
}

const ABLEREX = product('ablerex-es-2200', {
  dc_power_w: 2200,
  nominal_dc_voltage_v: 396,
  ac_power_w: 2110,
  night_tare_w: 0.25,
  adr_coefficients: [0.01385, 0.0152, 0.00794, 0.00286, -0.01872, -0.01305, 0, 0, 0],
  min_operating_dc_voltage_v: 155,
  max_operating_dc_voltage_v: 413,
  max_dc_voltage_v: 500,
  mppt_low_v: 150,
  mppt_high_v: 450,
});
// Vnom 348 V and Vmin 304 V lie below max(Vmin, MPPTLow) - 10 % = 364.5 V, where pvlib gives NaN.
const DIEHL = product('diehl-platinum-100', {
  dc_power_w: 102000,
  nominal_dc_voltage_v: 348,
  ac_power_w: 100000,
  night_tare_w: 1,
  adr_coefficients: [0.01054, 0.00185, 0.04933, 0.00345, 0.00643, 0.00137, 0, 0, 0],
  min_operating_dc_voltage_v: 304,
  max_operating_dc_voltage_v: 482,
  max_dc_voltage_v: 900,
  mppt_low_v: 405,
  mppt_high_v: 750,
});
const origin = { service: 'Product Data Service', url: 'https://pds.example/api/v1/products' };

describe('PVsyst .OND from the ADR library', () => {
  it('when the record covers its test voltages, then the three profiles are at Vmin, Vnom and Vmax and every node is on the model', () => {
    const found = adrInverterOf(ABLEREX);
    assert.ok('inverter' in found);
    const model = adrOnd(found.inverter, ABLEREX);
    assert.deepEqual(model.voltages?.values, [155, 396, 413]);
    const file = ondFile(ABLEREX, model, origin);
    assert.equal(file.certificate.nodes, 24);
    assert.ok(file.certificate.max_abs_dpac_pct_of_paco < 0.001);
  });

  it('when the test voltages lie below the range pvlib evaluates the record in, then the profiles are moved into it and say so', () => {
    const found = adrInverterOf(DIEHL);
    assert.ok('inverter' in found);
    const range = adrVoltageRange(found.inverter);
    const model = adrOnd(found.inverter, DIEHL);
    const [low, nominal, high] = model.voltages?.values ?? [];
    assert.equal(low, range.low);
    assert.equal(high, 482);
    assert.equal(nominal, (low + high) / 2);
    assert.match(model.voltages?.method ?? '', /moved to the nearest end/);
    for (const v of [low, nominal, high]) assert.ok(Number.isFinite(model.ac(v, 50000)), `the model at ${v} V`);
    const file = ondFile(DIEHL, model, origin);
    assert.equal(file.certificate.nodes, 24);
    // Its certificate, 5e-7 %, is printed as a decimal, as every value of the file is.
    assert.match(
      render(file.root),
      /Fidelity: profiles vs pvlib\.inverter\.adr at their 24 nodes: max \|dPac\| 0\.000000\d+ % of Pacmax\r\n/,
    );
  });

  it('when every test voltage lies outside that range, or Vnom is not above 0, then no model is drawn and the reason is named', () => {
    const outback = product('outback-gvfx3648', {
      ...ABLEREX.specs,
      nominal_dc_voltage_v: 51,
      min_operating_dc_voltage_v: 40,
      max_operating_dc_voltage_v: 59,
      mppt_low_v: 66,
      mppt_high_v: 135,
      max_dc_voltage_v: 150,
    });
    const found = adrInverterOf(outback);
    assert.ok('inverter' in found);
    assert.match(adrOnd(found.inverter, outback).unusable ?? '', /Vmin 40 V, Vnom 51 V, Vmax 59 V\) lie outside/);
    const negative = product('solarbridge-p250hv', { ...ABLEREX.specs, nominal_dc_voltage_v: -43 });
    assert.deepEqual(adrInverterOf(negative), {
      why: 'an ADR library record with Pnom 2200 W, Vnom -43 V and Pacmax 2110 W (the model needs all three above 0)',
    });
  });
});
