// The inverter models a .OND file's efficiency profiles come from, behind one face: the Sandia model
// (King et al. 2007) with a CEC row's coefficients, or, for an inverter the CEC rows do not model,
// Driesse's ADR model with the ADR library's record (the library pvlib ships, fitted to the same CEC
// test data). Each gives AC power as pvlib gives it, the DC power a given AC output takes, where a
// profile starts, and the voltages its three profiles are drawn at.
import {
  ADR_REQUIRED,
  ADR_SPECS,
  adrAcPower,
  adrDcPowerFor,
  adrVoltageRange,
  type AdrInverter,
} from '../catalog/adr-inverter';
import { coefficientsAtVoltage, dcPowerFor, sandiaAcPower, type SandiaVoltageTerms } from '../catalog/sandia-inverter';
import { printed } from './pvsyst-fit';
import type { PvsystProduct } from './pvsyst-product';

/** The row's Sandia model: the coefficients at the nominal DC voltage, their voltage terms, the night tare. */
export interface SandiaInverter extends SandiaVoltageTerms {
  readonly night_tare_w?: number;
}

export interface OndModel {
  /** The pvlib function that evaluates the model, named in the certificate. */
  readonly against: string;
  /** How each profile node is computed, for the derived keys. */
  readonly method: string;
  /** The list the model's parameters come from, and its names for the AC rating, DC rating and nominal voltage. */
  readonly names: { readonly list: string; readonly ac: string; readonly dc: string; readonly vnom: string };
  /** The specs the model reads: the cited inputs of every derived key. */
  readonly specs: readonly string[];
  readonly nominalV: number;
  /** The AC rating the nodes are fractions of (Paco, Pacmax). */
  readonly ratedAcW: number;
  /** The spec that is the start power (PSeuil), where the list gives one. */
  readonly startSpec?: string;
  /** The three profiles' voltages (low, nominal, high) and why those, or undefined when the row gives none. */
  readonly voltages?: { readonly values: readonly [number, number, number]; readonly method: string };
  /** AC power as pvlib gives it at (v, pdc). */
  ac(v: number, pdc: number): number;
  /** The DC power giving `pac` at `v`, on the rising branch of the curve. */
  dcFor(v: number, pac: number): number | undefined;
  /** The DC power of a profile's first node at `v`, or undefined where the model has no curve there. */
  start(v: number): number | undefined;
  /** Why no profile can be drawn where the row says the inverter works, when that is so. */
  readonly unusable?: string;
}

export const SANDIA_SPECS = [
  'ac_power_w',
  'dc_power_w',
  'self_consumption_w',
  'nominal_dc_voltage_v',
  'sandia_c0_per_w',
  'sandia_c1_per_v',
  'sandia_c2_per_v',
  'sandia_c3_per_v',
] as const;

export const SANDIA_METHOD =
  "Sandia inverter model (SAND2007-5036) with the row's Paco, Pdco, Pso, Vdco, C0-C3, as pvlib.inverter.sandia: at voltage V, Pdco, Pso and C0 become Pdco(1+C1(V-Vdco)), Pso(1+C2(V-Vdco)), C0(1+C3(V-Vdco)); each node is the DC power that gives the stated AC power";

/** A number rounded up to the next whole mW, and one mW above it (as the file prints it). */
const justAbove = (w: number) => (Math.ceil(w * 1000) + 1) / 1000;

const ordered = (low: unknown, nominal: number, high: unknown): [number, number, number] | undefined =>
  typeof low === 'number' && typeof high === 'number' && low > 0 && low < nominal && nominal < high
    ? [low, nominal, high]
    : undefined;

export function sandiaOnd(s: SandiaInverter, product: PvsystProduct): OndModel {
  const three = ordered(product.specs.mppt_low_v, s.nominal_dc_voltage_v, product.specs.mppt_high_v);
  return {
    against: 'pvlib.inverter.sandia',
    method: SANDIA_METHOD,
    names: { list: 'the CEC list', ac: 'Paco', dc: 'Pdco', vnom: 'Vdco' },
    specs: SANDIA_SPECS,
    nominalV: s.nominal_dc_voltage_v,
    ratedAcW: s.ac_power_w,
    startSpec: 'self_consumption_w',
    ...(three
      ? { voltages: { values: three, method: 'Mppt_low; Vdco; Mppt_high: the voltages of the three profiles (V)' } }
      : {}),
    ac: (v, pdc) => sandiaAcPower(s, s.night_tare_w ?? 0, v, pdc),
    dcFor: (v, pac) => dcPowerFor(coefficientsAtVoltage(s, v), pac),
    start: (v) => {
      // 1 mW above where the curve at v starts (pvlib's B) and above the nominal Pso, below which pvlib
      // answers the night tare whatever the curve says.
      const c = coefficientsAtVoltage(s, v);
      if (!(c.dc_power_w > c.self_consumption_w && c.self_consumption_w >= 0)) return undefined;
      return justAbove(Math.max(c.self_consumption_w, s.self_consumption_w));
    },
  };
}

