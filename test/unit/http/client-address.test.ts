import assert from 'node:assert/strict';
import { addressKey, networkKey } from '../../../src/http/client-address';

describe('client address key of per-address limits', () => {
  it('when the address is IPv6, then its /64 is the key, however the address is written', () => {
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff::7',
      '2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd',
      '2001:DB8:1:2::1%eth0',
      '2001:db8:1:2:0:0:1.2.3.4',
    ]) {
      assert.equal(addressKey(ip), '2001:db8:1:2::/64', ip);
    }
    assert.equal(addressKey('2001:db8:1:3::1'), '2001:db8:1:3::/64');
    assert.equal(addressKey('::1'), '0:0:0:0::/64');
    assert.equal(addressKey('fe80::1'), 'fe80:0:0:0::/64');
  });

  it('when the address is IPv4, or IPv4 mapped into IPv6, then the IPv4 address itself is the key', () => {
    assert.equal(addressKey('203.0.113.9'), '203.0.113.9');
    assert.equal(addressKey('::ffff:203.0.113.9'), '203.0.113.9');
    assert.equal(addressKey('::FFFF:127.0.0.1'), '127.0.0.1');
  });

  it('when registrations are counted, then an IPv4 client counts its /24 and an IPv6 client its /64', () => {
    for (const ip of ['203.0.113.9', '203.0.113.200', '::ffff:203.0.113.1'])
      assert.equal(networkKey(ip), '203.0.113.0/24', ip);
    assert.equal(networkKey('203.0.114.9'), '203.0.114.0/24');
    assert.equal(networkKey('2001:db8:1:2:ffff::7'), '2001:db8:1:2::/64');
  });
});
