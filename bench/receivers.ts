// The two webhook receivers the fairness and two-tenant benches send to: one answers 204 at once and
// says when a delivery (by its webhook-id) arrived; the other accepts every request and never answers.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export function receivers() {
  const waiting = new Map<string, () => void>();
  const arrived = new Set<string>();
  const healthy = http.createServer((req, res) => {
    req.resume().on('end', () => {
      const id = String(req.headers['webhook-id']);
      arrived.add(id);
      waiting.get(id)?.();
      res.writeHead(204).end();
    });
  });
  const sockets = new Set<Socket>();
  const silent = http.createServer(() => undefined);
  silent.on('connection', (s: Socket) => {
    sockets.add(s);
  });
  // A delivery can arrive before its request's answer does.
  const arrival = (id: string) =>
    new Promise<void>((resolve) => (arrived.has(id) ? resolve() : waiting.set(id, resolve)));
  const close = () => {
    for (const s of sockets) s.destroy();
    healthy.close();
    silent.close();
  };
  return { healthy, silent, arrival, close };
}

export const listen = async (server: http.Server) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
