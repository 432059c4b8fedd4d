// The events a product's states give: pure, so each rule is checked without a database.
import assert from 'node:assert/strict';
import { netChanges, productEvents } from '../../../src/watches/event-rules';

describe('event rules', () => {
  const now = {
    product_id: 'p',
    revision: 3,
    listed: true,
    edition: 'cec-modules edition 2024-01-01',
    newest_editions: ['cec-modules edition 2024-01-01'],
  };
  const none = () => [];

  it('when a product was never announced, then it is created', () => {
    assert.deepEqual(
      productEvents(undefined, now, none).map((e) => e.type),
      ['product.created'],
    );
  });

  it('when nothing changed, then there is no event', () => {
    assert.deepEqual(productEvents({ revision: 3, listed: true }, now, none), []);
  });

  it('when it has a new revision and left the newest edition, then revised and delisted, with stable ids', () => {
    const gone = { ...now, listed: false };
    const events = productEvents({ revision: 2, listed: true }, gone, () => [
      { field: 'x', source: 's', from: 1, to: 2 },
    ]);
    assert.deepEqual(
      events.map((e) => e.type),
      ['product.revised', 'product.delisted'],
    );
    assert.deepEqual(events[0].data.changes, [{ field: 'x', source: 's', from: 1, to: 2 }]);
    assert.deepEqual(
      productEvents({ revision: 2, listed: true }, gone, none).map((e) => e.id),
      events.map((e) => e.id),
    );
    assert.deepEqual(
      productEvents({ revision: 3, listed: false }, now, none).map((e) => e.type),
      ['product.relisted'],
    );
  });

  it('when a value changes and changes back over several revisions, then it is no change; otherwise first from, last to', () => {
    const changes = netChanges(
      [
        {
          number: 2,
          changes: [
            { field: 'a', source_id: 's', from: 1, to: 2 },
            { field: 'b', source_id: 's', from: 5, to: 6 },
          ],
        },
        {
          number: 3,
          changes: [
            { field: 'a', source_id: 's', from: 2, to: 1 },
            { field: 'b', source_id: 's', from: 6, to: 7 },
          ],
        },
      ],
      (id) => `${id} edition 1`,
    );
    assert.deepEqual(changes, [{ field: 'b', source: 's edition 1', from: 5, to: 7 }]);
  });
});
