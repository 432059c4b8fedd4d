// Redis from Debian's packages: shared rate-limit state for every instance of the service.
import path from 'node:path';
import {
  CACHE,
  ensureDir,
  run,
  commandExists,
  tcpExchange,
  readPid,
  alive,
  stopPid,
  waitUntil,
  hostPort,
  isLoopback,
  aptInstall,
} from './util.mjs';

const dir = path.join(CACHE, 'redis');
const pidFile = path.join(dir, 'redis.pid');

export const redis = {
  name: 'redis',
  urlVar: 'REDIS_URL',
  defaultUrl: 'redis://127.0.0.1:6379',
  logFile: path.join(dir, 'redis.log'),

  async answers(url) {
    const { host, port } = hostPort(url.replace(/^rediss?:/, 'http:'), 6379);
    const reply = await tcpExchange(host, port, 'PING\r\n');
    // An instance that wants a password answers -NOAUTH: it is there all the same.
    return Boolean(reply && /^(\+PONG|-NOAUTH)/.test(reply.toString('utf8')));
  },

  async install() {
    if (!commandExists('redis-server')) await aptInstall('redis-server');
  },

  async start(url) {
    const { host, port } = hostPort(url.replace(/^redis:/, 'http:'), 6379);
    if (!isLoopback(host))
      throw new Error(`REDIS_URL ${url} does not answer, and only a loopback address can be started locally`);
    ensureDir(dir);
    run('redis-server', [
      '--port',
      String(port),
      '--bind',
      host,
      '--daemonize',
      'yes',
      '--pidfile',
      pidFile,
      '--logfile',
      this.logFile,
      '--dir',
      dir,
      // Rate-limit counters are short-lived; persistence would only cost disk writes.
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    const healthy = await waitUntil(() => this.answers(url), 15000);
    if (!healthy) throw new Error(`Redis did not answer within 15 s; read ${this.logFile}`);
  },

  running() {
    const pid = readPid(pidFile);
    return pid !== null && alive(pid);
  },

  async stop() {
    await stopPid(pidFile);
  },
};
