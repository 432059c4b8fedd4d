// A module's .PAN file, from its claims: the reference values copied from their cells, the technology
// in PVsyst's words, the one-diode parameters fitted to the CEC model (./pvsyst-fit.ts) or, for a
// Sandia row without that model, to its reference point (./pvsyst-sandia.ts), PVsyst's defaults
// marked, and every unknown value left out and named.
import type { Provenance } from '../catalog/provenance';
import { IEC_61853_NAME } from './iec61853';
import type { Certificate, PanFit } from './pvsyst-fit';
import { fromSpec, printValue, remarks, type Block, type Key, type Node, type Unknown } from './pvsyst-keys';
import type { PvsystProduct, Origin } from './pvsyst-product';
import { commercial, provenanceLines } from './pvsyst-product';

/** CEC and Sandia technology words to PVsyst's `Technol`; others (a-Si, "Thin Film", GaAs) stay unknown. */
const TECHNOL: Readonly<Record<string, string>> = {
  'Mono-c-Si': 'mtSiMono',
  'c-Si': 'mtSiMono',
  'Multi-c-Si': 'mtSiPoly',
  'mc-Si': 'mtSiPoly',
  'EFG mc-Si': 'mtSiPoly',
  CdTe: 'mtCdTe',
  CIGS: 'mtCIS',
  CIS: 'mtCIS',
  'HIT-Si': 'mtHIT',
};

/** How the one-diode parameters were got, for the keys and the JSON twin. */
export interface PanDerivation {
  readonly fit: Omit<PanFit, 'milliseconds'>;
  /** `cec`: fitted to the CEC model at the 24 points; `reference`: to the Sandia row's reference point only. */
  readonly basis: 'cec' | 'reference';
  readonly method: string;
}

export interface PanFile {
  readonly root: Block;
  readonly unknown: readonly Unknown[];
  readonly certificate: Certificate;
}

export function panFile(product: PvsystProduct, derivation: PanDerivation, origin: Origin): PanFile {
  const body = electrical(product, derivation);
  const unknown = unknownKeys(product, body);
  const certificate = derivation.fit.certificate;
  const lines = provenanceLines({ product, origin, body, unknown, fidelity: fidelityLine(derivation) });
  const root: Block = {
    key: 'PVObject_',
    value: 'pvModule',
    end: 'End of PVObject pvModule',
    class: 'default',
    method: "The format's object name for a module.",
    children: [
      { key: 'Version', value: '6.78', class: 'default', method: 'The PVsyst file version the layout follows.' },
      commercial(product, origin, remarks(lines)),
      ...body,
    ],
  };
  return { root, unknown, certificate };
}

function fidelityLine({ fit, basis }: PanDerivation): string {
  const c = fit.certificate;
  if (basis === 'reference')
    return `Fidelity: |dPmp| ${printValue(c.max_abs_dpmp_pct)} % at the reference point only (the Sandia row carries no model the service can compare at other conditions)`;
  const over = c.max_abs_dpmp_pct > 1 ? 'OVER 1 % - ' : '';
  return `${over}Fidelity: max |dPmp| ${printValue(c.max_abs_dpmp_pct)} % RMS ${printValue(c.rms_dpmp_pct)} % vs the CEC single-diode model over ${IEC_61853_NAME}`;
}

