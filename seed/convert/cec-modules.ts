// CEC PV module list as shipped in the SAM library: no manufacturer column (derived from Name).
import type { SpecName } from '../../src/products/spec-catalog';
import { normalizeKeyPart, type SourceRecord } from './claims';
import { MANUFACTURER_DERIVATION, type ManufacturerDeriver } from './manufacturer';
import { identityClaim, specClaims, type Table } from './table';

export const CEC_MODULE_COLUMNS: Readonly<Record<string, SpecName>> = {
  Technology: 'technology',
  Bifacial: 'bifacial',
  STC: 'stc_power_w',
  PTC: 'ptc_power_w',
  A_c: 'area_m2',
  Length: 'length_m',
  Width: 'width_m',
  N_s: 'cells_in_series',
  I_sc_ref: 'isc_a',
  V_oc_ref: 'voc_v',
  I_mp_ref: 'imp_a',
  V_mp_ref: 'vmp_v',
  alpha_sc: 'alpha_isc_a_per_k',
  beta_oc: 'beta_voc_v_per_k',
  T_NOCT: 'noct_c',
  a_ref: 'a_ref_v',
  I_L_ref: 'il_ref_a',
  I_o_ref: 'io_ref_a',
  R_s: 'rs_ohm',
  R_sh_ref: 'rsh_ref_ohm',
  Adjust: 'adjust_pct',
  gamma_r: 'gamma_pmp_pct_per_k',
  BIPV: 'bipv',
  Version: 'sam_library_version',
  Date: 'cec_listing_date',
};

export const CEC_MODULE_REQUIRED = ['Name', ...Object.keys(CEC_MODULE_COLUMNS)];

export function moduleKey(name: string): string {
  return `pv-module|${normalizeKeyPart(name)}`;
}

export function convertCecModules(table: Table, deriver: ManufacturerDeriver): SourceRecord[] {
  return table.records.map((rec) => {
    const name = rec.cell('Name').trim();
    const { manufacturer, model } = deriver.split(name);
    return {
      key: moduleKey(name),
      category: 'pv-module',
      manufacturer,
      model,
      variant: '',
      name,
      source_id: table.sourceId,
      record: rec.record,
      claims: [
        identityClaim(table, rec, 'name', name, 'Name'),
        identityClaim(table, rec, 'manufacturer', manufacturer, 'Name', MANUFACTURER_DERIVATION),
        identityClaim(table, rec, 'model', model, 'Name', 'Derived from Name: the words after the derived manufacturer.'),
        ...specClaims(table, rec, CEC_MODULE_COLUMNS),
      ],
    };
  });
}
