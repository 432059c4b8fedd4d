// A recording HTTP proxy in front of Elasticsearch: the gateway is pointed at it once per query of
// the mix, so the raw-Elasticsearch side of the benchmark replays exactly the bodies it sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Captured {
  readonly method: string;
  readonly path: string;
  readonly body: string;
}

export async function startCapture(target: string): Promise<{ url: string; taken: Captured[]; close(): Promise<void> }> {
  const taken: Captured[] = [];
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      taken.push({ method: req.method!, path: req.url!, body: body.toString('utf8') });
      const fwd = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } }, (up) => {
        res.writeHead(up.statusCode!, up.headers);
        up.pipe(res);
      });
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
