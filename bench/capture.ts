// A recording HTTP proxy in front of Elasticsearch: the gateway is pointed at it once per query of
// the mix, so the raw-Elasticsearch side of the benchmark replays exactly the bodies it sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Captured {
  readonly method: string;
  readonly path: string;
  readonly body: string;
}

export async function startCapture(
  target: string,
): Promise<{ url: string; taken: Captured[]; close(): Promise<void> }> {
  const taken: Captured[] = [];
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      taken.push({ method: req.method!, path: req.url!, body: body.toString('utf8') });
      const fwd = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (up) => {
          res.writeHead(up.statusCode!, up.headers);
          up.pipe(res);
        },
      );
      fwd.on('error', () => res.destroy());
      fwd.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    taken,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export interface RawSearch {
  readonly method: 'POST';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * Sends each gateway URL once through a gateway whose Elasticsearch is `capture` (with its read cache
 * off, or a repeated URL would make no call), and keeps the one search body each made. A search that
 * makes more than one call (one that finds nothing asks the suggesters; one whose understood reading
 * finds nothing is relaxed and asked again) has no one-body raw equivalent, so it is left out and named.
 */
export async function captureSearches(
  capture: { taken: Captured[] },
  gateway: string,
  key: string,
  urls: Iterable<string>,
): Promise<{ urls: string[]; bodies: RawSearch[]; leftOut: string[] }> {
  const kept: string[] = [];
  const bodies: RawSearch[] = [];
  const leftOut: string[] = [];
  for (const url of urls) {
    const before = capture.taken.length;
    const res = await fetch(`${gateway}${url}`, { headers: { authorization: `Bearer ${key}` } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    const searches = capture.taken.slice(before).filter((c) => c.path.includes('/_search'));
    if (searches.length > 1) {
      leftOut.push(url);
      continue;
    }
    if (searches.length !== 1) throw new Error(`${url} made no search`);
    kept.push(url);
    bodies.push({
      method: 'POST',
      path: searches[0].path,
      headers: { 'content-type': 'application/json' },
      body: searches[0].body,
    });
  }
  return { urls: kept, bodies, leftOut };
}
