// The descriptions of the design operations in the OpenAPI document: what is computed, how, and
// under which assumptions, so a designer can check an answer by hand.

export const PERFORMANCE_DOC =
  'For PV modules with the CEC single-diode parameters (a_ref, I_L_ref, I_o_ref, R_s, R_sh_ref, alpha_sc, and Adjust for the `cec` model). ' +
  'The parameters are translated to the conditions as pvlib.pvsystem.calcparams_cec or calcparams_desoto do (band gap 1.121 eV, dEg/dT −0.0002677/K, reference 1000 W/m² and 25 °C), ' +
  'and the single-diode equation is solved exactly: I(V) and V(I) in closed form with Lambert W, the maximum power point where d(IV)/dV = 0. ' +
  'The results agree with pvlib.pvsystem.singlediode to a relative 1e-6 or better (tested over hundreds of modules). Without parameters: STC.';

export const COMPATIBILITY_DOC =
  'Sizes a string of identical modules in series for the inverter. ' +
  "Most modules: n × Voc at the coldest cell temperature must not exceed the inverter's maximum DC voltage (`limit`), and n × Vmp at the coldest cell temperature should not exceed the top of the MPPT range (`tracking`). " +
  'Fewest modules: n × Vmp at the hottest cell temperature must reach the bottom of the MPPT range. ' +
  "Voc at cold uses the module's linear coefficient beta_voc (NEC 690.7(A)(1)); Vmp uses the CEC single-diode model at 1000 W/m² (the same as `getModulePerformance`). " +
  'With `temperatures=ambient` (the default) the coldest cell is at ambient (first light) and the hottest at t_max + (NOCT − 20 °C) × 1000/800. ' +
  'Where the inverter lists its maximum DC current, the answer also gives the strings it takes in parallel, with Isc at the hottest cell temperature; the list gives that current per inverter, not per MPPT input. ' +
  'A pair that cannot work answers 200 with `fits: false`.';
