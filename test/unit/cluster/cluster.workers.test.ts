import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { loadConfig, ConfigError, CONFIG_DEFAULTS } from '../../../src/config';
import { availableCores, workerCount, workerExecArgv, workerShare } from '../../../src/cluster/cluster.workers';

describe('cluster: how many workers, and their share of the caches', () => {
  const cores = availableParallelism();

  it('when a cgroup CPU quota is smaller than the CPUs, then the quota counts (rounded up); without one, the CPUs', () => {
    assert.equal(availableCores('50000 100000\n'), 1);
    assert.equal(availableCores('150000 100000\n'), Math.min(cores, 2));
    assert.equal(availableCores('max 100000\n'), cores);
    assert.equal(availableCores(undefined), cores);
  });

  it('when WEB_CONCURRENCY is 0, then one worker per core with Redis and one without; a count is kept as given', () => {
    assert.equal(workerCount({ WEB_CONCURRENCY: 0, REDIS_URL: 'redis://r:6379' }, 4), 4);
    assert.equal(workerCount({ WEB_CONCURRENCY: 0, REDIS_URL: '' }, 4), 1);
    assert.equal(workerCount({ WEB_CONCURRENCY: 3, REDIS_URL: 'redis://r:6379' }, 8), 3);
    assert.equal(workerCount({ WEB_CONCURRENCY: 1, REDIS_URL: 'redis://r:6379' }, 8), 1);
  });

  it('when several workers run, then each keeps its share of every cache bound, and a bound that is on stays on', () => {
    const config = loadConfig({ READ_CACHE_BYTES: '1000', READ_CACHE_ENTRIES: '3', RESPONSE_CACHE_ENTRIES: '0' });
    const share = workerShare(config, 4);
    assert.deepEqual(
      [share.READ_CACHE_BYTES, share.READ_CACHE_ENTRIES, share.RESPONSE_CACHE_BYTES, share.RESPONSE_CACHE_ENTRIES],
      [250, 1, Math.floor(CONFIG_DEFAULTS.RESPONSE_CACHE_BYTES / 4), 0],
    );
    assert.equal(workerShare(config, 1), config);
  });

  it('when several workers are asked for without Redis, then start-up is refused naming WEB_CONCURRENCY', () => {
    assert.throws(() => loadConfig({ WEB_CONCURRENCY: '2', REDIS_URL: '' }), ConfigError);
    assert.throws(() => loadConfig({ WEB_CONCURRENCY: '2', REDIS_URL: '' }), /WEB_CONCURRENCY/);
    assert.equal(loadConfig({ WEB_CONCURRENCY: '1', REDIS_URL: '' }).WEB_CONCURRENCY, 1);
    assert.equal(loadConfig({}).WEB_CONCURRENCY, 0);
  });

  it('when several workers run, then each gets the old-space limit WORKER_HEAP_MB, unless it is 0 or the operator set one', () => {
    assert.equal(loadConfig({}).WORKER_HEAP_MB, 128);
    assert.deepEqual(workerExecArgv({ WORKER_HEAP_MB: 160 }, '', []), [
      '--max-old-space-size=160',
      '--max-semi-space-size=4',
    ]);
    assert.deepEqual(workerExecArgv({ WORKER_HEAP_MB: 0 }, '', []), []);
    assert.deepEqual(workerExecArgv({ WORKER_HEAP_MB: 160 }, '--max-old-space-size=512', []), []);
    assert.deepEqual(workerExecArgv({ WORKER_HEAP_MB: 160 }, '', ['--max-old-space-size=300']), []);
  });
});
