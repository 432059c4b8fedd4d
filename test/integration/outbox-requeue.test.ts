// A redelivery on the real store (FerretDB here): the moment its schedule slot can be seen, the
// delivery must already read as pending. Otherwise a poll in between drops the slot as settled and the
// redelivery the API answered 202 for is never sent (seen in the explorer's browser test).
import assert from 'node:assert/strict';
import { OutboxRepository } from '../../src/adapters/mongo/outbox.repository';
import { processLock } from '../../src/shared/keyed-lock';
import type { DeliveryDoc } from '../../src/catalog/watch.types';
import { openCatalog, type Catalog } from '../helpers/catalog';

describe('webhook outbox: a redelivery is pending before its slot is due', () => {
  let catalog: Catalog;
  before(async () => {
    catalog = await openCatalog();
  });
  after(async () => {
    await catalog?.drop();
  });

  it('when a delivered delivery is requeued, then every poll that finds its slot finds it pending', async () => {
    const outbox = new OutboxRepository(catalog.mongo.db, processLock(), async () => false);
    const at = new Date();
    const delivered: DeliveryDoc = {
      _id: 'msg_requeue_test',
      watch_id: 'wh_0000000000000001',
      account_id: 'acct',
      event_id: 'evt_1',
      event_type: 'watch.test',
      status: 'delivered',
      created_at: at,
      next_at: at,
      tries: 1,
      attempts: [{ at, status: 204, latency_ms: 3, response: '' }],
      lease_owner: null,
      lease_until: null,
    };
    await outbox.insertDeliveries([delivered]);
    // What a poll sees at the moment the slot is written: the worker drops a slot whose deliveries are not pending.
    const seenWhenDue: (string | undefined)[] = [];
    const schedule = outbox.schedule.bind(outbox);
    outbox.schedule = async (ids, when) => {
      await schedule(ids, when);
      for (const slot of await outbox.dueSlots(Date.now() + 1000, 100))
        for (const id of slot.ids) seenWhenDue.push((await outbox.delivery(id))?.status);
    };
    const queued = await outbox.requeue(delivered._id, new Date());
    assert.equal(queued?.status, 'pending');
    assert.deepEqual(seenWhenDue, ['pending'], 'the slot never names a delivery that reads as settled');
    assert.deepEqual(
      (await outbox.dueSlots(Date.now() + 1000, 100)).flatMap((s) => s.ids),
      [delivered._id],
      'and the slot is there for the next poll',
    );
  });

  it('when a delivery that does not exist is requeued, then no slot is written', async () => {
    const outbox = new OutboxRepository(catalog.mongo.db, processLock(), async () => false);
    const before = (await outbox.dueSlots(Date.now() + 1000, 100)).length;
    assert.equal(await outbox.requeue('msg_nothing', new Date()), null);
    assert.equal((await outbox.dueSlots(Date.now() + 1000, 100)).length, before);
  });
});
