// A test event is a request, not a change: two asked for in the same millisecond (through two
// workers, as the CI run of 2026-11-27 did) must be two deliveries. The outbox here keeps deliveries
// the way the store does, by id, keeping the first of any duplicate; the store itself is exercised in
// test/integration/workers.test.ts.
import assert from 'node:assert/strict';
import { DeliveryService, type DeliveryPorts } from '../../../src/watches/deliveries.service';
import type { WatchService } from '../../../src/watches/watches.service';
import type { DeliveryDoc } from '../../../src/catalog/watch.types';

describe('test events', () => {
  it('when two are asked for on one watch in the same millisecond, then each is its own delivery', async () => {
    const stored = new Map<string, DeliveryDoc>();
    const outbox: DeliveryPorts['outbox'] = {
      logOf: async () => [...stored.values()],
      delivery: async (id) => stored.get(id) ?? null,
      requeue: async () => null,
      insertEvents: async () => undefined,
      insertDeliveries: async (docs) => docs.filter((d) => !stored.has(d._id) && stored.set(d._id, d)),
      schedule: async () => undefined,
      log: async () => undefined,
    };
    const watches = { owned: async () => ({ _id: 'wh_1', account_id: 'acct' }) } as unknown as WatchService;
    const clock = () => Date.parse('2026-11-27T14:47:49.218Z');
    const service = new DeliveryService(
      watches,
      { outbox, nudge: () => undefined, manualSends: { hit: async () => ({ allowed: true, retryAfterSeconds: 0 }) } },
      { logRetentionMs: 86_400_000 },
      clock,
    );
    const sent = await Promise.all([service.sendTest('acct', 'wh_1'), service.sendTest('acct', 'wh_1')]);
    assert.notEqual(sent[0].id, sent[1].id);
    assert.notEqual(sent[0].event_id, sent[1].event_id);
    assert.equal(stored.size, 2, 'both are queued');
  });
});
