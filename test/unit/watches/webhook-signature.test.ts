// Our signatures as a receiver checks them: with the `standardwebhooks` library, not our own code.
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { SecretBox, newWebhookSecret, signatureHeaders } from '../../../src/watches/webhook-signature';
import { isPublicAddress, whyNotPublic } from '../../../src/adapters/outbound/address-policy';

describe('webhook signatures (Standard Webhooks)', () => {
  const body = JSON.stringify({ type: 'product.revised', data: { product_id: 'x', revision: 2 } });
  const now = () => Math.floor(Date.now() / 1000);

  it('when a delivery is signed, then the library verifies it; a forged body, signature or stale timestamp it rejects', () => {
    const secret = newWebhookSecret();
    const headers = signatureHeaders('msg_1', now(), body, [secret]);
    assert.deepEqual(new Webhook(secret).verify(body, headers), JSON.parse(body));
    assert.throws(() => new Webhook(secret).verify(body.replace('2', '3'), headers));
    assert.throws(() => new Webhook(newWebhookSecret()).verify(body, headers), 'another secret');
    const stale = signatureHeaders('msg_1', now() - 10 * 60, body, [secret]);
    assert.throws(() => new Webhook(secret).verify(body, stale), /timestamp/i);
  });

  it('when a secret is being rotated, then a delivery carries both signatures and either secret verifies it', () => {
    const [old, fresh] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signatureHeaders('msg_2', now(), body, [fresh, old]);
    assert.equal(headers['webhook-signature'].split(' ').length, 2);
    for (const s of [old, fresh]) assert.ok(new Webhook(s).verify(body, headers));
  });

  it('when a secret is sealed, then only the same key opens it', () => {
    const secret = newWebhookSecret();
    const sealed = new SecretBox('a'.repeat(40)).seal(secret);
    assert.ok(!sealed.includes(secret.slice(6)));
    assert.equal(new SecretBox('a'.repeat(40)).open(sealed), secret);
    assert.equal(new SecretBox('b'.repeat(40)).open(sealed), null);
  });

  it('when addresses are judged, then only public unicast ones pass', () => {
    for (const a of [
      '10.0.0.1',
      '169.254.169.254',
      '127.0.0.1',
      '::1',
      '::ffff:10.0.0.1',
      'fd00::1',
      'fe80::1',
      '100.64.0.1',
      '0.0.0.0',
    ])
      assert.equal(isPublicAddress(a), false, a);
    for (const a of ['1.1.1.1', '2606:4700:4700::1111', '93.184.215.14']) assert.equal(isPublicAddress(a), true, a);
  });

  it('when an IPv4 address is written IPv4-compatible (::/96), then it is refused, and the reason says so', () => {
    for (const a of ['::10.0.0.1', '::a00:1', '::7f00:1', '::169.254.169.254', '::1.1.1.1'])
      assert.equal(isPublicAddress(a), false, a);
    assert.match(whyNotPublic('::a9fe:a9fe'), /IPv4-compatible/);
  });
});
