// An inverter's .OND file: its ratings copied from their cells, and its efficiency profiles at a low,
// the nominal and a high DC voltage computed from the inverter model its list gives (Sandia's for a
// CEC row, ADR's for an inverter only the ADR library models), exactly as pvlib evaluates it; the
// certificate compares each profile node with that model.
import { EURO_WEIGHTS } from '../catalog/sandia-inverter';
import { printed } from './pvsyst-fit';
import { fromSpec, printValue, remarks, type Block, type Key, type Node, type Unknown } from './pvsyst-keys';
import type { OndModel } from './pvsyst-ond-models';
import { commercial, provenanceLines, type Origin, type PvsystProduct } from './pvsyst-product';

/** The AC power fractions of each profile's nodes, after its first (the start, about 0 W out). */
export const PROFILE_FRACTIONS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1] as const;

export interface Profile {
  readonly voltage_v: number;
  /** (Pdc, Pac) in W, as the file prints them. */
  readonly points: readonly (readonly [number, number])[];
  readonly efficiency_max_pct: number;
  readonly efficiency_euro_pct: number;
}

const mW = (w: number) => Math.round(w * 1000) / 1000;

export function profileAt(m: OndModel, v: number): Profile | undefined {
  const start = m.start(v);
  if (start === undefined) return undefined;
  // The first node: the model's output at its start (0 where the curve starts, a few W where Sandia's C2
  // moves the curve's start below Pso); then the DC power of each fraction of the AC rating.
  const points: [number, number][] = [[start, mW(m.ac(v, start))]];
  for (const f of PROFILE_FRACTIONS) {
    const pac = f * m.ratedAcW;
    const pdc = m.dcFor(v, pac);
    if (pdc === undefined || !(pdc > 0)) return undefined;
    points.push([mW(pdc), mW(pac)]);
  }
  const efficiency = (f: number) => (f * m.ratedAcW) / (m.dcFor(v, f * m.ratedAcW) as number);
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
  /** Largest |Pac(profile node) − Pac(the model at the node)| over the nodes, in % of the AC rating. */
  readonly max_abs_dpac_pct_of_paco: number;
  readonly nodes: number;
}

export function certifyProfiles(m: OndModel, profiles: readonly Profile[]): OndCertificate {
  let max = 0;
  let nodes = 0;
  for (const p of profiles)
    for (const [dc, ac] of p.points) {
      max = Math.max(max, Math.abs(ac - m.ac(p.voltage_v, dc)) / m.ratedAcW);
      nodes++;
    }
  return { max_abs_dpac_pct_of_paco: printed(100 * max, 4), nodes };
}

export interface OndFile {
  readonly root: Block;
  readonly unknown: readonly Unknown[];
  readonly certificate: OndCertificate;
}

