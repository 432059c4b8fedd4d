// Which concrete index the alias serves now. Answers from one concrete index never change (a reindex
// builds a new one and moves the alias), so the name is a cache generation. It is looked up at most
// once per `maxAgeMs`, by one call shared by every request; requests meanwhile use the last name, so
// the lookup never adds latency and a reindex is noticed within about `maxAgeMs`.
import { errors } from '@elastic/elasticsearch';
import { translateEsError, type EsClient } from './client';

export class IndexGeneration {
  private name?: string;
  private checkedAt = -Infinity;
  private looking?: Promise<string>;

  constructor(
    private readonly es: EsClient,
    private readonly alias: string,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The concrete index name(s) behind the alias, as one string; empty while the alias is missing. */
  async current(): Promise<string> {
    if (this.now() - this.checkedAt >= this.maxAgeMs) {
      this.looking ??= this.look().finally(() => (this.looking = undefined));
      // The first look is awaited; later ones refresh in the background (a failure keeps the old name
      // and is retried on the next request, which then reaches Elasticsearch and reports it).
      if (this.name === undefined) return this.looking;
      this.looking.catch(() => undefined);
    }
    return this.name!;
  }

  private async look(): Promise<string> {
    this.name = await this.es.indices.getAlias({ name: this.alias }).then(
      (aliases) => Object.keys(aliases).sort().join(','),
      (err: unknown) => {
        if (err instanceof errors.ResponseError && err.statusCode === 404) return '';
        throw translateEsError(err);
      },
    );
    this.checkedAt = this.now();
    return this.name;
  }
}
