// The key lookup's memory in one instance: bounded however many keys are used against it, the
// least recently used forgotten first (and read again from the store when it comes back).
import assert from 'node:assert/strict';
import { KeyService, KEYS_REMEMBERED, type KeyPorts } from '../../../src/keys/keys.service';
import type { ApiKeyDoc } from '../../../src/catalog/api-key.types';

/** Keys in memory, counting the store's reads by id (this unit's port, not a proof of the store). */
function store() {
  const keys = new Map<string, ApiKeyDoc>();
  const reads = new Map<string, number>();
  const ports: KeyPorts = {
    turns: { run: (_name, work) => work() },
    keys: {
      insert: async (k) => void keys.set(k._id, k),
      findById: async (id) => {
        reads.set(id, (reads.get(id) ?? 0) + 1);
        return keys.get(id) ?? null;
      },
      listByAccount: async (account) => [...keys.values()].filter((k) => k.account_id === account),
      revoke: async () => undefined,
      touch: async () => undefined,
      remove: async () => undefined,
    },
  };
  return { ports, reads };
}

describe('keys: the lookup memory of one instance', function () {
  // Ten thousand keys made and used: a few seconds on a shared machine.
  this.timeout(60000);
  it('when more keys are used than it remembers, then the least recently used is read from the store again, and a recent one is not', async () => {
    const { ports, reads } = store();
    const service = new KeyService(ports, { cacheTtlMs: 3_600_000, maxLiveKeys: Infinity, idempotencySecret: 'test' });
    const secrets: { id: string; secret: string }[] = [];
    for (let i = 0; i <= KEYS_REMEMBERED; i++) {
      const { key: made } = await service.create(`account-${i}`, { name: 'k', scopes: ['products:read'] });
      secrets.push({ id: made.id, secret: made.secret });
      await service.authenticate(made.secret);
    }
    const first = secrets[0];
    const last = secrets[secrets.length - 1];
    assert.equal(reads.get(first.id), 1);
    await service.authenticate(last.secret);
    assert.equal(reads.get(last.id), 1, 'the most recent key is served from memory');
    await service.authenticate(first.secret);
    assert.equal(reads.get(first.id), 2, 'the oldest was forgotten, so it is read again');
  });
});
