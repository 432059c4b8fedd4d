// The key a per-address limit counts under. An IPv6 client usually holds a whole /64 (one
// customer's prefix), so counting single IPv6 addresses would give it 2^64 fresh budgets: every
// per-address throttle counts the /64 instead. IPv4, and IPv4 mapped into IPv6, count as themselves.
import { isIPv4, isIPv6 } from 'node:net';

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

export function addressKey(ip: string): string {
  const bare = ip.split('%')[0];
  const mapped = MAPPED_V4.exec(bare);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(bare)) return bare;
  const [head, tail = ''] = bare.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = bare.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  // An embedded dotted IPv4 tail takes two groups' room; only the first four groups matter here.
  const width = right.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - width)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The key registrations are counted under: a whole network a client may hop within, since each new
 * account brings its signup credits. IPv4 counts its /24 (one host usually has a block of neighbours
 * to hand), IPv6 its /64 as every per-address limit does.
 */
export function networkKey(ip: string): string {
  const key = addressKey(ip);
  return isIPv4(key) ? `${key.split('.').slice(0, 3).join('.')}.0/24` : key;
}
