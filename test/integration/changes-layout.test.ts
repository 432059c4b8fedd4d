// A store written before the changes feed was keyed by string (the seq as a numeric _id) keeps
// working: the repository moves it over once, before it reads or writes a change, and the feed reads
// the same changes in the same order afterwards, by lookups FerretDB answers from its index.
import assert from 'node:assert/strict';
import { ChangeRepository } from '../../src/adapters/mongo/change.repository';
import type { ChangeDoc } from '../../src/catalog/revision.types';
import { openCatalog, type Catalog } from '../helpers/catalog';

describe('changes feed: a store in the earlier layout', () => {
  let catalog: Catalog;
  before(async () => {
    catalog = await openCatalog();
  });
  after(async () => {
    await catalog?.drop();
  });

  it('when changes were stored under numeric ids, then the feed still reads every one in order, and the earlier collection is gone', async () => {
    const db = catalog.mongo.db;
    const at = new Date('2026-10-01T00:00:00Z');
    const earlier: ChangeDoc[] = Array.from({ length: 250 }, (_, i) => ({
      _id: i + 1,
      product_id: `module|maker|m${i + 1}`,
      number: 1,
      created_at: at,
      summary: 'listed',
    }));
    await db.collection<ChangeDoc>('changes').insertMany(earlier);
    await db.collection<{ _id: string; value: number }>('counters').insertOne({ _id: 'changes_settled', value: 250 });

    // Two processes starting at once: both move the store, neither loses a change.
    const [a, b] = [new ChangeRepository(db), new ChangeRepository(db)];
    const [pageA, pageB] = await Promise.all([a.range(0, 100), b.range(200, 250)]);
    assert.deepEqual(pageA, earlier.slice(0, 100));
    assert.deepEqual(pageB, earlier.slice(200, 250));
    assert.equal(await a.watermark(), 250);
    assert.deepEqual(await db.listCollections({ name: 'changes' }).toArray(), [], 'the earlier collection is gone');
    assert.equal(await db.collection('change_feed').countDocuments({}), 250);

    // New changes go on under string keys, and a fresh process reads old and new alike.
    await a.record([{ _id: 251, product_id: 'module|maker|new', number: 1, created_at: at, summary: 'listed' }], 251);
    const fresh = await new ChangeRepository(db).range(240, 260);
    assert.deepEqual(
      fresh.map((c) => c._id),
      Array.from({ length: 11 }, (_, i) => 241 + i),
    );
  });
});
