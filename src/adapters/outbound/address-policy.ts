// Which addresses a webhook may be sent to: public unicast only. A table with a reason per entry, so
// a reviewer can see why each range is refused; checked after DNS resolution, on every address a
// name resolves to (one private answer refuses the name: a rebinding resolver picks which one we get).
import { BlockList, isIP } from 'node:net';

const NOT_PUBLIC: readonly { readonly net: string; readonly prefix: number; readonly why: string }[] = [
  { net: '0.0.0.0', prefix: 8, why: '"this network"; 0.0.0.0 reaches the local host' },
  { net: '10.0.0.0', prefix: 8, why: 'private (RFC 1918)' },
  { net: '100.64.0.0', prefix: 10, why: 'carrier-grade NAT, inside a provider' },
  { net: '127.0.0.0', prefix: 8, why: 'loopback' },
  { net: '169.254.0.0', prefix: 16, why: 'link-local; cloud metadata services live here' },
  { net: '172.16.0.0', prefix: 12, why: 'private (RFC 1918)' },
  { net: '192.0.0.0', prefix: 24, why: 'IETF protocol assignments' },
  { net: '192.0.2.0', prefix: 24, why: 'documentation (TEST-NET-1)' },
  { net: '192.88.99.0', prefix: 24, why: '6to4 relay anycast, deprecated' },
  { net: '192.168.0.0', prefix: 16, why: 'private (RFC 1918)' },
  { net: '198.18.0.0', prefix: 15, why: 'benchmarking' },
  { net: '198.51.100.0', prefix: 24, why: 'documentation (TEST-NET-2)' },
  { net: '203.0.113.0', prefix: 24, why: 'documentation (TEST-NET-3)' },
  { net: '224.0.0.0', prefix: 4, why: 'multicast' },
  { net: '240.0.0.0', prefix: 4, why: 'reserved, and the broadcast address' },
  { net: '::', prefix: 128, why: 'unspecified' },
  { net: '::1', prefix: 128, why: 'loopback' },
  { net: '::', prefix: 96, why: 'IPv4-compatible IPv6, deprecated: embeds any IPv4 address, private ones too' },
  { net: '64:ff9b::', prefix: 96, why: 'NAT64: may embed any IPv4 address, private ones too' },
  { net: '64:ff9b:1::', prefix: 48, why: 'local-use NAT64' },
  { net: '100::', prefix: 64, why: 'discard-only' },
  { net: '2001::', prefix: 23, why: 'IETF protocol assignments (Teredo among them)' },
  { net: '2001:db8::', prefix: 32, why: 'documentation' },
  { net: '2002::', prefix: 16, why: '6to4: embeds an IPv4 address' },
  { net: 'fc00::', prefix: 7, why: 'unique local (private)' },
  { net: 'fe80::', prefix: 10, why: 'link-local' },
  { net: 'fec0::', prefix: 10, why: 'site-local, deprecated' },
  { net: 'ff00::', prefix: 8, why: 'multicast' },
];

const LOOPBACK: readonly { readonly net: string; readonly prefix: number }[] = [
  { net: '127.0.0.0', prefix: 8 },
  { net: '::1', prefix: 128 },
];

function blockList(entries: readonly { net: string; prefix: number }[]): BlockList {
  const list = new BlockList();
  for (const e of entries) list.addSubnet(e.net, e.prefix, isIP(e.net) === 6 ? 'ipv6' : 'ipv4');
  return list;
}

const notPublic = blockList(NOT_PUBLIC);
const loopback = blockList(LOOPBACK);

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it is. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function isPublicAddress(address: string): boolean {
  const a = unmapped(address);
  // ::ffff:0:0/96 written in hex (::ffff:a00:1) is still a mapped IPv4 address: not public as such.
  if (a.family === 'ipv6' && /^::ffff:/i.test(a.address)) return false;
  return !notPublic.check(a.address, a.family);
}

export function isLoopbackAddress(address: string): boolean {
  const a = unmapped(address);
  return loopback.check(a.address, a.family);
}

/** Why an address is refused, for the delivery log and the 400 at creation. */
export function whyNotPublic(address: string): string {
  const a = unmapped(address);
  const hit = NOT_PUBLIC.find((e) => {
    const one = new BlockList();
    one.addSubnet(e.net, e.prefix, isIP(e.net) === 6 ? 'ipv6' : 'ipv4');
    return one.check(a.address, a.family);
  });
  return hit ? `${address} is ${hit.why}` : `${address} is not a public unicast address`;
}
