// A product as a PVsyst file: read it (now, or as it stood at `as_of`), check that it can have the
// file asked for, get its fit (stored per revision, made on the first request), and write the file or
// its JSON twin.
import { AppError } from '../errors/app-error';
import { noSuchRevision, notYetAt, productNotFound, inputsProblem } from '../errors/catalog';
import { NOTICE } from '../catalog/notice';
import { provenanceOf, specsOf } from '../catalog/provenance';
import type { RevisionDoc } from '../catalog/revision.types';
import type { IndexField, Projection } from '../catalog/search-document';
import { IEC_61853_NAME } from './iec61853';
import { fitCecModule, type CecModule } from './pvsyst-fit';
import { flatten, isBlock, printValue, render, type Block, type Unknown } from './pvsyst-keys';
import { panFile, type PanDerivation } from './pvsyst-pan';
import { ondFile } from './pvsyst-ond';
import { adrInverterOf, adrOnd, SANDIA_SPECS, sandiaOnd, type OndModel } from './pvsyst-ond-models';
import type { Origin, PvsystProduct } from './pvsyst-product';
import { fitReferencePoint, REFERENCE_METHOD } from './pvsyst-sandia';

export interface PvsystPorts {
  readonly index: { get<F extends IndexField>(id: string, source: readonly F[]): Promise<Projection<F> | null> };
  readonly revisions: {
    get(productId: string, number: number): Promise<RevisionDoc | null>;
    asOf(productId: string, current: number, at: Date): Promise<RevisionDoc | null>;
  };
  readonly fits: { get(id: string): Promise<unknown>; put(id: string, fit: unknown): Promise<void> };
}

export type PvsystFormat = 'pan' | 'ond' | 'json';

/** Bumped when a change to the fitter would change a stored fit: older ones are then fitted again. */
export const FIT_VERSION = 2;

const SOURCE = ['id', 'model', 'manufacturer', 'category', 'specs', 'current_revision', 'detail.provenance'] as const;

const CEC_FIT_METHOD = `Fitted by least squares (Levenberg-Marquardt) so that the file read as PVsyst reads it (pvlib calcparams_pvsyst; Isc and Voc fix the photocurrent and saturation current) gives the CEC single-diode model's Pmp (pvlib calcparams_cec with the row's a_ref I_L_ref I_o_ref R_s R_sh_ref alpha_sc Adjust) at ${IEC_61853_NAME}`;

export async function pvsystFile(
  id: string,
  query: { format?: PvsystFormat; as_of?: string },
  ports: PvsystPorts,
  origin: Origin,
) {
  const product = await readProduct(id, query.as_of, ports);
  const wanted = query.format === 'json' || query.format === undefined ? undefined : query.format;
  const kind = fileKind(product, wanted);
  const made = kind === 'pan' ? await module(product, ports, origin) : inverter(product, origin);
  const text = render(made.root);
  const name = `${(product.manufacturer + ' ' + product.model).replaceAll(/[^\w.-]+/g, '_')}.${kind.toUpperCase()}`;
  if (query.format !== 'json') return { kind, text, name, certificate: made.certificate };
  return {
    kind,
    name,
    text,
    certificate: made.certificate,
    json: {
      product: { id: product.id, model: product.model, manufacturer: product.manufacturer },
      revision: product.revision,
      file: { format: kind, name, text },
      keys: keysOf(made.root),
      unknown: made.unknown,
      certificate: made.certificate,
      notice: NOTICE,
    },
  };
}

async function readProduct(id: string, asOf: string | undefined, ports: PvsystPorts): Promise<PvsystProduct> {
  const p = await ports.index.get(id, SOURCE);
  if (!p) throw new AppError(productNotFound(id));
  const identity = { id: p.id, model: p.model, manufacturer: p.manufacturer, category: p.category };
  if (!asOf)
    return {
      ...identity,
      revision: p.current_revision,
      specs: p.specs as PvsystProduct['specs'],
      provenance: p.detail.provenance,
    };
  const revision = await revisionAt(p.id, p.current_revision, asOf, ports);
  return {
    ...identity,
    revision: revision.number,
    specs: specsOf(revision.claims),
    provenance: provenanceOf(revision.claims, revision.number),
  };
}

async function revisionAt(id: string, current: number, asOf: string, ports: PvsystPorts): Promise<RevisionDoc> {
  if (/^\d+$/.test(asOf)) {
    const n = Number(asOf);
    const revision = n >= 1 && n <= current ? await ports.revisions.get(id, n) : null;
    if (!revision) throw new AppError(noSuchRevision(id, current, n));
    return revision;
  }
  const revision = await ports.revisions.asOf(id, current, new Date(asOf));
  if (!revision) throw new AppError(notYetAt(id, asOf));
  return revision;
}

function fileKind(product: PvsystProduct, wanted: 'pan' | 'ond' | undefined): 'pan' | 'ond' {
  const own = product.category === 'pv-module' ? 'pan' : product.category === 'inverter' ? 'ond' : undefined;
  if (own && (wanted === undefined || wanted === own)) return own;
  const what = wanted ? `a .${wanted.toUpperCase()} file` : 'a PVsyst file';
  const message = `names '${product.id}', a ${product.category}: ${what} is made for ${wanted === 'ond' ? 'an inverter' : wanted === 'pan' ? 'a PV module' : 'PV modules (.PAN) and inverters (.OND)'} only`;
  throw new AppError(inputsProblem('UNSUITABLE_PRODUCT', [{ in: 'path', name: 'id', message }]));
}

