import assert from 'node:assert/strict';
import { SamLinkService } from '../../../src/interchange/sam-links.service';
import { AppError } from '../../../src/errors/app-error';
import type { SamLinkDoc } from '../../../src/catalog/sam-lists';

function service(now: () => number) {
  const links = new Map<string, SamLinkDoc>();
  const keys = new Map<string, { revoked_at: Date | null; expires_at: Date | null }>([
    ['key_of_acc1_0123456789', { revoked_at: null, expires_at: null }],
  ]);
  const s = new SamLinkService(
    {
      links: {
        insert: async (l) => void links.set(l._id, l),
        get: async (id) => links.get(id) ?? null,
        revoke: async (id, at) => void links.set(id, { ...links.get(id)!, revoked_at: at }),
      },
      keys: { findById: async (id) => keys.get(id) ?? null },
      validate: (_list, query) => ({ ...query }),
    },
    'a-server-secret-of-at-least-32-characters',
    now,
  );
  return { s, links, keys };
}

const code = (expected: string) => (err: unknown) => err instanceof AppError && err.code === expected;

describe('signed SAM links', () => {
  const principal = { id: 'key_of_acc1_0123456789', accountId: 'acc1', scopes: ['products:read' as const] };

  it('when the URL is as made, then it opens for the account that made it; when any part is altered, then it is refused as invalid', async () => {
    const t = Date.now();
    const { s, links } = service(() => t);
    const link = await s.create(principal, { list: 'cec-modules', query: { edition: '2024-11-14' } });
    const url = new URL(`http://x${s.path(link)}`);
    const signature = url.searchParams.get('signature')!;
    assert.equal((await s.open(link._id, signature)).principal.accountId, 'acc1');
    assert.ok(!url.toString().includes('key_of_acc1_0123456789'), 'the key is not in the URL');
    await assert.rejects(s.open(link._id, `${signature.slice(0, -1)}x`), code('SIGNED_URL_INVALID'));
    await assert.rejects(s.open(`${link._id.slice(0, -1)}x`, signature), code('SIGNED_URL_INVALID'));
    // The stored query changed behind the URL's back: the signature no longer covers it.
    links.set(link._id, { ...link, query: { edition: '2019-03-05' } });
    await assert.rejects(s.open(link._id, signature), code('SIGNED_URL_INVALID'));
  });

  it('when the link expired, was revoked, or its key no longer works, then it is refused as gone', async () => {
    let t = Date.now();
    const { s, keys } = service(() => t);
    const link = await s.create(principal, { list: 'cec-modules', expires_in: 60 });
    const signature = s.signature(link);
    t += 61_000;
    await assert.rejects(s.open(link._id, signature), code('SIGNED_URL_EXPIRED'));
    t -= 61_000;
    keys.set('key_of_acc1_0123456789', { revoked_at: new Date(t), expires_at: null });
    await assert.rejects(s.open(link._id, signature), code('SIGNED_URL_REVOKED'));
    keys.set('key_of_acc1_0123456789', { revoked_at: null, expires_at: null });
    await s.revoke('acc1', link._id);
    await assert.rejects(s.open(link._id, signature), code('SIGNED_URL_REVOKED'));
    await assert.rejects(s.revoke('another', link._id), code('NOT_FOUND'));
  });
});
