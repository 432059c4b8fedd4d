// ELASTICSEARCH_URL naming several nodes, against the real engine behind TCP proxies that play the
// nodes: one whose process is gone (connections refused), one that hangs (connections accepted, never
// answered). The client's own diagnostics count the attempts each call took.
import assert from 'node:assert/strict';
import { createEsClient, esCall, type EsClient } from '../../src/adapters/elasticsearch/client';
import { AppError } from '../../src/errors/app-error';
import { CuttableProxy } from '../helpers/private-engines';
import { ELASTICSEARCH_NODE } from '../helpers/engines';

const TIMEOUT_MS = 1000;

/** A client on `urls` and the retries (`meta.attempts`) of every call it finished, in order. */
function clientOn(urls: string): { es: EsClient; retries: number[] } {
  const es = createEsClient(urls, TIMEOUT_MS);
  const retries: number[] = [];
  es.diagnostic.on('response', (_err, result) => retries.push(result?.meta.attempts ?? -1));
  return { es, retries };
}

async function failure(work: () => Promise<unknown>): Promise<AppError> {
  try {
    await esCall(work);
  } catch (err) {
    assert.ok(err instanceof AppError, `an AppError, not ${String(err)}`);
    return err;
  }
  assert.fail('the call was answered');
}

describe('several Elasticsearch nodes', function () {
  this.timeout(30000);
  let gone: CuttableProxy;
  let hung: CuttableProxy;
  let live: CuttableProxy;
  const clients: EsClient[] = [];

  before(async () => {
    [gone, hung, live] = await Promise.all([1, 2, 3].map(() => CuttableProxy.create(ELASTICSEARCH_NODE)));
    await gone.cut();
    hung.stall();
  });
  after(async () => {
    await Promise.allSettled(clients.map((es) => es.close()));
    await Promise.all([gone?.cut(), hung?.cut(), live?.cut()]);
  });
  const open = (urls: string) => {
    const client = clientOn(urls);
    clients.push(client.es);
    return client;
  };

  it('when one of two nodes refuses connections, then every call is answered by the other, retried once at most', async () => {
    const { es, retries } = open(`${gone.url}, ${live.url}`);
    for (let i = 0; i < 6; i++) assert.match((await esCall(() => es.cluster.health())).status, /green|yellow/);
    assert.equal(retries[0], 1, 'the first call went to the refusing node first and was retried on the other');
    assert.ok(
      retries.every((n) => n <= 1),
      `at most one retry per call: ${retries.join(',')}`,
    );
  });

  it('when the only node refuses connections, then the call fails at once as dependency-unavailable, not retried', async () => {
    const { es, retries } = open(gone.url);
    const err = await failure(() => es.cluster.health());
    assert.equal(err.code, 'DEPENDENCY_UNAVAILABLE');
    assert.equal(err.headers['Retry-After'], '5');
    assert.deepEqual(retries, [0]);
  });

  it('when a node hangs, then the call times out once and is not retried on the other node', async () => {
    const { es, retries } = open(`${hung.url},${live.url}`);
    const t0 = performance.now();
    const err = await failure(() => es.cluster.health());
    const took = performance.now() - t0;
    assert.equal(err.code, 'DEPENDENCY_TIMEOUT');
    assert.deepEqual(retries, [0], 'the timeout was not retried on the node that answers');
    assert.ok(took >= TIMEOUT_MS - 50 && took < 2 * TIMEOUT_MS, `one timeout, not two: ${took.toFixed(0)} ms`);
  });
});
