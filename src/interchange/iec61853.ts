// The irradiance and temperature matrix of IEC 61853-1:2011 (Table 2, "Pmax as a function of
// irradiance and temperature"): 7 irradiances by 4 cell temperatures, less the 4 combinations the
// standard leaves out because a module never meets them outdoors (1100 W/m² at 15 °C, 200 W/m² at
// 75 °C, 100 W/m² at 50 and 75 °C): 24 points. The fidelity certificate of a .PAN file is taken over
// exactly these.

export interface Condition {
  readonly irradiance_w_m2: number;
  readonly cell_temperature_c: number;
}

const IRRADIANCES = [100, 200, 400, 600, 800, 1000, 1100] as const;
const TEMPERATURES = [15, 25, 50, 75] as const;

const LEFT_OUT = new Set(['1100@15', '200@75', '100@50', '100@75']);

export const IEC_61853_POINTS: readonly Condition[] = IRRADIANCES.flatMap((g) =>
  TEMPERATURES.filter((t) => !LEFT_OUT.has(`${g}@${t}`)).map((t) => ({ irradiance_w_m2: g, cell_temperature_c: t })),
);

export const IEC_61853_NAME =
  'IEC 61853-1:2011 Table 2: G = 100, 200, 400, 600, 800, 1000, 1100 W/m² by T = 15, 25, 50, 75 °C, without 1100/15, 200/75, 100/50 and 100/75 (24 points)';
