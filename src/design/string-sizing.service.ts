// How many modules in series an inverter takes: the cold-morning Voc of the string under the
// inverter's maximum DC voltage, and its Vmp between the ends of the MPPT range from hot afternoon
// to cold morning; and, where the list gives the inverter's maximum DC current, how many strings it
// takes in parallel. Every bound comes with its formula, the numbers put into it, and the inputs
// with their provenance, so a designer can check it by hand.
import { AppError } from '../errors/app-error';
import { inputsProblem, tMinAboveTMax } from '../errors/catalog';
import { NOTICE } from '../catalog/notice';
import { Inputs, readOptional, valuesOf, type DesignProduct } from './design-inputs';
import { atConditions, operatingPoint, type ReferenceParameters } from './single-diode';
import { diodeInputs, MODEL_NAMES, SOLVER, type DesignPorts } from './performance.service';
import { INVERTER_SOURCE, type InverterPerformancePorts, type InverterProduct } from './inverter-performance.service';
import { stringEfficiency } from './string-efficiency';

export type TemperatureBasis = 'ambient' | 'cell';

export type Sizing = ReturnType<typeof sizePair>;

export interface SizingQuery {
  readonly module: string;
  readonly inverter: string;
  readonly t_min: number;
  readonly t_max: number;
  readonly temperatures: TemperatureBasis;
}

/** Full sun: the irradiance of the hot-afternoon and cold-morning operating points. */
const SUN_W_M2 = 1000;
/** The NOCT rating's conditions: 800 W/m² and 20 °C ambient. */
const NOCT_IRRADIANCE_W_M2 = 800;
const NOCT_AMBIENT_C = 20;
const STC_C = 25;

const MODULE_NEEDS = {
  voc_v: { purpose: 'Voc at STC, for the cold-morning Voc', positive: true },
  beta_voc_v_per_k: { purpose: 'the temperature coefficient of Voc, for the cold-morning Voc' },
  isc_a: { purpose: 'Isc at STC, for the current check', positive: true },
} as const;
const NOCT_NEED = { noct_c: { purpose: 'NOCT, to take the hot cell temperature from the hottest ambient' } } as const;
const INVERTER_NEEDS = {
  max_dc_voltage_v: { purpose: 'the maximum DC voltage, for the most modules per string', positive: true },
  mppt_low_v: { purpose: 'the low end of the MPPT range, for the fewest modules per string', positive: true },
  mppt_high_v: { purpose: 'the high end of the MPPT range, for the most modules per string', positive: true },
} as const;
const CURRENT_NEED = { max_dc_current_a: { purpose: 'the maximum DC current', positive: true } } as const;

/** Six significant digits: enough to redo the arithmetic, few enough to read. */
const n = (x: number) => String(Number(x.toPrecision(6)));

interface Quantity {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly formula: string;
  readonly worked: string;
}

/** One bound on the modules per string: `limit` is the equipment's rating, `tracking` its MPPT range. */
interface Bound {
  readonly name: string;
  readonly modules: number;
  readonly kind: 'limit' | 'tracking';
  readonly rule: string;
  readonly formula: string;
  readonly worked: string;
}

/** The module and the inverter a sizing names, with what the inverter models read (its revision, for ADR). */
export interface SizingPair {
  readonly module: InverterProduct;
  readonly inverter: InverterProduct;
}

/** The two products, after the temperatures are checked; an unknown id is a 404 naming each. */
export async function fetchPair(query: SizingQuery, ports: DesignPorts): Promise<SizingPair> {
  if (query.t_min > query.t_max) {
    throw new AppError(tMinAboveTMax(query.t_min, query.t_max));
  }
  const [module, inverter] = await ports.index.getMany([query.module, query.inverter], INVERTER_SOURCE);
  if (!module || !inverter) {
    const errors = [module ? undefined : ('module' as const), inverter ? undefined : ('inverter' as const)]
      .filter((name) => name !== undefined)
      .map((name) => ({ in: 'query' as const, name, message: `names no product: ${query[name]}` }));
    throw new AppError(inputsProblem('NOT_FOUND', errors));
  }
  return { module, inverter };
}

/**
 * checkCompatibility: the bounds, and the inverter's efficiency for the longest string that fits
 * (or, when none does, the fewest modules the MPPT window needs) at 25 °C and the hottest cell.
 */
export async function checkCompatibility(query: SizingQuery, ports: InverterPerformancePorts) {
  const pair = await fetchPair(query, ports);
  const sizing = sizePair(query, pair);
  const { modules, chosen } = defaultLength(sizing.string);
  const efficiency = await stringEfficiency({ sizing, inverter: pair.inverter, modules, strings: 1, chosen }, ports);
  const { quantities, inputs, method, notice, ...rest } = sizing;
  return { ...rest, inverter_efficiency: efficiency, quantities, inputs, method, notice };
}

