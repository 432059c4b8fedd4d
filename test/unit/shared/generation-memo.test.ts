import assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import { GenerationMemo } from '../../../src/shared/generation-memo';

/** A memo over a generation the test moves, counting the reads it makes. */
function memo() {
  const state = { generation: 'products-1', reads: 0, fail: false };
  const kept = new GenerationMemo<string>({ current: () => Promise.resolve(state.generation) });
  const read = (key: string) => () => {
    state.reads++;
    return state.fail ? Promise.reject(new Error('engine away')) : Promise.resolve(`${key}@${state.generation}`);
  };
  return { state, get: (key: string) => kept.get(key, read(key)) };
}

describe('values kept per index generation (ProductIndex: company names, spec ranges, facet sampling)', () => {
  it('when a key is asked again in one generation, then it is read once, each key for itself', async () => {
    const m = memo();
    assert.deepEqual(await Promise.all([m.get('pv-module'), m.get('pv-module'), m.get('inverter')]), [
      'pv-module@products-1',
      'pv-module@products-1',
      'inverter@products-1',
    ]);
    assert.equal(m.state.reads, 2);
  });

  it('when the alias moves, then every key is read again from the new generation', async () => {
    const m = memo();
    await m.get('pv-module');
    m.state.generation = 'products-2';
    assert.equal(await m.get('pv-module'), 'pv-module@products-2');
    assert.equal(m.state.reads, 2);
  });

  it('when a read fails, then it is not kept: the next ask reads again', async () => {
    const m = memo();
    m.state.fail = true;
    await assert.rejects(m.get('pv-module'), /engine away/);
    m.state.fail = false;
    assert.equal(await m.get('pv-module'), 'pv-module@products-1');
    assert.equal(m.state.reads, 2);
  });
});
