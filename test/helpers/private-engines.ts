// Private, throwaway engine processes for tests that stop an engine: the shared ones keep serving
// every other test. Elasticsearch is too heavy to run twice, so its tests cut the path to it with a
// TCP proxy instead (the engine itself is real either way).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { Transform } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import { FERRETDB_BIN } from './engines';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`);
}

/** An engine process that can be stopped and started again on the same port. */
export class PrivateEngine {
  private child?: ChildProcess;
  private readonly dir = mkdtempSync(path.join(os.tmpdir(), 'pds-engine-'));

  private constructor(
    readonly kind: 'redis' | 'ferretdb',
    readonly port: number,
  ) {}

  static async create(kind: 'redis' | 'ferretdb'): Promise<PrivateEngine> {
    const engine = new PrivateEngine(kind, await freePort());
    await engine.start();
    return engine;
  }

  get url(): string {
    return this.kind === 'redis' ? `redis://127.0.0.1:${this.port}` : `mongodb://127.0.0.1:${this.port}/pds_private`;
  }

  async start(): Promise<void> {
    const [cmd, args] =
      this.kind === 'redis'
        ? [
            'redis-server',
            ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir],
          ]
        : [
            FERRETDB_BIN,
            [
              '--handler=sqlite',
              `--sqlite-url=file:${this.dir}/?_pragma=synchronous(normal)`,
              `--state-dir=${this.dir}`,
              `--listen-addr=127.0.0.1:${this.port}`,
              '--debug-addr=127.0.0.1:0',
              '--telemetry=disable',
              '--log-level=ERROR',
            ],
          ];
    this.child = spawn(cmd, args, { stdio: 'ignore' });
    await waitForPort(this.port, 15000);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A TCP proxy to a real engine that can cut every connection and refuse new ones, then resume. */
export class CuttableProxy {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  /** Stalled: connections are accepted and never answered, as from an engine that hangs. */
  private stalled = false;
  /** Added to every chunk, each way, in order: a slow network or a busy engine. */
  private latencyMs = 0;

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async create(targetUrl: string): Promise<CuttableProxy> {
    const u = new URL(targetUrl);
    const proxy = new CuttableProxy(await freePort(), { host: u.hostname, port: Number(u.port) });
    await proxy.resume();
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The same target URL with its host and port replaced by this proxy's. */
  via(targetUrl: string): string {
    return targetUrl.replace(/\/\/[^/]+/, `//127.0.0.1:${this.port}`);
  }

  private track(s: net.Socket): void {
    this.sockets.add(s);
    s.on('close', () => this.sockets.delete(s));
    s.on('error', () => s.destroy());
  }

  async resume(): Promise<void> {
    this.stalled = false;
    if (this.server?.listening) return;
    this.server = net.createServer((client) => {
      this.track(client);
      if (this.stalled) return;
      const upstream = net.connect(this.target.port, this.target.host);
      this.track(upstream);
      client.pipe(this.delayed()).pipe(upstream).pipe(this.delayed()).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', () => resolve()));
  }

  /** Every chunk from now on arrives `ms` later, each way, in order; chunks do not wait for each other (0: as fast as the network). */
  slow(ms: number): void {
    this.latencyMs = ms;
  }

  private delayed(): Transform {
    const latency = () => this.latencyMs;
    // Timers of one delay fire in the order they were set, so the bytes keep their order.
    return new Transform({
      transform(chunk, _encoding, done) {
        done();
        setTimeout(() => this.push(chunk), latency());
      },
    });
  }

  /** Drops every connection and refuses new ones, as when the engine's process is gone. */
  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) =>
      this.server?.listening ? this.server.close(() => resolve()) : resolve(),
    );
    for (const s of this.sockets) s.destroy();
    await closed;
  }

  /** Drops every connection; new ones are accepted and never answered. */
  stall(): void {
    this.stalled = true;
    for (const s of this.sockets) s.destroy();
  }
}
