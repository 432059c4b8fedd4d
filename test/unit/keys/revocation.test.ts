// A revocation on one process is seen by every other at once: each trusts a key it cached only
// while the revocation generation it read the key under is current.
import assert from 'node:assert/strict';
import {
  KeyService,
  processRevocations,
  UNCHECKED_TRUST_MS,
  type KeyPorts,
  type Revocations,
} from '../../../src/keys/keys.service';
import type { ApiKeyDoc } from '../../../src/catalog/api-key.types';

/** One store of keys (this unit's port), as the database is one for every process. */
function store() {
  const keys = new Map<string, ApiKeyDoc>();
  let reads = 0;
  const ports = (revocations?: Revocations): KeyPorts => ({
    revocations,
    turns: { run: (_name, work) => work() },
    keys: {
      insert: async (k) => void keys.set(k._id, k),
      findById: async (id) => (reads++, keys.get(id) ?? null),
      listByAccount: async (account) => [...keys.values()].filter((k) => k.account_id === account),
      revoke: async (id, at) => void keys.set(id, { ...keys.get(id)!, revoked_at: at }),
      touch: async () => undefined,
      remove: async () => undefined,
    },
  });
  return { ports, reads: () => reads };
}

const OPTIONS = { cacheTtlMs: 30_000, maxLiveKeys: 10, idempotencySecret: 'test' };
const status = (service: KeyService, secret: string) =>
  service.authenticate(secret).then(
    () => 200,
    (err: { status: number }) => err.status,
  );

describe('keys: a revocation reaches every process before it answers', () => {
  it('when one process revokes a key the other has cached, then the other refuses it on the very next request', async () => {
    const { ports } = store();
    const shared = processRevocations();
    const [a, b] = [new KeyService(ports(shared), OPTIONS), new KeyService(ports(shared), OPTIONS)];
    const { key } = await a.create('acct', { name: 'k', scopes: ['products:read'] });
    assert.deepEqual([await status(a, key.secret), await status(b, key.secret)], [200, 200]);
    await a.revoke('acct', key.id);
    assert.deepEqual(
      [await status(b, key.secret), await status(a, key.secret), await status(b, key.secret)],
      [401, 401, 401],
    );
  });

  it('when nothing was revoked, then a cached key is not read again', async () => {
    const { ports, reads } = store();
    const service = new KeyService(ports(processRevocations()), OPTIONS);
    const { key } = await service.create('acct', { name: 'k', scopes: ['products:read'] });
    for (let i = 0; i < 5; i++) assert.equal(await status(service, key.secret), 200);
    assert.equal(reads(), 1);
  });

  it(`when the generation cannot be read, then a cached key is trusted for ${UNCHECKED_TRUST_MS} ms at most`, async () => {
    const { ports, reads } = store();
    let clock = 0;
    const away: Revocations = {
      current: () => Promise.reject(new Error('away')),
      bump: () => Promise.reject(new Error('away')),
    };
    const service = new KeyService(ports(away), OPTIONS, () => clock);
    const { key } = await service.create('acct', { name: 'k', scopes: ['products:read'] });
    await status(service, key.secret);
    clock += UNCHECKED_TRUST_MS - 1;
    await status(service, key.secret);
    assert.equal(reads(), 1, 'trusted within the bound');
    clock += 1;
    await status(service, key.secret);
    assert.equal(reads(), 2, 'read again past it');
  });
});