const CEC_NEEDS = [
  'a_ref_v',
  'il_ref_a',
  'io_ref_a',
  'rs_ohm',
  'rsh_ref_ohm',
  'alpha_isc_a_per_k',
  'isc_a',
  'voc_v',
  'cells_in_series',
] as const;
const REFERENCE_NEEDS = ['isc_a', 'voc_v', 'imp_a', 'vmp_v', 'cells_in_series'] as const;

function numbers<N extends string>(product: PvsystProduct, names: readonly N[]): Record<N, number> | undefined {
  const out = {} as Record<N, number>;
  for (const n of names) {
    const v = product.specs[n];
    if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
    out[n] = v;
  }
  return out;
}

async function module(product: PvsystProduct, ports: PvsystPorts, origin: Origin) {
  const cec = numbers(product, CEC_NEEDS);
  const reference = cec ? undefined : numbers(product, REFERENCE_NEEDS);
  if (!cec && !reference) throw missing(product, REFERENCE_NEEDS);
  const key = `${product.id}@${product.revision}#${FIT_VERSION}`;
  let stored = (await ports.fits.get(key)) as PanDerivation['fit'] | null;
  if (!stored) {
    stored = cec
      ? fitCecModule({ ...(cec as CecModule), adjust_pct: numbers(product, ['adjust_pct'])?.adjust_pct ?? 0 })
      : fitReferencePoint(reference!);
    await ports.fits.put(key, stored);
  }
  const derivation: PanDerivation = cec
    ? { fit: stored, basis: 'cec', method: CEC_FIT_METHOD }
    : { fit: stored, basis: 'reference', method: REFERENCE_METHOD };
  const file = panFile(product, derivation, origin);
  const c = stored.certificate;
  const against = cec
    ? `CEC single-diode model (pvlib calcparams_cec) at ${IEC_61853_NAME}`
    : "The row's reference point (Impo × Vmpo at 1000 W/m², 25 °C) only: the Sandia row carries no model the service can evaluate elsewhere";
  const { milliseconds, ...rest } = stored as PanDerivation['fit'] & { milliseconds?: number };
  return {
    ...file,
    certificate: {
      against,
      max_abs_dpmp_pct: c.max_abs_dpmp_pct,
      rms_dpmp_pct: c.rms_dpmp_pct,
      over_1_pct: c.max_abs_dpmp_pct > 1,
      points: c.points,
      fit: {
        iterations: rest.iterations,
        references: rest.references,
        ...(milliseconds !== undefined ? { milliseconds } : {}),
      },
    },
  };
}

function inverter(product: PvsystProduct, origin: Origin) {
  const model = ondModel(product);
  if (model.unusable) throw noProfile(product, model.unusable);
  const file = ondFile(product, model, origin);
  if (file.certificate.nodes === 0)
    throw noProfile(
      product,
      `a ${model.against} curve that does not reach its AC rating (${model.names.ac}) on its rising branch at ${model.nominalV} V`,
    );
  return {
    ...file,
    certificate: {
      against: `${model.against} with ${model.names.list}'s parameters of the row, at every node of every profile`,
      max_abs_dpac_pct_of_paco: file.certificate.max_abs_dpac_pct_of_paco,
      nodes: file.certificate.nodes,
      points: [],
    },
  };
}

/** Sandia's model where the row has its coefficients; else ADR's, where the ADR library models the inverter. */
function ondModel(product: PvsystProduct): OndModel {
  const s = numbers(product, SANDIA_SPECS);
  if (s) return sandiaOnd({ ...s, ...numbers(product, ['night_tare_w']) }, product);
  const adr = adrInverterOf(product);
  if ('inverter' in adr) return adrOnd(adr.inverter, product);
  throw missing(product, SANDIA_SPECS, ` for the Sandia model, and has ${adr.why}: the profiles need one model`);
}

/** An inverter whose model draws no efficiency profile where its row says it works, and why. */
function noProfile(product: PvsystProduct, why: string) {
  return missing(product, SANDIA_SPECS, ` for the Sandia model, and has ${why}: the file needs an efficiency profile`);
}

function missing(product: PvsystProduct, names: readonly string[], instead = '') {
  const absent = names.filter((n) => typeof product.specs[n] !== 'number');
  const message = `names '${product.id}', which has no ${absent.join(', ')}${instead || ' (the file needs them)'}`;
  return new AppError(inputsProblem('UNSUITABLE_PRODUCT', [{ in: 'path', name: 'id', message }]));
}

function keysOf(root: Block) {
  return flatten(root).map(({ path, node }) => ({
    path,
    key: node.key,
    value: isBlock(node) ? node.value : printValue(node.value, node.decimals),
    class: node.class,
    ...(!isBlock(node) && node.from
      ? { from: node.from.map((c) => ({ spec: c.spec, provenance: c.provenance })) }
      : {}),
    ...(node.method ? { method: node.method } : {}),
  }));
}

export type { Unknown };
