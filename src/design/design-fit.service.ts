// Does a given string design fit its inverter? For a module, an inverter, a string length (or the
// longest that fits) and a number of strings in parallel, between the site's coldest and hottest
// temperatures: PASS, WARN or FAIL per limit, each with its margin in percent, the numbers put in,
// and where the limit comes from. The voltages and currents are string sizing's own
// (string-sizing.service.ts), so the verdicts agree with checkCompatibility's bounds; a limit the
// inverter's list does not give but the service can derive (its maximum DC current as Pdco / Vdco)
// is used and marked derived, so a person knows what to check on the datasheet.
import type { Provenance } from '../catalog/provenance';
import { DC_AC, WARN_MARGIN_PCT } from '../contract/design-fit-rules';
import { readOptional, type Input } from './design-inputs';
import type { InverterPerformancePorts } from './inverter-performance.service';
import { stringEfficiency } from './string-efficiency';
import { defaultLength, fetchPair, sizePair, type SizingQuery } from './string-sizing.service';

export interface FitQuery extends SizingQuery {
  /** Modules in series; absent: the longest string that fits (or, when none does, the fewest the MPPT window needs). */
  readonly modules_per_string?: number;
  /** Strings in parallel on the inverter's DC input. */
  readonly strings: number;
}

export type Status = 'PASS' | 'WARN' | 'FAIL';

/** Where a limit comes from: a listed value, one the service derived from listed values, or the service's design rule. */
type LimitSource =
  | { readonly method: 'reported'; readonly spec: string; readonly provenance: Provenance }
  | {
      readonly method: 'derived';
      readonly spec: string;
      readonly derivation: string;
      readonly inputs: Readonly<Record<string, Input>>;
      readonly check_on_datasheet: string;
    }
  | { readonly method: 'rule'; readonly rule: string };

export interface Check {
  readonly limit: string;
  readonly status: Status;
  /** (limit − value) / limit for an upper limit, (value − limit) / limit for a lower one, in percent. */
  readonly margin_pct: number;
  readonly value: number;
  readonly limit_value: number;
  readonly unit: string;
  readonly rule: string;
  readonly worked: string;
  readonly limit_source: LimitSource;
}

interface NotChecked {
  readonly limit: string;
  readonly reason: string;
}

const n6 = (x: number) => String(Number(x.toPrecision(6)));
const pct = (x: number) => Number(x.toFixed(2));

function statusOf(margin: number): Status {
  if (margin < 0) return 'FAIL';
  return margin < WARN_MARGIN_PCT ? 'WARN' : 'PASS';
}

/** What one check compares: the design's value (and how it was worked out) against a limit. */
interface Bound {
  /** The limit's name in the answer (`max_dc_voltage`). */
  readonly limit: string;
  /** `max`: the value must stay at or below the limit; `min`: at or above it. */
  readonly side: 'max' | 'min';
  /** The design's value and the expression it came from (`12 × voc_cold_v`). */
  readonly value: readonly [number, string];
  /** The limit's value and its name on the datasheet (`max_dc_voltage_v`). */
  readonly against: readonly [number, string];
  readonly source: LimitSource;
  readonly unit: string;
}

/** A check of `value` against an upper (`max`) or lower (`min`) limit. */
function bounded({ limit, side, value: [value, valueText], against, source, unit }: Bound): Check {
  const [limitValue, limitName] = against;
  const margin = ((side === 'max' ? limitValue - value : value - limitValue) / limitValue) * 100;
  return {
    limit,
    status: statusOf(margin),
    margin_pct: pct(margin),
    value,
    limit_value: limitValue,
    unit,
    rule: `${valueText} ${side === 'max' ? '≤' : '≥'} ${limitName}`,
    worked: `${valueText} = ${n6(value)} ${unit}; ${limitName} = ${n6(limitValue)} ${unit}; margin ${pct(margin)} %`,
    limit_source: source,
  };
}

const reported = (spec: string, input: Input | undefined): LimitSource => ({
  method: 'reported',
  spec,
  provenance: input!.provenance,
});

