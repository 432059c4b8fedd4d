// Synthetic variants of the real products, for measuring the search path at a scale the public
// lists do not reach (deep paging past 100,000 results). They live only behind their own alias,
// `<alias>-synthetic`, never in MongoDB or the real alias, and each is marked: id `synthetic-<k>-...`,
// variant `synthetic`, and the word "synthetic" in its searchable text.
import type { SearchDocument } from '../catalog/search-document';
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
