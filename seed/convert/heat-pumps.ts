// hplib's heat pump database: one record per Keymark-tested model, with Manufacturer and Model
// columns (915 manufacturer cells carry a trailing space) and hplib's fitted parameters.
import type { SpecName } from '../../src/catalog/spec-catalog';
import { normalizeKeyPart, SourceError, type SourceRecord } from './claims';
import { identityClaim, specClaims, type Table } from './table';

export const HPLIB_COLUMNS: Readonly<Record<string, SpecName>> = {
  Date: 'keymark_date',
  Type: 'heat_pump_type',
  Subtype: 'compressor_regulation',
  Group: 'hplib_group_id',
  Refrigerant: 'refrigerant',
  'Mass of Refrigerant [kg]': 'refrigerant_mass_kg',
  'SPL indoor [dBA]': 'sound_power_indoor_dba',
  'SPL outdoor [dBA]': 'sound_power_outdoor_dba',
  'PSB [W]': 'standby_power_w',
  Climate: 'test_climate',
  'P_el_h_ref [W]': 'electric_power_ref_w',
  'P_th_h_ref [W]': 'heating_power_ref_w',
  COP_ref: 'cop_ref',
  'p1_P_th [1/°C]': 'hplib_p1_heating_power',
  'p2_P_th [1/°C]': 'hplib_p2_heating_power',
  'p3_P_th [-]': 'hplib_p3_heating_power',
  'p4_P_th [1/°C]': 'hplib_p4_heating_power',
  'p1_P_el_h [1/°C]': 'hplib_p1_electric_power',
  'p2_P_el_h [1/°C]': 'hplib_p2_electric_power',
  'p3_P_el_h [-]': 'hplib_p3_electric_power',
  'p4_P_el_h [1/°C]': 'hplib_p4_electric_power',
  'p1_COP [-]': 'hplib_p1_cop',
  'p2_COP [-]': 'hplib_p2_cop',
  'p3_COP [-]': 'hplib_p3_cop',
  'p4_COP [-]': 'hplib_p4_cop',
};

export const HPLIB_REQUIRED = ['Manufacturer', 'Model', ...Object.keys(HPLIB_COLUMNS)];

export function convertHeatPumps(table: Table): SourceRecord[] {
  return table.records.map((rec) => {
    const manufacturer = rec.cell('Manufacturer').trim();
    const model = rec.cell('Model').trim();
    if (!manufacturer || !model) throw new SourceError(table.file, rec.record, 'empty Manufacturer or Model');
    return {
      key: `heat-pump|${normalizeKeyPart(manufacturer)}|${normalizeKeyPart(model)}`,
      category: 'heat-pump',
      manufacturer,
      model,
      variant: '',
      name: `${manufacturer} ${model}`,
      source_id: table.sourceId,
      record: rec.record,
      claims: [
        identityClaim(table, rec, 'manufacturer', manufacturer, 'Manufacturer'),
        identityClaim(table, rec, 'model', model, 'Model'),
        ...specClaims(table, rec, HPLIB_COLUMNS),
      ],
    };
  });
}
