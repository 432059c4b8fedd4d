import assert from 'node:assert/strict';
import { diffClaims } from '../../../src/ingest/ingest.revision';
import { snapshotHash } from '../../../src/catalog/claim';
import { productSlug } from '../../../src/catalog/product-id';
import type { Claim } from '../../../src/catalog/claim';

const claim = (field: string, value: number, source_id = 'cec-modules'): Claim => ({
  field,
  value,
  unit: 'W',
  raw: String(value),
  source_id,
  locator: { file: 'f.csv', record: 1, line: 4, column: 'STC' },
  method: 'reported',
});

describe('revisions: diff and identity', () => {
  it('when one value changes, then the diff names exactly that field, source, old and new value', () => {
    const before = [claim('stc_power_w', 175), claim('ptc_power_w', 151)];
    const after = [claim('stc_power_w', 180), claim('ptc_power_w', 151)];
    assert.deepEqual(diffClaims(before, after), [
      { field: 'stc_power_w', source_id: 'cec-modules', from: 175, to: 180 },
    ]);
    assert.notEqual(snapshotHash(before), snapshotHash(after));
    assert.equal(snapshotHash(before), snapshotHash([claim('stc_power_w', 175), claim('ptc_power_w', 151)]));
  });

  it('when a value appears or disappears, then the diff says so without inventing the other side', () => {
    assert.deepEqual(diffClaims([], [claim('voc_v', 40)]), [{ field: 'voc_v', source_id: 'cec-modules', to: 40 }]);
    assert.deepEqual(diffClaims([claim('voc_v', 40)], []), [{ field: 'voc_v', source_id: 'cec-modules', from: 40 }]);
  });

  it('then product ids are URL-safe, readable and depend only on manufacturer, model and variant', () => {
    assert.equal(
      productSlug('Huawei Technologies Co - Ltd', 'SUN2000-5KTL-USL0', '240V'),
      'huawei-technologies-co-ltd-sun2000-5ktl-usl0-240v',
    );
    assert.equal(productSlug('Hanwha Q CELLS', 'Q.PEAK DUO L-G5.2 375', ''), 'hanwha-q-cells-q-peak-duo-l-g5-2-375');
    assert.match(productSlug('Ünïcode', 'A+B / C', ''), /^[a-z0-9-]+$/);
  });
});