export async function checkDesignFit(query: FitQuery, ports: InverterPerformancePorts) {
  // Unknown ids, a product of the wrong category, a missing value: the same problems as sizing's.
  const { module, inverter } = await fetchPair(query, ports);
  const sizing = sizePair(query, { module, inverter });
  const moduleExtra = readOptional(module, { stc_power_w: { purpose: 'STC power, for the DC/AC ratio' } });
  const inverterExtra = readOptional(inverter, {
    ac_power_w: { purpose: 'rated AC power, for the DC/AC ratio', positive: true },
    dc_power_w: { purpose: 'Pdco, to derive a maximum DC current', positive: true },
    nominal_dc_voltage_v: { purpose: 'Vdco, to derive a maximum DC current', positive: true },
  });
  const { min_modules: min, max_modules: max, fits } = sizing.string;
  const n = query.modules_per_string ?? defaultLength(sizing.string).modules;
  const chosen = query.modules_per_string !== undefined ? ('asked' as const) : defaultLength(sizing.string).chosen;
  const q = (name: string) => sizing.quantities.find((x) => x.name === name)!.value;
  const inv = sizing.inputs.inverter as Record<string, Input>;
  const mod = sizing.inputs.module as Record<string, Input>;
  const hot = sizing.conditions.cell_temperature_hot_c;
  const iscHot = mod.isc_a.value + mod.alpha_isc_a_per_k.value * (hot - 25);

  const checks: Check[] = [
    bounded({
      limit: 'max_dc_voltage',
      side: 'max',
      value: [n * q('voc_cold_v'), `${n} × voc_cold_v`],
      against: [inv.max_dc_voltage_v.value, 'max_dc_voltage_v'],
      source: reported('max_dc_voltage_v', inv.max_dc_voltage_v),
      unit: 'V',
    }),
    bounded({
      limit: 'mppt_high',
      side: 'max',
      value: [n * q('vmp_cold_v'), `${n} × vmp_cold_v`],
      against: [inv.mppt_high_v.value, 'mppt_high_v'],
      source: reported('mppt_high_v', inv.mppt_high_v),
      unit: 'V',
    }),
    bounded({
      limit: 'mppt_low',
      side: 'min',
      value: [n * q('vmp_hot_v'), `${n} × vmp_hot_v`],
      against: [inv.mppt_low_v.value, 'mppt_low_v'],
      source: reported('mppt_low_v', inv.mppt_low_v),
      unit: 'V',
    }),
  ];
  const notChecked: NotChecked[] = [];
  const current = currentLimit(inv, inverterExtra);
  if (current)
    checks.push(
      bounded({
        limit: 'max_dc_current',
        side: 'max',
        value: [query.strings * iscHot, `${query.strings} × isc_hot_a`],
        against: [current.value, current.name],
        source: current.source,
        unit: 'A',
      }),
    );
  else
    notChecked.push({
      limit: 'max_dc_current',
      reason: 'The inverter lists no max_dc_current_a, nor dc_power_w and nominal_dc_voltage_v to derive one.',
    });
  const ratio = dcAcRatio(n, query.strings, moduleExtra.stc_power_w, inverterExtra.ac_power_w);
  if (ratio) checks.push(ratio);
  else
    notChecked.push({ limit: 'dc_ac_ratio', reason: 'The module lists no stc_power_w or the inverter no ac_power_w.' });

  return {
    module: sizing.module,
    inverter: sizing.inverter,
    conditions: { ...sizing.conditions, isc_hot_a: iscHot, warn_margin_pct: WARN_MARGIN_PCT },
    design: {
      modules_per_string: n,
      strings: query.strings,
      chosen,
      sizing: { min_modules: min, max_modules: max, fits },
    },
    verdict: checks.some((c) => c.status === 'FAIL')
      ? 'FAIL'
      : checks.some((c) => c.status === 'WARN')
        ? 'WARN'
        : 'PASS',
    checks,
    not_checked: notChecked,
    inverter_efficiency: await stringEfficiency(
      { sizing, inverter, modules: n, strings: query.strings, chosen },
      ports,
    ),
    quantities: sizing.quantities,
    inputs: { module: { ...mod, ...moduleExtra }, inverter: { ...inv, ...inverterExtra } },
    method: sizing.method,
    notice: sizing.notice,
  };
}

/** The inverter's maximum DC current: listed, or derived as Pdco / Vdco (the DC current at rated output). */
function currentLimit(inv: Record<string, Input>, extra: Partial<Record<string, Input>>) {
  const listed = inv.max_dc_current_a;
  if (listed) return { value: listed.value, name: 'max_dc_current_a', source: reported('max_dc_current_a', listed) };
  const { dc_power_w: pdco, nominal_dc_voltage_v: vdco } = extra;
  if (!pdco || !vdco) return undefined;
  return {
    value: pdco.value / vdco.value,
    name: 'dc_power_w / nominal_dc_voltage_v',
    source: {
      method: 'derived' as const,
      spec: 'max_dc_current_a',
      derivation: `dc_power_w / nominal_dc_voltage_v = ${n6(pdco.value)} W / ${n6(vdco.value)} V: the DC current at rated output (Pdco / Vdco), which the largest the inverter accepts is at least`,
      inputs: { dc_power_w: pdco, nominal_dc_voltage_v: vdco },
      check_on_datasheet:
        "The list gives no maximum DC input current: read the inverter datasheet's maximum input (and short-circuit) current.",
    },
  };
}

function dcAcRatio(n: number, strings: number, stc: Input | undefined, ac: Input | undefined): Check | undefined {
  if (!stc || !ac) return undefined;
  const ratio = (n * strings * stc.value) / ac.value;
  const status: Status = ratio > DC_AC.failAbove ? 'FAIL' : ratio > DC_AC.high || ratio < DC_AC.low ? 'WARN' : 'PASS';
  // The margin to the nearer edge of the PASS range (negative outside it).
  const margin = Math.min((DC_AC.high - ratio) / DC_AC.high, (ratio - DC_AC.low) / DC_AC.low) * 100;
  return {
    limit: 'dc_ac_ratio',
    status,
    margin_pct: pct(margin),
    value: ratio,
    limit_value: DC_AC.high,
    unit: '1',
    rule: `${DC_AC.low} ≤ ${n} × ${strings} × stc_power_w / ac_power_w ≤ ${DC_AC.high} (WARN outside, FAIL above ${DC_AC.failAbove})`,
    worked: `${n} × ${strings} × ${n6(stc.value)} W / ${n6(ac.value)} W = ${n6(ratio)}`,
    limit_source: {
      method: 'rule',
      rule: `No list gives an inverter's largest DC/AC ratio; ${DC_AC.low} to ${DC_AC.high} is a common design range (the datasheet's maximum PV array power, where given, is the limit to check).`,
    },
  };
}
