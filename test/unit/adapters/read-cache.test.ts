// The read cache and the index generation it is keyed by, against a stand-in for the one
// Elasticsearch call the generation makes (GET _alias) and an injected clock.
import assert from 'node:assert/strict';
import { IndexGeneration } from '../../../src/adapters/elasticsearch/index-generation';
import { ReadCache } from '../../../src/adapters/elasticsearch/read-cache';
import type { EsClient } from '../../../src/adapters/elasticsearch/client';

function fakeAlias(target: { name: string; looks: number }): EsClient {
  return { indices: { getAlias: async () => (target.looks++, { [target.name]: { aliases: {} } }) } } as unknown as EsClient;
}

/** One turn of the event loop: the background look's promise chain has run by then. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('read cache per index generation', () => {
  it('when the alias is asked about within maxAgeMs, then one look serves every request; past it, the old name answers while one look refreshes it', async () => {
    const target = { name: 'products-v3-a', looks: 0 };
    let now = 0;
    const generation = new IndexGeneration(fakeAlias(target), 'products', 1000, () => now);
    assert.deepEqual(await Promise.all([generation.current(), generation.current(), generation.current()]), ['products-v3-a', 'products-v3-a', 'products-v3-a']);
    assert.equal(target.looks, 1);
    now = 999;
    await generation.current();
    assert.equal(target.looks, 1, 'no look within maxAgeMs');
    target.name = 'products-v3-b';
    now = 1000;
    assert.equal(await generation.current(), 'products-v3-a', 'the lookup adds no latency');
    assert.equal(target.looks, 2);
    await settled();
    assert.equal(await generation.current(), 'products-v3-b');
  });

  it('when a request repeats within a generation, then it is loaded once; when the generation changes, then nothing cached before is served', async () => {
    const target = { name: 'products-v3-a', looks: 0 };
    let now = 0;
    const cache = new ReadCache(new IndexGeneration(fakeAlias(target), 'products', 1000, () => now), 1 << 20);
    let loads = 0;
    const load = (value: string) => async () => (loads++, { value, bytes: 100 });
    assert.equal(await cache.read('get a', load('first')), 'first');
    assert.equal(await cache.read('get a', load('second')), 'first');
    assert.equal(loads, 1);
    target.name = 'products-v3-b';
    now = 1000;
    await cache.read('get other', load('x')); // starts the look that notices the move
    await settled();
    assert.equal(await cache.read('get a', load('third')), 'third', 'the new generation starts empty');
    assert.equal(loads, 3, 'first, x, third: one hit in all');
  });

  it('when answers exceed the byte bound, then the least recently used go first; a bound of 0 caches nothing', async () => {
    const generation = new IndexGeneration(fakeAlias({ name: 'i', looks: 0 }), 'products', 1000, () => 0);
    const cache = new ReadCache(generation, 250);
    let loads = 0;
    const load = async () => (loads++, { value: loads, bytes: 100 });
    for (const k of ['a', 'b', 'a', 'c', 'a', 'b']) await cache.read(k, load);
    assert.equal(loads, 4, 'a, b, c loaded, then b again (evicted by c; a was used more recently)');
    const off = new ReadCache(generation, 0);
    for (const k of ['a', 'a']) await off.read(k, load);
    assert.equal(loads, 6);
  });
});
