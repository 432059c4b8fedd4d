// Values read once per index generation, per key: a read kept until the alias moves (shared/generation-cache.ts
// keeps answers by their bytes; this keeps a few small values, however often they are asked). A failed read is
// not kept: the next ask reads again.

/** Where the current generation is learnt: the concrete index (or indices) behind the alias. */
export interface GenerationSource {
  current(): Promise<string>;
}

export class GenerationMemo<V> {
  private held?: { readonly generation: string; readonly values: Map<string, Promise<V>> };

  constructor(private readonly source: GenerationSource) {}

  /** `key`'s value in the current generation: kept, or `read()`'s, kept from now on unless it fails. */
  async get(key: string, read: () => Promise<V>): Promise<V> {
    const generation = await this.source.current();
    if (this.held?.generation !== generation) this.held = { generation, values: new Map() };
    const { values } = this.held;
    let value = values.get(key);
    if (!value) {
      const asked = read();
      values.set(key, asked);
      asked.catch(() => {
        if (values.get(key) === asked) values.delete(key);
      });
      value = asked;
    }
    return value;
  }
}
