// The one way out of the house to a customer's endpoint. The destination is resolved and every
// address it resolves to is checked (public unicast only) before each request, and the connection
// goes to the address that was checked: a name that re-resolves elsewhere between check and
// connect (DNS rebinding) cannot steer it. Redirects are answers like any other (not followed).
import http from 'node:http';
import https from 'node:https';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { isLoopbackAddress, isPublicAddress, whyNotPublic } from './address-policy';

/** Raised when a URL may not be sent to; the message says why, for the caller's 400 or the delivery log. */
export class DestinationRefused extends Error {
  override readonly name = 'DestinationRefused';
}

export interface Destination {
  readonly url: URL;
  readonly address: string;
  readonly family: 4 | 6;
}

export interface OutboundPolicy {
  /** WEBHOOK_ALLOW_HTTP_LOOPBACK: plain http, and loopback addresses, for local development. */
  readonly allowLoopbackHttp: boolean;
}

export async function resolveDestination(raw: string, policy: OutboundPolicy): Promise<Destination> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DestinationRefused('is not a URL');
  }
  if (url.username || url.password) throw new DestinationRefused('must not carry a user name or password');
  const plain = url.protocol === 'http:';
  if (url.protocol !== 'https:' && !(plain && policy.allowLoopbackHttp))
    throw new DestinationRefused(
      policy.allowLoopbackHttp ? 'must be https (or http to a loopback address)' : 'must be an https URL',
    );
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch (err) {
      throw new DestinationRefused(`${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  if (addresses.length === 0) throw new DestinationRefused(`${host} resolves to no address`);
  for (const a of addresses) {
    const loopbackAllowed = policy.allowLoopbackHttp && isLoopbackAddress(a.address);
    if (!isPublicAddress(a.address) && !loopbackAllowed)
      throw new DestinationRefused(`resolves to a non-public address: ${whyNotPublic(a.address)}`);
    if (plain && !loopbackAllowed) throw new DestinationRefused('plain http is allowed to loopback addresses only');
  }
  const first = addresses[0];
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

export interface Answer {
  /** HTTP status, null when none came. */
  readonly status: number | null;
  readonly latencyMs: number;
  /** The first bytes of the answer's body, or what went wrong. */
  readonly excerpt: string;
  /** True when no answer came within the timeout (the endpoint accepted, or not, and kept silent). */
  readonly timedOut?: boolean;
}

const EXCERPT_BYTES = 1024;

/** POSTs `body` to the checked destination; never throws: a failure is an answer without a status. */
export function postTo(dest: Destination, headers: Record<string, string>, body: string, timeoutMs: number) {
  const started = performance.now();
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: dest.address, family: dest.family }]);
    else callback(null, dest.address, dest.family);
  };
  const client = dest.url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve) => {
    let settled = false;
    const finish = (status: number | null, excerpt: string, timedOut = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        status,
        latencyMs: Math.round(performance.now() - started),
        excerpt,
        ...(timedOut ? { timedOut } : {}),
      });
    };
    const req = client.request(
      dest.url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'product-data-service-webhooks/1',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => finish(res.statusCode ?? null, Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString());
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // Enough to show in the log: the rest of a large answer is not read.
          if (size >= EXCERPT_BYTES) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', done);
        res.on('close', done);
      },
    );
    const timer = setTimeout(() => {
      finish(null, `no answer within ${timeoutMs} ms`, true);
      req.destroy();
    }, timeoutMs);
    req.on('error', (err) => finish(null, `connection failed: ${(err as NodeJS.ErrnoException).code ?? err.message}`));
    req.end(body);
  });
}
