import { Client, Serializer, errors } from '@elastic/elasticsearch';
import { AppError } from '../../errors/app-error';
import { timed } from '../../shared/request-timings';

export type EsClient = Client;

/** The JSON text each parsed answer came from, for as long as the answer lives (read-cache.ts keeps the text). */
const texts = new WeakMap<object, string>();

class TextKeepingSerializer extends Serializer {
  // oxlint-disable-next-line typescript/no-unnecessary-type-parameters -- the base class's signature, overridden as it is
  override deserialize<T = unknown>(json: string): T {
    const value = super.deserialize<T>(json);
    if (typeof value === 'object' && value !== null) texts.set(value, json);
    return value;
  }
}

/** The text Elasticsearch sent for `body` (an answer this client parsed). */
export function answerText(body: object): string {
  const text = texts.get(body);
  if (text === undefined) throw new Error('answerText: not an answer parsed by this client');
  return text;
}

/** The nodes named by ELASTICSEARCH_URL: one URL, or several separated by commas. */
export function esNodes(urls: string): string[] {
  return urls
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
}

export function createEsClient(urls: string, requestTimeoutMs: number): EsClient {
  const nodes = esNodes(urls);
  return new Client({
    nodes,
    requestTimeout: requestTimeoutMs,
    // A read must answer (or fail) within the timeout, not a multiple of it: with one node, no retry.
    // With several, a connection error (refused or reset, which comes fast) or a 502-504 answer is
    // tried once more on another node, so a node going away is not an outage. A timeout is never retried, so a stalled
    // node still costs one timeout, not two: @elastic/transport's retryOnTimeout defaults to false
    // and this client does not pass it on (test/integration/es-nodes.test.ts holds it to that).
    maxRetries: nodes.length > 1 ? 1 : 0,
    compression: false,
    Serializer: TextKeepingSerializer,
  });
}

/** Runs one Elasticsearch call, timed as `es`, with driver errors translated to catalog errors. */
export function esCall<T>(work: () => Promise<T>): Promise<T> {
  return timed('es', async () => {
    try {
      return await work();
    } catch (err) {
      throw translateEsError(err);
    }
  });
}

export function translateEsError(err: unknown): unknown {
  if (err instanceof errors.TimeoutError) {
    return new AppError('DEPENDENCY_TIMEOUT', 'The search engine did not answer in time.', {
      cause: err,
      headers: { 'Retry-After': '5' },
    });
  }
  if (err instanceof errors.ConnectionError || err instanceof errors.NoLivingConnectionsError) {
    return new AppError('DEPENDENCY_UNAVAILABLE', 'The search engine is unavailable.', {
      cause: err,
      headers: { 'Retry-After': '5' },
    });
  }
  if (err instanceof errors.ResponseError && (err.statusCode === 503 || err.statusCode === 429)) {
    return new AppError('DEPENDENCY_UNAVAILABLE', 'The search engine is overloaded or starting.', {
      cause: err,
      headers: { 'Retry-After': '5' },
    });
  }
  return err;
}

export function esProbe(es: EsClient) {
  // The node's own view (`local`): a cluster without an elected master (the voting node of two gone,
  // or two of three) still serves searches and gets from the copies left, since only writes are
  // blocked, but its cluster-wide health waits for a master and fails. Readiness follows the reads.
  return { name: 'elasticsearch' as const, check: async () => void (await es.cluster.health({ local: true })) };
}
