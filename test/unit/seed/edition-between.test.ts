// Product ids are a promise: the 2022-11-16 module edition arrives between the 2019 and 2024 editions
// already in the record, and no stored product may change its id, split in two or swallow another.
// Checked on the conversion of the full module files, with the ingest's own lookup of stored products.
import assert from 'node:assert/strict';
import { convertSources, loadManifest, type Conversion } from '../../../src/ingest/convert';
import { continuedBy } from '../../../src/ingest/ingest.identity';
import type { ProductDraft } from '../../../src/catalog/product.types';

const BETWEEN = 'cec-modules-2022';

/** The records of the editions both conversions read, as `source#record`: what a product was before. */
const recordsBefore = (d: ProductDraft) =>
  d.listing.editions
    .filter((e) => e.source_id !== BETWEEN)
    .flatMap((e) => e.records.map((r) => `${e.source_id}#${r}`))
    .sort()
    .join(',');

describe('seed: an edition between two stored ones keeps every product', function () {
  this.timeout(180000);
  let two: Conversion;
  let three: Conversion;

  before(() => {
    const manifest = loadManifest();
    const modules = manifest.sources.filter((s) => s.list === 'cec-modules');
    assert.deepEqual(
      modules.map((s) => s.edition),
      ['2019-03-05', '2022-11-16', '2024-11-14'],
    );
    two = convertSources({ ...manifest, sources: modules.filter((s) => s.id !== BETWEEN) });
    three = convertSources({ ...manifest, sources: modules });
  });

  it('when the 2022 edition is added, then every stored product is continued by exactly one product with the same 2019 and 2024 records', () => {
    const stored = new Map(two.drafts.map((d) => [d.key, d]));
    const continued = continuedBy(stored, three.drafts);
    const continuing = new Map<string, ProductDraft[]>();
    for (const d of three.drafts) {
      const was = continued.get(d.key);
      if (was) continuing.set(was.key, [...(continuing.get(was.key) ?? []), d]);
      // A product no stored one continues is new: it must hold no record a stored product holds.
      else assert.equal(recordsBefore(d), '', `${d.key}: a duplicate of a stored product`);
    }
    let moved = 0;
    for (const before of two.drafts) {
      const after = continuing.get(before.key) ?? [];
      assert.equal(after.length, 1, `${before.key}: continued by ${after.length} products`);
      assert.equal(recordsBefore(after[0]), recordsBefore(before), `${before.key}: the same records`);
      if (after[0].key !== before.key) moved += 1;
    }
    // The renamed makers whose new name 2022 lists first (EliTe Solar -> ET SOLAR): found by their former key.
    assert.ok(moved > 0, 'some keys move and are still found');
    assert.equal(three.drafts.length - two.drafts.length, 34, 'the models only 2022 lists');
  });

  it('when a model is listed in 2019, 2022 and 2024 under renamed makers, then it is one product whose listing shows every edition with its match and whose snapshots go in edition order', () => {
    const draft = three.drafts.find((d) => d.key === 'pv-module|hanwha q cells q.peak duo blk-g5 310')!;
    assert.deepEqual(
      draft.listing.editions.map((e) => [e.edition, e.match?.method]),
      [
        ['2019-03-05', undefined],
        ['2022-11-16', 'same-identity'],
        ['2024-11-14', 'same-model-and-ratings'],
      ],
    );
    // Each snapshot's values come from the newest edition that changed them: sources in edition order.
    const order = ['cec-modules', BETWEEN, 'cec-modules-2024'];
    const newest = [...draft.earlier!, draft.claims].map((snapshot) =>
      Math.max(...snapshot.map((c) => order.indexOf(c.source_id))),
    );
    assert.deepEqual(newest, [0, 1, 2], 'a revision per edition that changed it, oldest first');
  });

  it('when a model only 2022 lists is converted, then it is a product carrying that edition alone', () => {
    const rec = three.drafts.find((d) => d.key === 'pv-module|rec solar rec385tp2m 72 xv')!;
    assert.equal(rec.manufacturer, 'REC Solar');
    assert.deepEqual(
      rec.listing.editions.map((e) => e.source_id),
      [BETWEEN],
    );
    assert.equal(rec.listing.in_latest_edition, false);
  });
});
