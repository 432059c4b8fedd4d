// Synthetic data for measuring at a scale the public lists do not reach. Two kinds:
// - variants of the indexed products for deep paging past 100,000 results, only behind their own
//   alias `<alias>-synthetic` (never in MongoDB or the real alias), each marked: id `synthetic-<k>-...`,
//   variant `synthetic`, and the word "synthetic" in its searchable text;
// - the scale rehearsal's N-times catalog (`npm run bench -- --scale N`): synthetic editions of the
//   source lists that go through the real ingest path into a scratch database and alias.
import type { SearchDocument } from '../catalog/search-document';
import type { ProductDraft } from '../catalog/product.types';
import type { Claim } from '../catalog/claim';
import type { SourceDoc } from '../catalog/source.types';
import type { Drafts } from './ingest.plan';
import { compactModel, modelParts } from '../catalog/search-document';
import type { ReindexPorts } from './reindex.service';

export interface SyntheticPorts {
  /** The documents the real alias serves now. */
  readonly real: () => AsyncIterable<SearchDocument>;
  readonly index: Pick<ReindexPorts['index'], 'create' | 'load' | 'finish' | 'targets' | 'swap' | 'drop'>;
}

export function syntheticVariant(base: SearchDocument, k: number): SearchDocument {
  const model = `${base.model} SYN${k}`;
  return {
    ...base,
    id: `synthetic-${k}-${base.id}`,
    model,
    variant: 'synthetic',
    model_compact: compactModel(model),
    model_parts: modelParts(`${model} synthetic`),
    search_text: `${base.search_text} synthetic`,
  };
}

async function* variants(real: readonly SearchDocument[], count: number): AsyncGenerator<SearchDocument> {
  for (let i = 0; i < count; i++) yield syntheticVariant(real[i % real.length], Math.floor(i / real.length) + 1);
}

/** Builds `count` variants into a new index and moves the synthetic alias to it. */
export async function buildSynthetic(
  ports: SyntheticPorts,
  count: number,
  onProgress?: (done: number, total: number) => void,
): Promise<{ index: string; documents: number }> {
  const real: SearchDocument[] = [];
  for await (const doc of ports.real()) real.push(doc);
  if (real.length === 0) throw new Error('the real alias serves no products; run the seed first');
  const index = await ports.index.create();
  try {
    const documents = await ports.index.load(index, variants(real, count), (n) => onProgress?.(n, count));
    await ports.index.finish(index);
    const old = await ports.index.targets();
    await ports.index.swap(index, old);
    await ports.index.drop(old);
    return { index, documents };
  } catch (err) {
    await ports.index.drop([index]).catch(() => undefined);
    throw err;
  }
}

/** The suffix copy `k` of the scale rehearsal gives every model, name and source id. */
const scaleSuffix = (k: number) => ` S${k}`;
const scaleSource = (sourceId: string, k: number) => `${sourceId}~s${k}`;

/**
 * Copy `k` of a real product for the scale rehearsal: a synthetic edition of its source lists, in
 * which every model (and the names that carry it) ends in " S<k>", so each copy is a distinct
 * product with its own id, key and history, with the same specs, listing and provenance shape.
 */
export function scaledDraft(draft: ProductDraft, k: number): ProductDraft {
  const suffix = scaleSuffix(k);
  const claimsOf = (claims: readonly Claim[]) =>
    claims.map((c) => ({
      ...c,
      source_id: scaleSource(c.source_id, k),
      ...(c.field === 'model' || c.field === 'name' ? { value: `${String(c.value)}${suffix}` } : {}),
    }));
  return {
    ...draft,
    // '#' is in no real key: a copy never takes the key of a real model that ends in " S<k>".
    key: `${draft.key}#s${k}`,
    model: `${draft.model}${suffix}`,
    aliases: draft.aliases.map((a) => ({ ...a, source_id: scaleSource(a.source_id, k), name: `${a.name}${suffix}` })),
    claims: claimsOf(draft.claims),
    ...(draft.earlier ? { earlier: draft.earlier.map(claimsOf) } : {}),
    listing: {
      ...draft.listing,
      editions: draft.listing.editions.map((e) => ({ ...e, source_id: scaleSource(e.source_id, k) })),
    },
  };
}

/** The real catalog `times` over: the real drafts, then each synthetic copy, generated as they are read. */
export function scaledCatalog(
  drafts: readonly ProductDraft[],
  sources: readonly SourceDoc[],
  times: number,
): { drafts: Drafts; sources: SourceDoc[] } {
  const copies = Array.from({ length: times - 1 }, (_, i) => i + 1);
  return {
    drafts: {
      length: drafts.length * times,
      *[Symbol.iterator]() {
        yield* drafts;
        for (const k of copies) for (const d of drafts) yield scaledDraft(d, k);
      },
    },
    sources: [
      ...sources,
      ...copies.flatMap((k) =>
        sources.map((s) => ({ ...s, _id: scaleSource(s._id, k), title: `${s.title} (synthetic copy ${k})` })),
      ),
    ],
  };
}