function electrical(product: PvsystProduct, derivation: PanDerivation): Node[] {
  const { specs, provenance: prov } = product;
  const spec = (key: string, name: string, extra: { method?: string; decimals?: number; scale?: number } = {}) => {
    const value = specs[name];
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
  const technology = typeof specs.technology === 'string' ? TECHNOL[specs.technology] : undefined;
  const keys: (Key | undefined)[] = [
    technology && prov.technology
      ? {
          key: 'Technol',
          value: technology,
          class: 'mapped',
          from: [{ spec: 'technology', provenance: prov.technology }],
          method: `'${String(specs.technology)}' in PVsyst's technology words`,
        }
      : undefined,
    spec('NCelS', 'cells_in_series'),
    spec('NCelP', 'parallel_strings'),
    {
      key: 'GRef',
      value: 1000,
      class: 'default',
      method: 'The reference irradiance of the listed ratings (STC), W/m²',
    },
    {
      key: 'TRef',
      value: 25,
      decimals: 1,
      class: 'default',
      method: 'The reference cell temperature of the listed ratings (STC), °C',
    },
    spec('PNom', 'stc_power_w'),
    ...referencePoint(product, derivation),
    spec('Imp', 'imp_a'),
    spec('Vmp', 'vmp_v'),
    ...fitted(derivation, prov),
    spec('muVocSpec', 'beta_voc_v_per_k', { scale: 1000, method: 'V/K × 1000 = mV/°C' }),
    spec('muPmpReq', 'gamma_pmp_pct_per_k'),
  ];
  return keys.filter((k): k is Key => k !== undefined);
}

/** Isc and Voc: the listed cells, or the CEC model's own values at the reference when the fit used those. */
function referencePoint(product: PvsystProduct, { fit }: PanDerivation): Key[] {
  const out: Key[] = [];
  for (const [key, name, value] of [
    ['Isc', 'isc_a', fit.model.isc_a],
    ['Voc', 'voc_v', fit.model.voc_v],
  ] as const) {
    const p = product.provenance[name];
    if (fit.references === 'listed' && p) out.push(fromSpec({ key, spec: name, value, provenance: p }));
    else
      out.push({
        key,
        value,
        class: 'derived',
        from: diodeCells(product.provenance),
        method: `The CEC single-diode model's own ${key} at STC (the listed ${String(product.specs[name])} does not lie on the model's curve: with it, the file would be further from the model)`,
      });
  }
  return out;
}

const DIODE_SPECS = ['a_ref_v', 'il_ref_a', 'io_ref_a', 'rs_ohm', 'rsh_ref_ohm', 'alpha_isc_a_per_k', 'adjust_pct'];

function diodeCells(prov: Readonly<Record<string, Provenance>>) {
  return DIODE_SPECS.filter((s) => prov[s]).map((s) => ({ spec: s, provenance: prov[s] }));
}

function fitted({ fit, method, basis }: PanDerivation, prov: Readonly<Record<string, Provenance>>): Key[] {
  const m = fit.model;
  const from =
    basis === 'cec'
      ? diodeCells(prov)
      : ['isc_a', 'voc_v', 'imp_a', 'vmp_v'].filter((s) => prov[s]).map((s) => ({ spec: s, provenance: prov[s] }));
  const derived = (key: string, value: number, note: string, decimals?: number): Key => ({
    key,
    value,
    class: 'derived',
    from,
    method: `${method} ${note}`.trim(),
    ...(decimals !== undefined ? { decimals } : {}),
  });
  const keys: Key[] = [
    derived('RShunt', m.rsh_ohm, '(ohm)'),
    derived('Rp_0', m.rsh0_ohm, '(ohm: the shunt in the dark)'),
    basis === 'cec'
      ? derived('Rp_Exp', m.rsh_exp, '(the exponent of the shunt against irradiance)')
      : {
          key: 'Rp_Exp',
          value: m.rsh_exp,
          decimals: 2,
          class: 'default',
          method: "PVsyst's default exponent of the shunt against irradiance",
        },
    derived('RSerie', m.rs_ohm, '(ohm)'),
    derived('Gamma', m.gamma, '(diode quality factor)'),
    derived('muGamma', m.mu_gamma_per_k, '(1/°C)'),
  ];
  if (basis === 'cec')
    keys.unshift(
      derived(
        'muISC',
        Number((m.alpha_isc_a_per_k * 1000).toPrecision(6)),
        "(mA/°C; started from alpha_sc × (1 − Adjust/100), the CEC model's own)",
      ),
    );
  return keys;
}

const ALWAYS_UNKNOWN: readonly Unknown[] = [
  { key: 'PNomTolLow, PNomTolUp', why: 'the power tolerance is not in the source lists' },
  { key: 'VMaxIEC', why: 'the maximum system voltage is not in the source lists' },
  {
    key: 'PVObject_IAM (IAM profile)',
    why: 'no incidence-angle data for this row (PVsyst otherwise applies its ASHRAE default)',
  },
  { key: 'Depth', why: 'not in the source lists' },
];

function unknownKeys(product: PvsystProduct, body: readonly Node[]): Unknown[] {
  const written = new Set(body.map((k) => k.key));
  const out: Unknown[] = [];
  if (product.specs.bifacial === true)
    out.push({ key: 'BifacialityFactor', why: 'the module is bifacial, but no list states its bifaciality factor' });
  else if (product.specs.bifacial === undefined)
    out.push({ key: 'BifacialityFactor', why: 'the lists do not say whether this module is bifacial' });
  if (!written.has('Technol'))
    out.push({ key: 'Technol', why: `'${String(product.specs.technology ?? 'none')}' has no PVsyst technology word` });
  for (const [key, why] of [
    ['NCelP', 'the number of parallel cell strings is not in this row'],
    ['muISC', 'no temperature coefficient of Isc in this row'],
    ['muVocSpec', 'no temperature coefficient of Voc in this row'],
    ['muPmpReq', 'no temperature coefficient of Pmp in this row'],
    ['Imp', 'no Imp in this row'],
    ['Vmp', 'no Vmp in this row'],
  ] as const)
    if (!written.has(key)) out.push({ key, why });
  if (typeof product.specs.weight_kg !== 'number') out.push({ key: 'Weight', why: 'not in the source lists' });
  return [...out, ...ALWAYS_UNKNOWN];
}