/** The string length a design takes when none is asked: the longest that fits, else the fewest for the MPPT window. */
export function defaultLength(string: { min_modules: number; max_modules: number; fits: boolean }) {
  return string.fits
    ? { modules: string.max_modules, chosen: 'longest that fits' as const }
    : { modules: string.min_modules, chosen: 'fewest for the MPPT window (no length fits)' as const };
}

/** The bounds on the modules per string, each with its formula, numbers and inputs (400 when a value is missing). */
export function sizePair(query: SizingQuery, { module, inverter }: SizingPair) {
  const { moduleInputs, inverterInputs } = readPairInputs(query, { module, inverter });
  const m = valuesOf(moduleInputs) as ModuleValues;
  const inv = valuesOf(inverterInputs) as InverterValues;
  const voltages = stringVoltages(query, m);
  const string = stringBounds(inv, voltages);
  return {
    module: identity(module),
    inverter: identity(inverter),
    conditions: {
      temperatures: query.temperatures,
      t_min_c: query.t_min,
      t_max_c: query.t_max,
      cell_temperature_cold_c: voltages.cold,
      cell_temperature_hot_c: voltages.hot,
      irradiance_w_m2: SUN_W_M2,
      assumptions: assumptions(query.temperatures),
    },
    string,
    current: currentCheck(inv.max_dc_current_a, m.isc_a, m.alpha_isc_a_per_k, voltages.hot),
    quantities: voltageQuantities(query, m, voltages),
    inputs: { module: moduleInputs, inverter: inverterInputs },
    method: { vmp: `${MODEL_NAMES.cec}. ${SOLVER}` },
    notice: NOTICE,
  };
}

type ModuleValues = Record<keyof typeof MODULE_NEEDS | keyof typeof NOCT_NEED, number> & ReferenceParameters;
type InverterValues = Record<keyof typeof INVERTER_NEEDS, number> & { max_dc_current_a?: number };

/** The values each product must list (all missing ones reported at once, as one 400), with their provenance. */
function readPairInputs(query: SizingQuery, { module, inverter }: SizingPair) {
  const inputs = new Inputs('query');
  const isModule = inputs.category('module', module, 'pv-module');
  const isInverter = inputs.category('inverter', inverter, 'inverter');
  const moduleInputs = isModule
    ? {
        ...inputs.read(
          'module',
          module,
          query.temperatures === 'ambient' ? { ...MODULE_NEEDS, ...NOCT_NEED } : MODULE_NEEDS,
        ),
        ...diodeInputs(inputs, 'module', module, 'cec'),
      }
    : {};
  // The current check is made where the list allows it; without the value it is reported as not made.
  const inverterInputs = isInverter
    ? { ...inputs.read('inverter', inverter, INVERTER_NEEDS), ...readOptional(inverter, CURRENT_NEED) }
    : {};
  inputs.check();
  return { moduleInputs, inverterInputs };
}

/** The cell temperatures at the cold and hot ends, and the module's voltages there. */
interface StringVoltages {
  readonly cold: number;
  readonly hot: number;
  readonly vocCold: number;
  readonly vmpCold: number;
  readonly vmpHot: number;
}

function stringVoltages(query: SizingQuery, m: ModuleValues): StringVoltages {
  const cold = query.t_min;
  const hot =
    query.temperatures === 'cell'
      ? query.t_max
      : query.t_max + ((m.noct_c - NOCT_AMBIENT_C) * SUN_W_M2) / NOCT_IRRADIANCE_W_M2;
  const vmpAt = (t: number) => operatingPoint(atConditions(m, 'cec', SUN_W_M2, t)).vmp_v;
  const vocCold = m.voc_v + m.beta_voc_v_per_k * (cold - STC_C);
  return { cold, hot, vocCold, vmpCold: vmpAt(cold), vmpHot: vmpAt(hot) };
}

/** The voltages (and, for ambient temperatures, the hot cell temperature) with their formulas worked out. */
function voltageQuantities(
  query: SizingQuery,
  m: ModuleValues,
  { cold, hot, vocCold, vmpCold, vmpHot }: StringVoltages,
): Quantity[] {
  return [
    ...(query.temperatures === 'ambient'
      ? [
          {
            name: 'cell_temperature_hot_c',
            value: hot,
            unit: '°C',
            formula: 't_max + (noct_c − 20) × 1000 / 800',
            worked: `${n(query.t_max)} + (${n(m.noct_c)} − 20) × 1000 / 800 = ${n(hot)}`,
          },
        ]
      : []),
    {
      name: 'voc_cold_v',
      value: vocCold,
      unit: 'V',
      formula: 'voc_v + beta_voc_v_per_k × (t_cold − 25)',
      worked: `${n(m.voc_v)} + (${n(m.beta_voc_v_per_k)}) × (${n(cold)} − 25) = ${n(vocCold)}`,
    },
    {
      name: 'vmp_cold_v',
      value: vmpCold,
      unit: 'V',
      formula: 'Vmp of the CEC single-diode model at 1000 W/m² and t_cold',
      worked: `Vmp(1000 W/m², ${n(cold)} °C) = ${n(vmpCold)}`,
    },
    {
      name: 'vmp_hot_v',
      value: vmpHot,
      unit: 'V',
      formula: 'Vmp of the CEC single-diode model at 1000 W/m² and t_hot',
      worked: `Vmp(1000 W/m², ${n(hot)} °C) = ${n(vmpHot)}`,
    },
  ];
}

