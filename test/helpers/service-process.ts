// The service as its own process (dist/src/main.js), so a test can read what the operating system
// says of it: its resident memory. Stopped with SIGTERM, as an operator stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ELASTICSEARCH_URL, REDIS_URL } from './engines';
import { logLines } from './log-lines';

export interface ServiceProcess {
  readonly url: string;
  /** The process started and its workers, if it runs several. */
  pids(): number[];
  /**
   * Resident set size now, and its peak since start (VmRSS, VmHWM), in bytes, summed over the
   * process and its workers (the sum of the peaks bounds the whole service's peak from above).
   */
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
    }, 60000);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    child.stdout!.on('data', () => {
      // With several workers, once all of them listen (the primary says so); else the process itself.
      const lines = logLines(out);
      const several = lines.some((l) => l.msg === 'starting workers');
      const at = lines.find((l) => l.msg === (several ? 'workers listening' : 'listening'))?.address;
      if (typeof at === 'string' && !listening) {
        listening = true;
        clearTimeout(timer);
        resolve(at);
      }
    });
  });
  const pids = () => [child.pid!, ...childrenOf(child.pid!)];
  const kib = (pid: number, field: string) =>
    1024 * Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  const sum = (field: string) => pids().reduce((total, pid) => total + kib(pid, field), 0);
  return {
    url: `http://${address}`,
    pids,
    memory: () => ({ rss: sum('VmRSS'), peak: sum('VmHWM') }),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The children of a process (a primary's workers), from /proc. */
export function childrenOf(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return children ? children.split(' ').map(Number) : [];
}
