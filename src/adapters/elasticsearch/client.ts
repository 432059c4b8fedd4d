import { Client, errors } from '@elastic/elasticsearch';
import { AppError } from '../../errors/app-error';
import { timed } from '../../shared/request-context';

export type EsClient = Client;

export function createEsClient(url: string, requestTimeoutMs: number): EsClient {
  // No retries: a read must answer (or fail) within the configured timeout, not a multiple of it.
  return new Client({ node: url, requestTimeout: requestTimeoutMs, maxRetries: 0, compression: false });
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
    return new AppError('DEPENDENCY_TIMEOUT', 'The search engine did not answer in time.', { cause: err, headers: { 'Retry-After': '5' } });
  }
  if (err instanceof errors.ConnectionError || err instanceof errors.NoLivingConnectionsError) {
    return new AppError('DEPENDENCY_UNAVAILABLE', 'The search engine is unavailable.', { cause: err, headers: { 'Retry-After': '5' } });
  }
  if (err instanceof errors.ResponseError && (err.statusCode === 503 || err.statusCode === 429)) {
    return new AppError('DEPENDENCY_UNAVAILABLE', 'The search engine is overloaded or starting.', { cause: err, headers: { 'Retry-After': '5' } });
  }
  return err;
}

export function esProbe(es: EsClient) {
  return { name: 'elasticsearch' as const, check: async () => void (await es.cluster.health({ timeout: '1s' })) };
}
