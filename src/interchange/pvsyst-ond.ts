// A CEC inverter's .OND file: its ratings copied from their cells, and its efficiency profiles at the
// lowest MPPT voltage, the nominal DC voltage and the highest MPPT voltage computed from the Sandia
// inverter model (King et al. 2007) with the row's own coefficients, exactly as
// pvlib.inverter.sandia evaluates it; the certificate compares each profile node with that model.
import {
  coefficientsAtVoltage,
  dcPowerFor,
  EURO_WEIGHTS,
  sandiaAcPower,
  type SandiaVoltageTerms,
} from '../catalog/sandia-inverter';
import { printed } from './pvsyst-fit';
import { fromSpec, remarks, type Block, type Key, type Node, type Unknown } from './pvsyst-keys';
import { commercial, provenanceLines, type Origin, type PvsystProduct } from './pvsyst-product';

/** The row's Sandia model: the coefficients at the nominal DC voltage, their voltage terms, the night tare. */
export interface SandiaInverter extends SandiaVoltageTerms {
  readonly night_tare_w?: number;
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

/** The AC power fractions of each profile's nodes, after its first (Pso, 0). */
export const PROFILE_FRACTIONS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1] as const;
export const SANDIA_METHOD =
  "Sandia inverter model (SAND2007-5036) with the row's Paco, Pdco, Pso, Vdco, C0-C3, as pvlib.inverter.sandia: at voltage V, Pdco, Pso and C0 become Pdco(1+C1(V-Vdco)), Pso(1+C2(V-Vdco)), C0(1+C3(V-Vdco)); each node is the DC power that gives the stated AC power";

/** pvlib.inverter.sandia at (v, pdc), with the row's night tare. */
export function sandiaAc(s: SandiaInverter, v: number, pdc: number): number {
  return sandiaAcPower(s, s.night_tare_w ?? 0, v, pdc);
}

export interface Profile {
  readonly voltage_v: number;
  /** (Pdc, Pac) in W, as the file prints them. */
  readonly points: readonly (readonly [number, number])[];
  readonly efficiency_max_pct: number;
  readonly efficiency_euro_pct: number;
}

export function profileAt(s: SandiaInverter, v: number): Profile | undefined {
  const c = coefficientsAtVoltage(s, v);
  if (!(c.dc_power_w > c.self_consumption_w && c.self_consumption_w >= 0)) return undefined;
  // The first node: 1 mW (once printed) above where the curve at v starts (pvlib's B) and above the
  // nominal Pso, below which pvlib answers the night tare whatever the curve says; its output is the
  // model's there (0 where B is the higher, a few W where C2 moves B below Pso).
  const start = (Math.ceil(Math.max(c.self_consumption_w, s.self_consumption_w) * 1000) + 1) / 1000;
  const points: [number, number][] = [[start, Math.round(sandiaAc(s, v, start) * 1000) / 1000]];
  for (const f of PROFILE_FRACTIONS) {
    const pac = f * s.ac_power_w;
    const pdc = dcPowerFor(c, pac);
    if (pdc === undefined || !(pdc > 0)) return undefined;
    points.push([Math.round(pdc * 1000) / 1000, Math.round(pac * 1000) / 1000]);
  }
  const efficiency = (f: number) => (f * s.ac_power_w) / (dcPowerFor(c, f * s.ac_power_w) as number);
  const euro = EURO_WEIGHTS.reduce((sum, [f, w]) => sum + w * efficiency(f), 0);
  const max = Math.max(...points.slice(1).map(([dc, ac]) => ac / dc));
  return {
    voltage_v: v,
    points,
    efficiency_max_pct: printed(100 * max, 5),
    efficiency_euro_pct: printed(100 * euro, 5),
  };
}

export interface OndCertificate {
  /** Largest |Pac(profile node) − Pac(Sandia model at the node)| over the nodes, in % of Paco. */
  readonly max_abs_dpac_pct_of_paco: number;
  readonly nodes: number;
}

export function certifyProfiles(s: SandiaInverter, profiles: readonly Profile[]): OndCertificate {
  let max = 0;
  let nodes = 0;
  for (const p of profiles)
    for (const [dc, ac] of p.points) {
      max = Math.max(max, Math.abs(ac - sandiaAc(s, p.voltage_v, dc)) / s.ac_power_w);
      nodes++;
    }
  return { max_abs_dpac_pct_of_paco: printed(100 * max, 4), nodes };
}

