// The descriptions of the design operations in the OpenAPI document: what is computed, how, and
// under which assumptions, so a designer can check an answer by hand.

export const PERFORMANCE_DOC =
  'For PV modules with the CEC single-diode parameters (a_ref, I_L_ref, I_o_ref, R_s, R_sh_ref, alpha_sc, and Adjust for the `cec` model). ' +
  'The parameters are translated to the conditions as pvlib.pvsystem.calcparams_cec or calcparams_desoto do (band gap 1.121 eV, dEg/dT −0.0002677/K, reference 1000 W/m² and 25 °C), ' +
  'and the single-diode equation is solved exactly: I(V) and V(I) in closed form with Lambert W, the maximum power point where d(IV)/dV = 0. ' +
  'The results agree with pvlib.pvsystem.singlediode to a relative 1e-6 or better (tested over hundreds of modules). Without parameters: STC.';

/** The inverter efficiency string sizing and the design fit report (design/string-efficiency.ts). */
export const STRING_EFFICIENCY_DOC =
  "`inverter_efficiency` gives the inverter's DC-to-AC efficiency for the string (here the longest that fits, else the fewest the MPPT window needs; checkDesignFit: its own length and strings) at its MPP voltage, modules × Vmp, and DC power, strings × modules × Pmp, at 1000 W/m² and 25 °C and at the hottest cell temperature: by the Sandia model where the inverter has CEC coefficients, else ADR where the ADR library lists it, else PVWatts (a generic shape), each value `derived` with the model, voltage, power, state and the parameters' provenance. " +
  'Where the strings give more DC power than the inverter needs for its rated AC output at that voltage, the efficiency is taken at that DC power (`capped`, state `clipped`); where the voltage is outside the MPPT window there is no efficiency (state `outside_mppt_window`, with the reason).';

export const COMPATIBILITY_DOC =
  'Sizes a string of identical modules in series for the inverter. ' +
  "Most modules: n × Voc at the coldest cell temperature must not exceed the inverter's maximum DC voltage (`limit`), and n × Vmp at the coldest cell temperature should not exceed the top of the MPPT range (`tracking`). " +
  'Fewest modules: n × Vmp at the hottest cell temperature must reach the bottom of the MPPT range. ' +
  "Voc at cold uses the module's linear coefficient beta_voc (NEC 690.7(A)(1)); Vmp uses the CEC single-diode model at 1000 W/m² (the same as `getModulePerformance`). " +
  'With `temperatures=ambient` (the default) the coldest cell is at ambient (first light) and the hottest at t_max + (NOCT − 20 °C) × 1000/800. ' +
  'Where the inverter lists its maximum DC current, the answer also gives the strings it takes in parallel, with Isc at the hottest cell temperature; the list gives that current per inverter, not per MPPT input. ' +
  'A pair that cannot work answers 200 with `fits: false`. ' +
  STRING_EFFICIENCY_DOC;

export const INVERTER_PERFORMANCE_DOC =
  'For inverters. `sandia` (default) evaluates the Sandia inverter model (SAND2007-5036) with the CEC list coefficients Paco, Pdco, Vdco, Pso, C0–C3 and Pnt at any DC voltage, clipped at Paco, with the night tare below Pso, exactly as pvlib.inverter.sandia. ' +
  '`adr` evaluates the ADR model with the ADR library record of the inverter (its own Pnom, Vnom, Pacmax, Pnt and nine coefficients), as pvlib.inverter.adr with vtol 0.1: outside that voltage range pvlib gives no value, and neither does this (`ac_power_w: null`). ' +
  '`pvwatts` is the PVWatts shape for any inverter with a rated AC power, Pdc0 = Pac0 / eta_inv_nom: a generic curve, the same at every voltage, not a fit to this inverter. ' +
  'Each point gets its AC output, efficiency and state (night, below_start, outside_mppt_window, clipped, mppt). ' +
  'The curves follow the CEC test protocol: the efficiency at 10, 20, 30, 50, 75 and 100% of rated AC output (and 5% for the European weighting), the DC power for each solved from the model (a quadratic in DC power at one voltage, solved in closed form), at Mppt_low, the nominal DC voltage and Mppt_high; ' +
  'each curve gives its CEC and European weighted efficiencies, marked derived with their weights. Every parameter comes with its provenance. The answers agree with pvlib 0.16.1 to a relative 1e-9 (tested on every inverter).';

export const HEAT_PUMP_PERFORMANCE_DOC =
  "For heat pumps with hplib parameters (hplib 1.9's database of Heat Pump Keymark test data). The equations are hplib.simulate's, heating mode, one point at a time: COP = p1 T_in + p2 T_out + p3 + p4 T_amb and P_el = P_el_ref (p1 T_in + p2 T_out + p3 + p4 T_amb) with each model's own p1-p4, P_th = P_el × COP; T_out is the flow temperature asked, and hplib's T_in_secondary is 5 K below it. " +
  'Regulated units never draw less than a quarter of P_el at −7 °C (`regime: minimum_part_load`); where the COP would be at most 1, hplib answers an electric heater (COP 1, `regime: electric_heater`). ' +
  'Each point is flagged `within_tested_range` or `extrapolated`, judged against the eight EN 14825 average-climate points hplib fits each model to (outdoor −7, 2, 7, 12 °C at 34/30/27/24 °C and 52/42/36/30 °C flow; brine at 0 °C, water at 10 °C), with the conditions that lie outside. ' +
  "For regulated units the powers are the EN 14825 part-load points' (the heat needed at that outdoor temperature), not the maximum capacity. The answers agree with hplib 1.9's simulate to a relative 1e-9 (tested on every model).";
