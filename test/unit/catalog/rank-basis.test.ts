import assert from 'node:assert/strict';
import { basisFields, withRankBasis } from '../../../src/catalog/rank-basis';

describe('rank basis', () => {
  const row = (column: string) => ({
    source_id: 'cec-inverters-2024',
    revision: 1,
    locator: { file: 'hisim-cec-inverters-2024-11-14.csv', record: 9, line: 12, column },
    method: column.includes(',') ? 'derived' : 'reported',
  });
  const hit = {
    id: 'inv',
    specs: { cec_weighted_efficiency_pct: 97.5, nominal_dc_voltage_v: 380, ac_power_w: 7600 },
    detail: { provenance: { cec_weighted_efficiency_pct: row('Paco,Pdco,Pso,C0'), nominal_dc_voltage_v: row('Vdco') } },
  };

  it("when inverters are ranked by CEC weighted efficiency, then the fields read for each hit include its nominal DC voltage and that voltage's provenance", () => {
    assert.deepEqual(basisFields('cec_weighted_efficiency_pct'), [
      'specs.cec_weighted_efficiency_pct',
      'detail.provenance.cec_weighted_efficiency_pct',
      'specs.nominal_dc_voltage_v',
      'detail.provenance.nominal_dc_voltage_v',
    ]);
    assert.deepEqual(basisFields('stc_power_w'), ['specs.stc_power_w', 'detail.provenance.stc_power_w']);
  });

  it('when a hit is ranked by CEC weighted efficiency, then its basis says the voltage it is taken at, and what was read only for it is left out', () => {
    const out = withRankBasis(hit, 'cec_weighted_efficiency_pct', ['id', 'specs.cec_weighted_efficiency_pct']) as {
      specs: object;
      rank_basis: { at: Record<string, unknown> };
    };
    assert.deepEqual(out.specs, { cec_weighted_efficiency_pct: 97.5, ac_power_w: 7600 });
    const { statement, ...at } = out.rank_basis.at;
    assert.deepEqual(at, {
      dc_voltage: 'nominal',
      spec: 'nominal_dc_voltage_v',
      value: 380,
      unit: 'V',
      provenance: row('Vdco'),
    });
    assert.match(statement as string, /nominal DC voltage/);
    assert.ok(!('detail' in out));
    // Without `fields` (the summary, every spec) nothing is taken away; a module's basis has no `at`.
    assert.deepEqual((withRankBasis(hit, 'cec_weighted_efficiency_pct', undefined) as typeof out).specs, hit.specs);
    assert.ok(!('at' in (withRankBasis(hit, 'ac_power_w', undefined) as typeof out).rank_basis));
  });
});