export interface OndFile {
  readonly root: Block;
  readonly unknown: readonly Unknown[];
  readonly certificate: OndCertificate;
}

export function ondFile(product: PvsystProduct, s: SandiaInverter, origin: Origin): OndFile {
  const voltages = profileVoltages(product, s);
  const profiles = voltages.map((v) => profileAt(s, v)).filter((p): p is Profile => p !== undefined);
  const certificate = certifyProfiles(s, profiles);
  const converter = converterBlock(product, s, profiles);
  const unknown = unknownKeys(product);
  const fidelity = `Fidelity: profiles vs pvlib.inverter.sandia at their ${certificate.nodes} nodes: max |dPac| ${certificate.max_abs_dpac_pct_of_paco} % of Paco`;
  const lines = provenanceLines({ product, origin, body: [converter], unknown, fidelity });
  const root: Block = {
    key: 'PVObject_',
    value: 'pvGInverter',
    end: 'End of PVObject pvGInverter',
    class: 'default',
    method: "The format's object name for a grid inverter.",
    children: [
      { key: 'Version', value: '6.78', class: 'default', method: 'The PVsyst file version the layout follows.' },
      commercial(product, origin, remarks(lines)),
      converter,
    ],
  };
  return { root, unknown, certificate };
}

/** Mppt_low, Vdco and Mppt_high when the row has both MPPT bounds; else Vdco alone. */
function profileVoltages(product: PvsystProduct, s: SandiaInverter): number[] {
  const low = product.specs.mppt_low_v;
  const high = product.specs.mppt_high_v;
  if (typeof low === 'number' && typeof high === 'number' && low > 0 && high > low)
    return [low, s.nominal_dc_voltage_v, high];
  return [s.nominal_dc_voltage_v];
}

function converterBlock(product: PvsystProduct, s: SandiaInverter, profiles: readonly Profile[]): Block {
  const prov = product.provenance;
  const spec = (key: string, name: string, extra: { scale?: number; method?: string; decimals?: number } = {}) => {
    const value = product.specs[name];
    const p = prov[name];
    if (typeof value !== 'number' || !p) return undefined;
    return fromSpec({
      key,
      spec: name,
      value: extra.scale ? Number((value * extra.scale).toPrecision(10)) : value,
      provenance: p,
      method: extra.method,
      decimals: extra.decimals,
    });
  };
  const model = SANDIA_SPECS.filter((n) => prov[n]).map((n) => ({ spec: n, provenance: prov[n] }));
  const derived = (key: string, value: Key['value'], method: string, decimals?: number): Key => ({
    key,
    value,
    class: 'derived',
    from: model,
    method,
    ...(decimals !== undefined ? { decimals } : {}),
  });
  const nominal = profiles.find((p) => p.voltage_v === s.nominal_dc_voltage_v);
  const children: (Node | undefined)[] = [
    spec('PNomConv', 'ac_power_w', { scale: 1e-3, method: 'W / 1000 = kW (the CEC list gives one AC rating: Paco)' }),
    spec('PMaxOUT', 'ac_power_w', { scale: 1e-3, method: 'W / 1000 = kW' }),
    spec('VOutConv', 'nominal_ac_voltage_v'),
    spec('VMppMin', 'mppt_low_v'),
    spec('VMPPMax', 'mppt_high_v'),
    spec('VAbsMax', 'max_dc_voltage_v'),
    spec('VmppNom', 'nominal_dc_voltage_v'),
    spec('PSeuil', 'self_consumption_w', { method: 'Pso: the DC power the inverter needs to start (W)' }),
    nominal &&
      derived(
        'EfficMax',
        nominal.efficiency_max_pct,
        `${SANDIA_METHOD}; the highest Pac/Pdc of the profile at Vdco (%)`,
      ),
    nominal &&
      derived(
        'EfficEuro',
        nominal.efficiency_euro_pct,
        `${SANDIA_METHOD}; European weighted efficiency at Vdco (weights 0.03 0.06 0.13 0.10 0.48 0.20 at 5 10 20 30 50 100 % of Paco)`,
      ),
    {
      key: 'ModeOper',
      value: 'MPPT',
      class: 'default',
      method: 'A grid inverter tracking the maximum power point (the CEC lists grid-tied inverters)',
    },
    spec('PNomDC', 'dc_power_w', { scale: 1e-3, method: 'Pdco: W / 1000 = kW' }),
    maxDcCurrent(product, spec),
    ...profileKeys(profiles, derived),
  ];
  return {
    key: 'Converter',
    value: 'TConverter',
    end: 'End of TConverter',
    class: 'default',
    method: "The format's block for the converter's ratings and efficiency.",
    children: children.filter((n): n is Node => n !== undefined),
  };
}

