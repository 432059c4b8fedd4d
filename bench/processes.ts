// The processes a benchmark drives: a gateway instance (the real entry point, its own process),
// load runs, and sampling of a process's resident memory from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, openSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LoadPlan, LoadResult } from './load';

export const ROOT = path.resolve(__dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Gateway {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/** The Node binary a gateway runs on, and its flags (e.g. --cpu-prof). */
export interface Runtime {
  readonly node: string;
  readonly args: readonly string[];
}

/** Starts `node dist/src/main.js` with `env` on a free port; resolves once /healthz answers. */
export async function startGateway(
  env: Record<string, string>,
  logFile: string,
  runtime: Runtime = { node: process.execPath, args: [] },
): Promise<Gateway> {
  const port = await freePort();
  const out = openSync(logFile, 'a');
  const child: ChildProcess = spawn(runtime.node, [...runtime.args, path.join(ROOT, 'dist/src/main.js')], {
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', out, out],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the gateway exited with ${child.exitCode}; see ${logFile}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 200) throw new Error('the gateway did not start within 20 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) =>
        child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')),
      ),
  };
}

/** One autocannon run in a child process; async, so this process keeps sampling meanwhile. */
export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'pds-bench-')), 'plan.json');
  writeFileSync(file, JSON.stringify(plan));
  const child = spawn(process.execPath, [path.join(__dirname, 'load.js'), file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`load run failed: ${stderr}`);
  return JSON.parse(stdout.trim().split('\n').pop()!) as LoadResult;
}

/** A memory field of /proc/<pid>/status (VmRSS, VmHWM...), in MB. */
export function procStatusMb(pid: number, field: string): number {
  return (
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
  );
}

/** Samples VmRSS of `pid` every `everyMs`; stop() gives the samples (MB) and the kernel's peak (VmHWM). */
export function sampleRss(pid: number, everyMs = 250): { stop(): { samples: number[]; peakMb: number } } {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(procStatusMb(pid, 'VmRSS')), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { samples, peakMb: procStatusMb(pid, 'VmHWM') };
    },
  };
}

export const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
