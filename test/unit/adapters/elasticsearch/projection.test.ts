// The index port's reads are typed by the fields asked: a service reads what it asked for, typed as the
// index stores it, and nothing else. Checked by the compiler (`npm run build` fails when a
// `@ts-expect-error` below stops being an error); the assertions only keep the values used.
import assert from 'node:assert/strict';
import type { Projection } from '../../../../src/catalog/search-document';
import type { ProductPorts } from '../../../../src/products/product.service';
import type { ProductIndex } from '../../../../src/adapters/elasticsearch/product-index';

describe('index reads typed by the fields asked', () => {
  it('when a read asks for fields, then it holds those fields only, detail ones under detail', () => {
    const read: Projection<'id' | 'specs' | 'detail.provenance'> = {
      id: 'pvm-x',
      specs: { stc_power_w: 400 },
      detail: { provenance: {} },
    };
    // @ts-expect-error the model was not asked for
    assert.equal(read.model, undefined);
    // @ts-expect-error of detail, only provenance was asked for
    assert.equal(read.detail.units, undefined);
    const id: string = read.id;
    assert.equal(id, 'pvm-x');
  });

  it('when the adapter is handed to a service, then its generic reads are the port the service declares', () => {
    const port = (index: ProductIndex): ProductPorts['index'] => index;
    assert.equal(typeof port, 'function');
  });
});
