// The .PAN of a Sandia row that carries only its reference point: the curve the file describes passes
// through (Vmpo, Impo), thin film included, where one start of the solver used to stop at no current.
import assert from 'node:assert/strict';
import { operatingPoint } from '../../../src/catalog/single-diode';
import { fitReferencePoint } from '../../../src/interchange/pvsyst-sandia';
import { pvsystAt } from '../../../src/interchange/pvsyst-model';

// Rows of Sandia's module database as the seed stores them (Isco, Voco, Impo, Vmpo, cells in series).
const ROWS = {
  'First Solar FS-45 (CdTe, fill factor 0.58)': { isc_a: 0.9, voc_v: 87, imp_a: 0.75, vmp_v: 60, cells_in_series: 116 },
  'a crystalline 36-cell row': { isc_a: 3.35, voc_v: 21.7, imp_a: 3.05, vmp_v: 17.4, cells_in_series: 36 },
};

describe('PVsyst .PAN from a Sandia reference point', () => {
  for (const [name, row] of Object.entries(ROWS))
    it(`when ${name} is solved, then the file's curve gives Impo × Vmpo within 0.5 %, as its certificate says`, () => {
      const fit = fitReferencePoint(row);
      const pmp = operatingPoint(pvsystAt(fit.model, 1000, 25)).pmp_w;
      const target = row.imp_a * row.vmp_v;
      assert.ok(Math.abs(pmp - target) / target < 0.005, `Pmp ${pmp} W against ${target} W`);
      assert.ok(fit.certificate.max_abs_dpmp_pct < 0.5, JSON.stringify(fit.certificate));
      assert.ok(fit.model.rs_ohm > 0 && fit.model.rs_ohm < row.voc_v / row.isc_a, `RSerie ${fit.model.rs_ohm} Ω`);
    });
});
