// The service as its own process (dist/src/main.js), so a test can read what the operating system
// says of it: its resident memory. Stopped with SIGTERM, as an operator stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ELASTICSEARCH_URL, REDIS_URL } from './engines';
import { logLines } from './log-lines';

export interface ServiceProcess {
  readonly url: string;
  /** Resident set size now, and its peak since start (VmRSS, VmHWM), in bytes. */
  memory(): { rss: number; peak: number };
  stop(): Promise<void>;
}

export async function startServiceProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'dist/src/main.js')], {
    env: { ...process.env, PORT: '0', ELASTICSEARCH_URL, REDIS_URL, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // What it printed until it listens (for the error when it does not); later lines are read and dropped.
  let out = '';
  let listening = false;
  const keep = (c: Buffer) => {
    if (!listening) out += c.toString();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no listening line: ${out}`));
    }, 20000);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    child.stdout!.on('data', () => {
      const at = logLines(out).find((l) => l.msg === 'listening')?.address;
      if (typeof at === 'string' && !listening) {
        listening = true;
        clearTimeout(timer);
        resolve(at);
      }
    });
  });
  const kib = (field: string) =>
    1024 * Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]);
  return {
    url: `http://${address}`,
    memory: () => ({ rss: kib('VmRSS'), peak: kib('VmHWM') }),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
