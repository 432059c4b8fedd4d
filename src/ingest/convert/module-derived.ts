// Values people compare modules by that no list states: efficiency and power per area, each a claim
// with `method: derived`, its formula, and the cells it was computed from (the record's own STC power
// and area). A record without both, with an area of zero, or with an area too small to be real (an
// efficiency above MAX_DERIVED_MODULE_EFFICIENCY_PCT), gets neither.
import { DERIVED_SPECS, MAX_DERIVED_MODULE_EFFICIENCY_PCT } from '../../catalog/spec-catalog';
import type { Claim } from './claims';
import { locate, type Table, type TableRecord } from './table';

/** Irradiance at standard test conditions, W/m². */
const STC_IRRADIANCE = 1000;

export function moduleDerivedClaims(table: Table, rec: TableRecord, claims: readonly Claim[]): Claim[] {
  const power = claims.find((c) => c.field === 'stc_power_w');
  const area = claims.find((c) => c.field === 'area_m2');
  if (typeof power?.value !== 'number' || typeof area?.value !== 'number' || !(area.value > 0)) return [];
  const locator = locate(table, rec, `${power.locator.column},${area.locator.column}`);
  const from = { source_id: table.sourceId, locator, method: 'derived' as const };
  const perArea = power.value / area.value;
  const efficiency = (perArea / STC_IRRADIANCE) * 100;
  if (efficiency > MAX_DERIVED_MODULE_EFFICIENCY_PCT) return [];
  return [
    {
      field: 'module_efficiency_pct',
      value: Math.round(efficiency * 1000) / 1000,
      unit: '%',
      raw: `${power.value} W / (${area.value} m² × ${STC_IRRADIANCE} W/m²)`,
      ...from,
      derivation: DERIVED_SPECS.module_efficiency_pct,
    },
    {
      field: 'power_per_area_w_per_m2',
      value: Math.round(perArea * 1000) / 1000,
      unit: 'W/m2',
      raw: `${power.value} W / ${area.value} m²`,
      ...from,
      derivation: DERIVED_SPECS.power_per_area_w_per_m2,
    },
  ];
}
