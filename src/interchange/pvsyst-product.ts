// What every PVsyst file of a product shares: the product as read (now or as it stood), the
// commercial block (maker, model, dimensions and weight, where the file comes from), and the Remarks lines that
// give the class and provenance of every key.
import type { ClaimValue } from '../catalog/claim';
import type { Provenance } from '../catalog/provenance';
import { flatten, fromSpec, isBlock, type Block, type Key, type Node, type Unknown } from './pvsyst-keys';

/** A product as getProduct reads it (current, or at `as_of`). */
export interface PvsystProduct {
  readonly id: string;
  readonly model: string;
  readonly manufacturer: string;
  readonly category: string;
  readonly revision: number;
  readonly specs: Readonly<Record<string, ClaimValue>>;
  readonly provenance: Readonly<Record<string, Provenance>>;
}

/** Where the file is served from: its URL, without query (read_panond cuts a value at `=`). */
export interface Origin {
  readonly service: string;
  readonly url: string;
}

/** The editions the product's values come from: source id and file, each once. */
export function editionsOf(product: PvsystProduct): string[] {
  return [...new Set(Object.values(product.provenance).map((p) => `${p.source_id} edition ${p.locator.file}`))].sort();
}

export function commercial(product: PvsystProduct, origin: Origin, notes: Block): Block {
  const prov = product.provenance;
  const identity = (key: string, name: 'manufacturer' | 'model', value: string): Key | undefined =>
    prov[name] ? fromSpec({ key, spec: name, value, provenance: prov[name] }) : undefined;
  const size = (key: string, name: string): Key | undefined => {
    const v = product.specs[name];
    return typeof v === 'number' && prov[name]
      ? fromSpec({ key, spec: name, value: v, provenance: prov[name] })
      : undefined;
  };
  const children: (Node | undefined)[] = [
    {
      key: 'Comment',
      value: `${origin.service}: ${origin.url}`,
      class: 'derived',
      method: 'Where this file is served.',
    },
    identity('Manufacturer', 'manufacturer', product.manufacturer),
    identity('Model', 'model', product.model),
    {
      key: 'DataSource',
      value: `${origin.service} product ${product.id} revision ${product.revision} from ${editionsOf(product).join(' + ')}`,
      class: 'derived',
      method: 'The service, the product and its revision, and the source editions its values come from.',
    },
    size('Width', 'width_m'),
    size('Height', 'length_m'),
    size('Weight', 'weight_kg'),
    notes,
  ];
  return {
    key: 'PVObject_Commercial',
    value: 'pvCommercial',
    end: 'End of PVObject pvCommercial',
    class: 'default',
    method: "The format's block for commercial data.",
    children: children.filter((n): n is Node => n !== undefined),
  };
}

/** What the remarks tell of a file: the product, where it was made, its keys and what is left out. */
export interface ProvenanceInput {
  /** The product the file is made from. */
  readonly product: PvsystProduct;
  /** The service and URL that made it. */
  readonly origin: Origin;
  /** The file's blocks and keys, each classed. */
  readonly body: readonly Node[];
  /** The keys left out, their values unknown. */
  readonly unknown: readonly Unknown[];
  /** The fidelity line. */
  readonly fidelity: string;
}

/** One line per key: its class and its cell or method, then the fidelity and what is left out. */
export function provenanceLines({ product, origin, body, unknown, fidelity }: ProvenanceInput): string[] {
  const keys = flatten({ key: '', value: '', end: '', class: 'default', method: '', children: body })
    .map((e) => e.node)
    .filter((n): n is Key => !isBlock(n));
  return [
    `Made by ${origin.service} from product ${product.id} revision ${product.revision}: ${origin.url}`,
    `Sources: ${editionsOf(product).join(' + ')}`,
    'Every key is sourced (copied from a cell) or mapped or derived or default; unknown values are left out',
    fidelity,
    ...keys.map(lineOf),
    `Not written - supply them in PVsyst: ${unknown.map((u) => u.key).join('; ')}`,
    'Full provenance of every key: the same URL with format json',
  ];
}

function lineOf(k: Key): string {
  const cell = k.from?.[0];
  if ((k.class === 'sourced' || k.class === 'mapped') && cell) {
    const l = cell.provenance.locator;
    return `${k.key}: ${k.class} from ${l.file} record ${l.record} column ${l.column}${k.method ? ` (${k.method})` : ''}`;
  }
  // A fitted value's method is long and the same for each: the line keeps its head, the JSON twin all of it.
  const method =
    k.method && k.method.length > 120
      ? `${k.method.split(/ so that|;/)[0]} ${k.method.match(/\([^()]*\)$/)?.[0] ?? ''}`
      : k.method;
  return `${k.key}: ${k.class}${method ? ` - ${method.trim()}` : ''}`;
}
