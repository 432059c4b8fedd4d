import assert from 'node:assert/strict';
import { continuedBy } from '../../../src/ingest/ingest.identity';
import type { ProductDraft } from '../../../src/catalog/product.types';

const draft = (key: string, keys?: string[]) => ({ key, ...(keys ? { keys } : {}) }) as unknown as ProductDraft;
const stored = (...keys: string[]) => new Map(keys.map((key) => [key, { key, _id: `id-${key}` }]));

describe('ingest: which stored product a draft continues', () => {
  it('when a draft is keyed by a name that is new but once listed under a stored key, then it continues that product', () => {
    const found = continuedBy(stored('elite x'), [draft('et x', ['et x', 'elite x'])]);
    assert.equal(found.get('et x')?._id, 'id-elite x');
  });

  it('when another draft owns the stored key, then the former key is not taken from it', () => {
    const found = continuedBy(stored('a'), [draft('a'), draft('b', ['b', 'a'])]);
    assert.equal(found.get('a')?._id, 'id-a');
    assert.equal(found.has('b'), false);
  });

  it('when two drafts name one stored key, or one draft names two, then none continues it: a stored product is never shared or merged', () => {
    const shared = continuedBy(stored('a'), [draft('b', ['b', 'a']), draft('c', ['c', 'a'])]);
    assert.equal(shared.size, 0);
    const merged = continuedBy(stored('a', 'b'), [draft('c', ['c', 'a', 'b'])]);
    assert.equal(merged.size, 0);
  });
});
