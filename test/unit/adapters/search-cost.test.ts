// What one text may cost the engine: typo tolerance stops at lengths no model or word reaches.
import assert from 'node:assert/strict';
import { buildSearchRequest } from '../../../src/adapters/elasticsearch/search-request';
import { parseProductQuery } from '../../../src/search/product-query-parser';
import { AccountSlots } from '../../../src/shared/account-slots';
import { AppError } from '../../../src/errors/app-error';

const bodyOf = (q: string) =>
  JSON.stringify(buildSearchRequest(parseProductQuery('search', { q, limit: 20 }), undefined, false));
const fuzzyClauses = (q: string) => bodyOf(q).match(/"fuzz(y|iness)"/g)?.length ?? 0;

describe('search cost: typo tolerance and slots', () => {
  it('when the text is ordinary words and a model, then typos are forgiven in both', () => {
    assert.ok(fuzzyClauses('Trina Vertex TSM-400DE09') >= 2);
  });

  it('when one word is longer than any model or word of the catalog, then no fuzzy clause is built', () => {
    for (const q of ['a'.repeat(190) + ' 400W', 'ab1'.repeat(63) + ' 5kW', `trina ${'x'.repeat(41)}`])
      assert.equal(fuzzyClauses(q), 0, q.slice(0, 40));
    assert.ok(bodyOf('a'.repeat(190)).includes('"prefix"'), 'the exact and prefix readings stay');
  });

  it('when many long words would each be fuzzy, then none is, while a long person-typed query keeps its typo tolerance', () => {
    const word = (i: number) => `${'qwertzuiopasdfghjklyxcv'.slice(i)}${'mnbvcxylkjhgfdsapoiuztre'.slice(0, i + 1)}`;
    const hostile = `${Array.from({ length: 7 }, (_, i) => word(i)).join(' ')} 600W`;
    assert.equal(fuzzyClauses(hostile), 0, 'seven 24-letter words and a power');
    assert.ok(fuzzyClauses('Canadian Solar bifacial module 450W') >= 1);
    assert.ok(fuzzyClauses('Daikin air to water heat pump Altherma monobloc') >= 1);
  });

  it('when an account takes more slots than it may, then 429 problem; a slot given back makes room', async () => {
    const slots = new AccountSlots(2, 'searches', 1);
    const a = slots.take('acct');
    slots.take('acct');
    assert.throws(
      () => slots.take('acct'),
      (e: unknown) => e instanceof AppError && e.status === 429 && /2 searches/.test(e.detail),
    );
    assert.doesNotThrow(() => slots.take('other'), 'another account is not held back');
    a();
    a();
    const back = slots.take('acct');
    assert.throws(() => slots.take('acct'), 'giving back twice frees one slot only');
    back();
    assert.equal(await slots.within('acct', async () => 7), 7);
    await assert.rejects(
      slots.within('acct', () => Promise.reject(new Error('boom'))),
      /boom/,
    );
    slots.take('acct');
    assert.throws(() => slots.take('acct'), 'a failed run gave its slot back, no more');
  });
});
