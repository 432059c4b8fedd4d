// The read cache and the index generation it is keyed by, against a stand-in for the one
// Elasticsearch call the generation makes (GET _alias) and an injected clock.
import assert from 'node:assert/strict';
import { IndexGeneration } from '../../../src/adapters/elasticsearch/index-generation';
import { ReadCache } from '../../../src/adapters/elasticsearch/read-cache';
import { ENTRY_OVERHEAD_BYTES } from '../../../src/shared/generation-cache';
import type { EsClient } from '../../../src/adapters/elasticsearch/client';

function fakeAlias(target: { name: string; looks: number }): EsClient {
  return {
    indices: { getAlias: async () => (target.looks++, { [target.name]: { aliases: {} } }) },
  } as unknown as EsClient;
}

/** One turn of the event loop: the background look's promise chain has run by then. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('read cache per index generation', () => {
  it('when the alias is asked about within maxAgeMs, then one look serves every request; past it, the old name answers while one look refreshes it', async () => {
    const target = { name: 'products-v3-a', looks: 0 };
    let now = 0;
    const generation = new IndexGeneration(fakeAlias(target), 'products', 1000, () => now);
    assert.deepEqual(await Promise.all([generation.current(), generation.current(), generation.current()]), [
      'products-v3-a',
      'products-v3-a',
      'products-v3-a',
    ]);
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
    const cache = new ReadCache(new IndexGeneration(fakeAlias(target), 'products', 1000, () => now), {
      maxBytes: 1 << 20,
      maxEntries: 100,
    });
    let loads = 0;
    const load = (value: string) => async () => (loads++, { value, text: JSON.stringify(value) });
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

  // An entry costs its text, its key and ENTRY_OVERHEAD_BYTES: two such entries fit in `bound`, three do not.
  const text = JSON.stringify('x'.repeat(98));
  const bound = 2 * (text.length + 1 + ENTRY_OVERHEAD_BYTES) + 10;

  it('when answers exceed the byte bound, then the least recently used go first; a bound of 0 caches nothing', async () => {
    const generation = new IndexGeneration(fakeAlias({ name: 'i', looks: 0 }), 'products', 1000, () => 0);
    const cache = new ReadCache(generation, { maxBytes: bound, maxEntries: 100 });
    let loads = 0;
    const load = async () => (loads++, { value: 'x'.repeat(98), text });
    for (const k of ['a', 'b', 'a', 'c', 'a', 'b']) await cache.read(k, load);
    assert.equal(loads, 4, 'a, b, c loaded, then b again (evicted by c; a was used more recently)');
    const off = new ReadCache(generation, { maxBytes: 0, maxEntries: 100 });
    for (const k of ['a', 'a']) await off.read(k, load);
    assert.equal(loads, 6);
  });

  it('when many small answers arrive, then the entry cap evicts even while bytes are left; the key is counted too', async () => {
    const generation = new IndexGeneration(fakeAlias({ name: 'i', looks: 0 }), 'products', 1000, () => 0);
    let loads = 0;
    const load = async () => (loads++, { value: 1, text: '1' });
    const capped = new ReadCache(generation, { maxBytes: 1 << 20, maxEntries: 2 });
    for (const k of ['a', 'b', 'c', 'a']) await capped.read(k, load);
    assert.equal(loads, 4, 'a was evicted by c although 1 MiB was free');
    // A key longer than the bound leaves its answer uncached, however small the answer.
    const keyed = new ReadCache(generation, { maxBytes: 1000, maxEntries: 100 });
    const long = 'k'.repeat(1000);
    for (const k of [long, long]) await keyed.read(k, load);
    assert.equal(loads, 6);
  });

  it('when an answer is served from the cache, then it is a fresh copy: a caller that mutates it changes nothing for the next', async () => {
    const generation = new IndexGeneration(fakeAlias({ name: 'i', looks: 0 }), 'products', 1000, () => 0);
    const cache = new ReadCache(generation, { maxBytes: 1 << 20, maxEntries: 100 });
    const load = async () => ({ value: { n: 1 }, text: '{"n":1}' });
    await cache.read('k', load);
    const first = await cache.read<{ n: number }>('k', load);
    first.n = 2;
    assert.deepEqual(await cache.read('k', load), { n: 1 });
  });
});