export const ADR_METHOD =
  "ADR inverter model (Driesse, Jain, Harrison 2008) with the ADR library's Pnom, Vnom, Pacmax, Pnt and nine coefficients, as pvlib.inverter.adr: loss = b0 + b1 p + b2 p^2 + (v-1)(b3 + b4 p + b5 p^2) + (1/v-1)(b6 + b7 p + b8 p^2) with p = Pdc/Pnom and v = V/Vnom, Pac = Pnom (p - loss); each node is the DC power that gives the stated AC power";

/**
 * The ADR library's record of the product, when every value the model needs comes from it (a product
 * on a CEC list too carries the CEC's values, to which ADR's coefficients were not fitted); else why not.
 */
export function adrInverterOf(product: PvsystProduct): { inverter: AdrInverter } | { why: string } {
  const out: Record<string, number | readonly number[]> = {};
  for (const [column, spec] of Object.entries(ADR_SPECS)) {
    const value = product.specs[spec];
    const fromAdr = product.provenance[spec]?.source_id.startsWith('adr-');
    if (fromAdr && (typeof value === 'number' || (Array.isArray(value) && value.every(Number.isFinite))))
      out[column] = value as number | readonly number[];
  }
  const absent = ADR_REQUIRED.filter((c) => out[c] === undefined);
  if (absent.length === ADR_REQUIRED.length) return { why: 'no ADR library record' };
  if (absent.length) return { why: `an ADR library record without ${absent.join(', ')}` };
  const inv = out as unknown as AdrInverter;
  if (inv.ADRCoefficients.length !== 9) return { why: 'an ADR library record whose coefficients are not nine' };
  if (!(inv.Pnom > 0 && inv.Vnom > 0 && inv.Pacmax > 0))
    return {
      why: `an ADR library record with Pnom ${inv.Pnom} W, Vnom ${inv.Vnom} V and Pacmax ${inv.Pacmax} W (the model needs all three above 0)`,
    };
  return { inverter: inv };
}

const clamp = (v: number, { low, high }: { low: number; high: number }) => Math.min(high, Math.max(low, v));

/**
 * The CEC measures efficiency at its minimum, nominal and maximum test voltages (the library's Vmin,
 * Vnom, Vmax) and the coefficients are fitted there, so the profiles are drawn there; a voltage outside
 * the range pvlib evaluates the record in is moved to that range's nearest end, and a nominal voltage
 * moved onto another one to halfway between the low and high profiles.
 */
function adrVoltages(inv: AdrInverter): { nominal: number; voltages?: OndModel['voltages']; unusable?: string } {
  const range = adrVoltageRange(inv);
  const [low, nominal, high] = [inv.Vmin ?? Number.NaN, inv.Vnom, inv.Vmax ?? Number.NaN].map((v) => clamp(v, range));
  const outside = [inv.Vmin, inv.Vnom, inv.Vmax].some((v) => v !== undefined && clamp(v, range) !== v);
  const note = outside
    ? `; pvlib.inverter.adr evaluates this record only from ${printed(range.low, 6)} V to ${printed(range.high, 6)} V (max(Vmin; MPPTLow) - 10 % to max(Vmax; Vdcmax; MPPTHi) + 10 %), so a voltage outside is moved to the nearest end, and a nominal moved onto another profile to halfway`
    : '';
  const method = `Vmin, Vnom, Vmax: the test voltages of the CEC efficiency measurements the ADR model was fitted to (V)${note}`;
  const three = ordered(low, nominal, high) ?? ordered(low, (low + high) / 2, high);
  if (three) return { nominal: three[1], voltages: { values: three, method } };
  if (!outside) return { nominal: inv.Vnom };
  const unusable = `an ADR library record whose test voltages (Vmin ${inv.Vmin} V, Vnom ${inv.Vnom} V, Vmax ${inv.Vmax} V) lie outside the range pvlib.inverter.adr evaluates it in (${printed(range.low, 6)} V to ${printed(range.high, 6)} V, from its MPPT and maximum voltages)`;
  return { nominal: inv.Vnom, unusable };
}

export function adrOnd(inv: AdrInverter, product: PvsystProduct): OndModel {
  const { nominal, voltages, unusable } = adrVoltages(inv);
  return {
    against: 'pvlib.inverter.adr',
    method: ADR_METHOD,
    names: { list: 'the ADR library', ac: 'Pacmax', dc: 'Pnom', vnom: nominal === inv.Vnom ? 'Vnom' : `${nominal} V` },
    specs: Object.values(ADR_SPECS).filter((spec) => product.provenance[spec]),
    nominalV: nominal,
    ratedAcW: inv.Pacmax,
    ...(voltages ? { voltages } : {}),
    ...(unusable ? { unusable } : {}),
    ac: (v, pdc) => adrAcPower(inv, v, pdc),
    dcFor: (v, pac) => (Number.isNaN(adrAcPower(inv, v, 0)) ? undefined : adrDcPowerFor(inv, v, pac)),
    start: (v) => {
      if (Number.isNaN(adrAcPower(inv, v, 0))) return undefined;
      // Where the output turns positive; a model that is positive from 0 W starts at 1 mW.
      return justAbove(Math.max(0, adrDcPowerFor(inv, v, 0) ?? 0));
    },
  };
}
