// The columns of each source file the converters read, and the spec each becomes, as the files
// name them. The converters (src/ingest/convert) read with these; the glossary (glossary.ts) shows them,
// so a reader can find every value's column in the file it came from, and pvlib's name for it.
import type { SpecName } from './spec-catalog';

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
  // The same date on every record of an edition: when the library was built, not when the CEC listed the module.
  Date: 'sam_library_date',
};

/** The 2024 edition: gamma_pmp where 2019 has gamma_r, and a Manufacturer column. */
export const CEC_MODULE_2024_COLUMNS: Readonly<Record<string, SpecName>> = {
  ...Object.fromEntries(Object.entries(CEC_MODULE_COLUMNS).filter(([column]) => column !== 'gamma_r')),
  gamma_pmp: 'gamma_pmp_pct_per_k',
};

export const SAM_INVERTER_COLUMNS: Readonly<Record<string, SpecName>> = {
  Vac: 'nominal_ac_voltage_v',
  Pso: 'self_consumption_w',
  Paco: 'ac_power_w',
  Pdco: 'dc_power_w',
  Vdco: 'nominal_dc_voltage_v',
  C0: 'sandia_c0_per_w',
  C1: 'sandia_c1_per_v',
  C2: 'sandia_c2_per_v',
  C3: 'sandia_c3_per_v',
  Pnt: 'night_tare_w',
  Vdcmax: 'max_dc_voltage_v',
  Idcmax: 'max_dc_current_a',
  Mppt_low: 'mppt_low_v',
  Mppt_high: 'mppt_high_v',
  CEC_Date: 'cec_listing_date',
  CEC_Type: 'inverter_type',
};

/** The 2024 edition: CEC_hybrid (Y/N) where 2019 has CEC_Type. */
export const CEC_INVERTER_2024_COLUMNS: Readonly<Record<string, SpecName>> = {
  ...Object.fromEntries(Object.entries(SAM_INVERTER_COLUMNS).filter(([column]) => column !== 'CEC_Type')),
  CEC_hybrid: 'hybrid',
};

export const ADR_INVERTER_COLUMNS: Readonly<Record<string, SpecName>> = {
  Vac: 'nominal_ac_voltage_v',
  Vintage: 'adr_vintage_year',
  Pacmax: 'ac_power_w',
  Pnom: 'dc_power_w',
  Vnom: 'nominal_dc_voltage_v',
  Vmin: 'min_operating_dc_voltage_v',
  Vmax: 'max_operating_dc_voltage_v',
  ADRCoefficients: 'adr_coefficients',
  Pnt: 'night_tare_w',
  Vdcmax: 'max_dc_voltage_v',
  Idcmax: 'max_dc_current_a',
  MPPTLow: 'mppt_low_v',
  MPPTHi: 'mppt_high_v',
  TambLow: 'ambient_temp_min_c',
  TambHi: 'ambient_temp_max_c',
  Weight: 'weight_kg',
  PacFitErrMax: 'adr_pac_fit_error_max',
  YearOfData: 'adr_data_year',
};

export const SANDIA_MODULE_COLUMNS: Readonly<Record<string, SpecName>> = {
  Vintage: 'sandia_vintage',
  Area: 'area_m2',
  Material: 'technology',
  'Cells in Series': 'cells_in_series',
  'Parallel Strings': 'parallel_strings',
  Isco: 'isc_a',
  Voco: 'voc_v',
  Impo: 'imp_a',
  Vmpo: 'vmp_v',
};

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

/** HiSim's smart-device table (JSON): the keys of a "Battery" entry; "Price" is left out (no product data). */
export const HISIM_BATTERY_COLUMNS: Readonly<Record<string, SpecName>> = {
  Capacity: 'usable_capacity_kwh',
  'Maximal Charging Power': 'max_charge_power_kw',
  'Maximal Discharging Power': 'max_discharge_power_kw',
  Efficiency: 'battery_efficiency',
  'Inverter Efficiency': 'battery_inverter_efficiency',
  URL: 'datasheet_url',
};

/** The keys of a "Wallbox" entry of the same table; "Price" is left out. */
export const HISIM_WALLBOX_COLUMNS: Readonly<Record<string, SpecName>> = {
  'Charging Power': 'charging_power_kw',
  'Cable length': 'cable_lengths_m',
};
