// The processes a benchmark drives: a gateway instance (the real entry point, its own process),
// load runs, and sampling of a process's resident memory from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, openSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LoadPlan, LoadResult } from './load';
import { childrenCpuMs, processTree } from './cpu';

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
  const from = statSync(logFile).size;
  const child: ChildProcess = spawn(runtime.node, [...runtime.args, path.join(ROOT, 'dist/src/main.js')], {
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', out, out],
  });
  const url = `http://127.0.0.1:${port}`;
  // Ready once it answers and, with several workers, once all of them listen (the primary says so).
  const allListen = () => {
    const said = readFileSync(logFile, 'utf8').slice(from);
    return !said.includes('"starting workers"') || said.includes('"workers listening"');
  };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the gateway exited with ${child.exitCode}; see ${logFile}`);
    if (
      allListen() &&
      (await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      break;
    if (i > 600) {
      child.kill('SIGTERM');
      throw new Error(`the gateway did not start within 60 s; see ${logFile}`);
    }
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

/** The load generators a row is measured with: autocannon (Node) and wrk (C, one thread). */
export type Generator = 'autocannon' | 'wrk';
export const GENERATORS: readonly Generator[] = ['autocannon', 'wrk'];

/**
 * One load run in a child process (async, so this process keeps sampling meanwhile), through a
 * shell that prints its own /proc stat once the generator has exited: the stat's children's times
 * are the generator's CPU. `wrk` is the binary's path (tools/wrk.mjs installs it).
 */
export async function runLoad(
  plan: LoadPlan,
  generator: Generator = 'autocannon',
  wrk = '/usr/bin/wrk',
): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pds-bench-'));
  const file = path.join(dir, 'plan.json');
  writeFileSync(file, JSON.stringify(plan));
  const command =
    generator === 'autocannon'
      ? [process.execPath, path.join(__dirname, 'load.js'), file]
      : [
          wrk,
          '-t1',
          `-c${plan.connections}`,
          `-d${plan.durationSeconds}s`,
          '--timeout',
          '10s',
          '-s',
          path.join(ROOT, 'bench', 'wrk.lua'),
          plan.url,
        ];
  const requests = path.join(dir, 'requests.tsv');
  writeFileSync(
    requests,
    plan.requests
      .map((r) =>
        [
          r.method,
          r.path,
          Object.entries(r.headers ?? {})
            .map(([k, v]) => `${k}:${v}`)
            .join(';'),
          r.body ?? '',
        ].join('\t'),
      )
      .join('\n'),
  );
  const child = spawn('sh', ['-c', '"$0" "$@"; code=$?; echo; cat /proc/$$/stat; exit $code', ...command], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PLAN_REQUESTS: requests },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${generator} run failed: ${stderr}${stdout}`);
  const lines = stdout.trim().split('\n');
  const generatorCpuMs = childrenCpuMs(lines.pop()!);
  const json = JSON.parse(lines.filter((l) => l.startsWith('{')).pop()!) as Record<string, number>;
  if (generator === 'autocannon') return { ...(json as unknown as LoadResult), generatorCpuMs };
  const seconds = json.durationUs / 1e6;
  return {
    rps: json.requests / seconds,
    p50: json.p50Us / 1000,
    p99: json.p99Us / 1000,
    requests: json.requests,
    non2xx: json.non2xx,
    errors: json.errors,
    generatorCpuMs,
  };
}

/** A memory field of /proc/<pid>/status (VmRSS, VmHWM...), in MB. */
export function procStatusMb(pid: number, field: string): number {
  return (
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
  );
}

/**
 * Samples VmRSS of `pid` and its workers, summed, every `everyMs`; stop() gives the samples (MB) and
 * the sum of the kernel's peaks (VmHWM), which bounds the whole gateway's peak from above.
 */
export function sampleRss(pid: number, everyMs = 250): { stop(): { samples: number[]; peakMb: number } } {
  const samples: number[] = [];
  const sum = (field: string) => processTree(pid).reduce((total, p) => total + procStatusMb(p, field), 0);
  const timer = setInterval(() => samples.push(sum('VmRSS')), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { samples, peakMb: sum('VmHWM') };
    },
  };
}

export const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The sample at rank q (0 to 1) of `xs`, nearest-rank. */
export const percentile = (xs: readonly number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};