function maxDcCurrent(product: PvsystProduct, spec: (key: string, name: string) => Key | undefined): Key | undefined {
  const listed = spec('IMaxDC', 'max_dc_current_a');
  if (listed) return listed;
  const { dc_power_w: pdco, mppt_low_v: low, nominal_dc_voltage_v: vdco } = product.specs;
  const v = typeof low === 'number' && low > 0 ? low : vdco;
  if (typeof pdco !== 'number' || typeof v !== 'number' || !(v > 0)) return undefined;
  const name = typeof low === 'number' && low > 0 ? 'mppt_low_v' : 'nominal_dc_voltage_v';
  const from = (['dc_power_w', name] as const)
    .filter((n) => product.provenance[n])
    .map((n) => ({ spec: n, provenance: product.provenance[n] }));
  return {
    key: 'IMaxDC',
    value: printed(pdco / v, 5),
    class: 'derived',
    from,
    method: `Pdco / ${name === 'mppt_low_v' ? 'Mppt_low' : 'Vdco'}: the DC current at rated DC power at that voltage (the list gives no maximum DC current)`,
  };
}

function profileKeys(
  profiles: readonly Profile[],
  derived: (k: string, v: Key['value'], m: string, d?: number) => Key,
): Node[] {
  if (profiles.length === 0) return [];
  const curve = (key: string, p: Profile): Block => ({
    key,
    value: 'TCubicProfile',
    end: 'End of TCubicProfile',
    class: 'derived',
    method: `${SANDIA_METHOD}; nodes at Pso and at 5 10 20 30 50 75 100 % of Paco, at ${p.voltage_v} V`,
    children: [
      { key: 'NPtsMax', value: p.points.length, class: 'default', method: 'The number of nodes' },
      { key: 'NPtsEff', value: p.points.length, class: 'default', method: 'The number of nodes in use' },
      { key: 'Mode', value: 1, class: 'default', method: 'Profile given as (Pin; Pout) nodes in W' },
      ...p.points.map((pt, i) => derived(`Point_${i + 1}`, pt, `(Pdc W; Pac W) at ${p.voltage_v} V`)),
    ],
  });
  if (profiles.length === 1) return [curve('ProfilPIO', profiles[0])];
  return [
    derived(
      'VNomEff',
      profiles.map((p) => p.voltage_v),
      'Mppt_low; Vdco; Mppt_high: the voltages of the three profiles (V)',
    ),
    derived(
      'EfficMaxV',
      profiles.map((p) => p.efficiency_max_pct),
      'the highest Pac/Pdc of each profile (%)',
    ),
    derived(
      'EfficEuroV',
      profiles.map((p) => p.efficiency_euro_pct),
      'the European weighted efficiency of each profile (%)',
    ),
    ...profiles.map((p, i) => curve(`ProfilPIOV${i + 1}`, p)),
  ];
}

function unknownKeys(product: PvsystProduct): Unknown[] {
  const out: Unknown[] = [
    { key: 'NbMPPT, NbInputs', why: 'the CEC list does not give the number of MPPT inputs or string inputs' },
    { key: 'MonoTri', why: 'the number of AC phases is not in the list' },
    { key: 'INomAC, IMaxAC', why: 'no AC current rating in the list' },
    { key: 'TPNom, TPMax, TPLim1, TPLimAbs, PLim1, PLimAbs', why: 'no temperature derating in the list' },
    { key: 'PVObject_Commercial Width, Height, Depth, Weight', why: 'no dimensions in the list' },
  ];
  if (typeof product.specs.mppt_low_v !== 'number' || typeof product.specs.mppt_high_v !== 'number')
    out.unshift({
      key: 'VMppMin, VMPPMax, VNomEff (three profiles)',
      why: 'the row gives no MPPT voltage range: one profile at Vdco',
    });
  return out;
}
