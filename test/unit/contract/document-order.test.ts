// The document is assembled from one file per tag: the order it keeps, and the mistakes it refuses.
import assert from 'node:assert/strict';
import { OPENAPI } from '../../../src/contract/openapi';
import { inOrder, PATH_ORDER, SCHEMA_ORDER, taggedPaths } from '../../../src/contract/document-order';

describe('contract: assembly from one file per tag', () => {
  it('when parts are merged, then the names the order lists come first in its order, and the others follow as the parts hold them', () => {
    const merged = inOrder(['c', 'a'], [{ a: 1, b: 2 }, { c: 3 }, { d: 4 }]);
    assert.deepEqual(Object.entries(merged), [
      ['c', 3],
      ['a', 1],
      ['b', 2],
      ['d', 4],
    ]);
  });

  it('when two tag files define the same path or schema, then the document refuses to build rather than keep one', () => {
    assert.throws(() => inOrder([], [{ '/api/v1/x': 1 }, { '/api/v1/x': 2 }]), /defines \/api\/v1\/x twice/);
  });

  it('when the order names what no file defines (a path renamed or removed), then the document refuses to build', () => {
    assert.throws(() => inOrder(['Gone'], [{ Here: 1 }]), /names Gone, which nothing defines/);
  });

  it('when a tag file holds an operation of another tag, then the document refuses to build', () => {
    const paths = OPENAPI.paths['/api/v1/search'];
    assert.equal(taggedPaths('search', { '/api/v1/search': paths })['/api/v1/search'], paths);
    assert.throws(
      () => taggedPaths('products', { '/api/v1/search': paths }),
      /searchProducts is in the file of tag products/,
    );
  });

  it('then the served document holds its paths and schemas in that order, new ones after', () => {
    assert.deepEqual(Object.keys(OPENAPI.paths).slice(0, PATH_ORDER.length), PATH_ORDER);
    assert.deepEqual(Object.keys(OPENAPI.components.schemas).slice(0, SCHEMA_ORDER.length), SCHEMA_ORDER);
  });
});