/** The fewest and most modules per string, each bound with its rule, and which of them binds. */
function stringBounds(inv: InverterValues, { vocCold, vmpCold, vmpHot }: StringVoltages) {
  const byVoltage = atMost(
    'max_by_voltage',
    'limit',
    ['max_dc_voltage_v', inv.max_dc_voltage_v],
    ['voc_cold_v', vocCold],
  );
  const byTracking = atMost('max_by_mppt', 'tracking', ['mppt_high_v', inv.mppt_high_v], ['vmp_cold_v', vmpCold]);
  const minModules = fewest(inv.mppt_low_v, vmpHot);
  const maxModules = Math.min(byVoltage.modules, byTracking.modules);
  const bounds = [
    { ...byVoltage, binding: byVoltage.modules === maxModules },
    { ...byTracking, binding: byTracking.modules === maxModules },
    {
      name: 'min_by_mppt',
      modules: minModules,
      kind: 'tracking',
      rule: 'n × vmp_hot_v ≥ mppt_low_v',
      formula: 'ceil(mppt_low_v / vmp_hot_v)',
      worked: `ceil(${n(inv.mppt_low_v)} / ${n(vmpHot)}) = ${minModules}`,
      binding: true,
    },
  ];
  return { min_modules: minModules, max_modules: maxModules, fits: minModules <= maxModules, bounds };
}

const identity = (p: DesignProduct) => ({ id: p.id, model: p.model, manufacturer: p.manufacturer });

function assumptions(basis: TemperatureBasis): string[] {
  const common = [
    'Voc at the coldest cell temperature uses the linear coefficient beta_voc_v_per_k (the NEC 690.7(A)(1) method), at open circuit, so no irradiance is needed.',
    'Vmp is taken from the CEC single-diode model at 1000 W/m², at the coldest and the hottest cell temperature.',
    'The string is of identical modules in series; codes may add their own factors (for example NEC 690.8 for current).',
  ];
  if (basis === 'cell') return ['t_min and t_max are cell temperatures.', ...common];
  return [
    't_min and t_max are ambient air temperatures.',
    'At the coldest ambient the cells are at ambient temperature (first light: no irradiance has warmed them yet).',
    'At the hottest ambient the cells are warmer by (noct_c − 20 °C) × 1000/800: the NOCT model at 1000 W/m².',
    ...common,
  ];
}

/** The largest n with n × per ≤ limit, as a bound. */
function atMost(
  name: string,
  kind: Bound['kind'],
  [limitName, limit]: [string, number],
  [perName, per]: [string, number],
): Bound {
  let modules = Math.floor(limit / per);
  if (modules * per > limit) modules--;
  return {
    name,
    modules,
    kind,
    rule: `n × ${perName} ≤ ${limitName}`,
    formula: `floor(${limitName} / ${perName})`,
    worked: `floor(${n(limit)} / ${n(per)}) = ${modules}`,
  };
}

/** The smallest n ≥ 1 with n × per ≥ limit. */
function fewest(limit: number, per: number): number {
  const modules = Math.max(1, Math.ceil(limit / per));
  return modules > 1 && (modules - 1) * per >= limit ? modules - 1 : modules;
}

function currentCheck(maxCurrent: number | undefined, isc: number, alpha: number, hot: number) {
  if (maxCurrent === undefined) return { checked: false, reason: 'The inverter has no max_dc_current_a in its list.' };
  const iscHot = isc + alpha * (hot - STC_C);
  let strings = Math.floor(maxCurrent / iscHot);
  if (strings * iscHot > maxCurrent) strings--;
  return {
    checked: true,
    scope: 'inverter',
    note: 'The list gives one maximum DC current per inverter and not the number of MPPT inputs, so the check is of the whole DC input, not per MPPT input.',
    isc_hot_a: iscHot,
    max_parallel_strings: strings,
    formula: 'floor(max_dc_current_a / (isc_a + alpha_isc_a_per_k × (t_hot − 25)))',
    worked: `floor(${n(maxCurrent)} / (${n(isc)} + ${n(alpha)} × (${n(hot)} − 25))) = floor(${n(maxCurrent)} / ${n(iscHot)}) = ${strings}`,
  };
}
