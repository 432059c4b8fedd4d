// Values people compare inverters by that the CEC list, as SAM carries it, does not state: the
// efficiency at rated output and the CEC weighted efficiency, each a claim with `method: derived`, its
// formula, and the cells it was computed from. Only records with the Sandia coefficients get them (the
// CEC list's; ADR records have no Pso or C0), and only when the coefficients describe a working curve.
import { DERIVED_SPECS, type SpecName } from '../../catalog/spec-catalog';
import { cecWeightedEfficiencyPct, type SandiaCoefficients } from '../../catalog/sandia-inverter';
import type { Claim } from './claims';
import { locate, type Table, type TableRecord } from './table';

const COEFFICIENTS = ['ac_power_w', 'dc_power_w', 'self_consumption_w', 'sandia_c0_per_w'] as const;

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The record's Sandia coefficients and the claims they come from, when it states all four as numbers. */
function coefficientsOf(claims: readonly Claim[]): { coefficients: SandiaCoefficients; from: Claim[] } | undefined {
  const from = COEFFICIENTS.map((spec) => claims.find((c) => c.field === spec));
  if (!from.every((c): c is Claim => typeof c?.value === 'number')) return undefined;
  const [ac, dc, pso, c0] = from.map((c) => c.value as number);
  return { coefficients: { ac_power_w: ac, dc_power_w: dc, self_consumption_w: pso, sandia_c0_per_w: c0 }, from };
}

export function inverterDerivedClaims(table: Table, rec: TableRecord, claims: readonly Claim[]): Claim[] {
  const found = coefficientsOf(claims);
  if (!found) return [];
  const c = found.coefficients;
  const derived = (field: SpecName, value: number, columns: number, raw: string): Claim => ({
    field,
    value: round3(value),
    unit: '%',
    raw,
    source_id: table.sourceId,
    locator: locate(
      table,
      rec,
      found.from
        .slice(0, columns)
        .map((claim) => claim.locator.column)
        .join(','),
    ),
    method: 'derived',
    derivation: DERIVED_SPECS[field],
  });
  const out: Claim[] = [];
  const rated = (c.ac_power_w / c.dc_power_w) * 100;
  if (rated > 0 && rated <= 100)
    out.push(derived('rated_efficiency_pct', rated, 2, `${c.ac_power_w} W / ${c.dc_power_w} W`));
  const weighted = cecWeightedEfficiencyPct(c);
  if (weighted !== undefined) {
    const raw = `Paco ${c.ac_power_w} W, Pdco ${c.dc_power_w} W, Pso ${c.self_consumption_w} W, C0 ${c.sandia_c0_per_w} 1/W`;
    out.push(derived('cec_weighted_efficiency_pct', weighted, 4, raw));
  }
  return out;
}