export function ondFile(product: PvsystProduct, m: OndModel, origin: Origin): OndFile {
  const profiles = profilesOf(m);
  const certificate = certifyProfiles(m, profiles);
  const converter = converterBlock(product, m, profiles);
  const unknown = unknownKeys(product, m, profiles);
  const fidelity = `Fidelity: profiles vs ${m.against} at their ${certificate.nodes} nodes: max |dPac| ${printValue(certificate.max_abs_dpac_pct_of_paco)} % of ${m.names.ac}`;
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

/** Three profiles where the model has a curve at each of its three voltages; else one at the nominal voltage. */
function profilesOf(m: OndModel): Profile[] {
  const three = m.voltages?.values.map((v) => profileAt(m, v));
  if (three?.every((p) => p !== undefined)) return three;
  const nominal = profileAt(m, m.nominalV);
  return nominal ? [nominal] : [];
}

type Spec = (key: string, name: string, extra?: { scale?: number; method?: string }) => Key | undefined;
type Derived = (key: string, value: Key['value'], method: string) => Key;

function converterBlock(product: PvsystProduct, m: OndModel, profiles: readonly Profile[]): Block {
  const prov = product.provenance;
  const spec: Spec = (key, name, extra = {}) => {
    const value = product.specs[name];
    const p = prov[name];
    if (typeof value !== 'number' || !p) return undefined;
    const scaled = extra.scale ? Number((value * extra.scale).toPrecision(10)) : value;
    return fromSpec({ key, spec: name, value: scaled, provenance: p, method: extra.method });
  };
  const model = m.specs.filter((n) => prov[n]).map((n) => ({ spec: n, provenance: prov[n] }));
  const derived: Derived = (key, value, method) => ({ key, value, class: 'derived', from: model, method });
  const { ac, dc, vnom, list } = m.names;
  const children: (Node | undefined)[] = [
    spec('PNomConv', 'ac_power_w', { scale: 1e-3, method: `W / 1000 = kW (${list} gives one AC rating: ${ac})` }),
    spec('PMaxOUT', 'ac_power_w', { scale: 1e-3, method: 'W / 1000 = kW' }),
    spec('VOutConv', 'nominal_ac_voltage_v'),
    spec('VMppMin', 'mppt_low_v'),
    spec('VMPPMax', 'mppt_high_v'),
    spec('VAbsMax', 'max_dc_voltage_v'),
    spec('VmppNom', 'nominal_dc_voltage_v'),
    threshold(m, profiles, spec, derived),
    ...nominalEfficiencies(m, profiles, derived),
    {
      key: 'ModeOper',
      value: 'MPPT',
      class: 'default',
      method: 'A grid inverter tracking the maximum power point (the CEC lists grid-tied inverters)',
    },
    spec('PNomDC', 'dc_power_w', { scale: 1e-3, method: `${dc}: W / 1000 = kW` }),
    maxDcCurrent(product, m, spec),
    ...profileKeys(m, profiles, derived),
  ];
  return {
    key: 'Converter',
    value: 'TConverter',
    end: 'End of TConverter',
    class: 'default',
    method: `The format's block for the converter's ratings and efficiency (${vnom}: the nominal DC voltage).`,
    children: children.filter((n): n is Node => n !== undefined),
  };
}

/** PSeuil: the list's start power where it gives one, else where the model's output at the nominal voltage turns positive. */
function threshold(m: OndModel, profiles: readonly Profile[], spec: Spec, derived: Derived): Key | undefined {
  if (m.startSpec) return spec('PSeuil', m.startSpec, { method: 'Pso: the DC power the inverter needs to start (W)' });
  const start = profiles.find((p) => p.voltage_v === m.nominalV)?.points[0][0];
  if (start === undefined) return undefined;
  return derived(
    'PSeuil',
    start,
    `${m.method}; the DC power (W) above which the output at ${m.names.vnom} is positive (${m.names.list} gives no start power)`,
  );
}

function nominalEfficiencies(m: OndModel, profiles: readonly Profile[], derived: Derived): Key[] {
  const nominal = profiles.find((p) => p.voltage_v === m.nominalV);
  if (!nominal) return [];
  const { ac, vnom } = m.names;
  return [
    derived('EfficMax', nominal.efficiency_max_pct, `${m.method}; the highest Pac/Pdc of the profile at ${vnom} (%)`),
    derived(
      'EfficEuro',
      nominal.efficiency_euro_pct,
      `${m.method}; European weighted efficiency at ${vnom} (weights 0.03 0.06 0.13 0.10 0.48 0.20 at 5 10 20 30 50 100 % of ${ac})`,
    ),
  ];
}

function maxDcCurrent(product: PvsystProduct, m: OndModel, spec: Spec): Key | undefined {
  const listed = spec('IMaxDC', 'max_dc_current_a');
  if (listed) return listed;
  const { dc_power_w: pdco, mppt_low_v: low, nominal_dc_voltage_v: vdco } = product.specs;
  const v = typeof low === 'number' && low > 0 ? low : vdco;
  if (typeof pdco !== 'number' || typeof v !== 'number' || !(v > 0)) return undefined;
  const name = typeof low === 'number' && low > 0 ? 'mppt_low_v' : 'nominal_dc_voltage_v';
  const from = (['dc_power_w', name] as const)
    .filter((n) => product.provenance[n])
    .map((n) => ({ spec: n, provenance: product.provenance[n] }));
  const { dc, vnom } = m.names;
  return {
    key: 'IMaxDC',
    value: printed(pdco / v, 5),
    class: 'derived',
    from,
    method: `${dc} / ${name === 'mppt_low_v' ? 'Mppt_low' : vnom}: the DC current at rated DC power at that voltage (the list gives no maximum DC current)`,
  };
}

function profileKeys(m: OndModel, profiles: readonly Profile[], derived: Derived): Node[] {
  if (profiles.length === 0) return [];
  const curve = (key: string, p: Profile): Block => ({
    key,
    value: 'TCubicProfile',
    end: 'End of TCubicProfile',
    class: 'derived',
    method: `${m.method}; nodes at the start and at 5 10 20 30 50 75 100 % of ${m.names.ac}, at ${p.voltage_v} V`,
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
      m.voltages?.method ?? '',
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

function unknownKeys(product: PvsystProduct, m: OndModel, profiles: readonly Profile[]): Unknown[] {
  const list = m.names.list;
  const out: Unknown[] = [
    { key: 'NbMPPT, NbInputs', why: `${list} does not give the number of MPPT inputs or string inputs` },
    { key: 'MonoTri', why: `the number of AC phases is not in ${list}` },
    { key: 'INomAC, IMaxAC', why: `no AC current rating in ${list}` },
    { key: 'TPNom, TPMax, TPLim1, TPLimAbs, PLim1, PLimAbs', why: `no temperature derating in ${list}` },
    { key: 'PVObject_Commercial Width, Height, Depth', why: `no dimensions in ${list}` },
  ];
  if (typeof product.specs.weight_kg !== 'number')
    out.push({ key: 'PVObject_Commercial Weight', why: `no weight in ${list}` });
  if (typeof product.specs.mppt_low_v !== 'number' || typeof product.specs.mppt_high_v !== 'number')
    out.unshift({ key: 'VMppMin, VMPPMax', why: `${list} gives no MPPT voltage range for this row` });
  if (profiles.length < 3)
    out.unshift({
      key: 'VNomEff (three profiles)',
      why: m.voltages
        ? `the model has no curve at ${m.voltages.values[0]} V or ${m.voltages.values[2]} V: one profile at ${m.names.vnom}`
        : `the row gives no low and high voltage for the profiles: one profile at ${m.names.vnom}`,
    });
  return out;
}
