// The Python references (pvlib, hplib) the design tests check the service against: one of
// test/pvlib's scripts, fed JSON on stdin with the source files beside it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ENGINES_DIR, ROOT } from './engines';

export const PYTHON = process.env.PVLIB_PYTHON || path.join(ENGINES_DIR, 'pvlib', '0.16.1', 'bin', 'python');

/** Runs test/pvlib/`script` on `cases`; resolves to its `results`. */
export function referenceScript<R>(script: string, cases: unknown[]): Promise<R[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, [path.join(ROOT, 'test', 'pvlib', script)]);
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out).results)
        : reject(new Error(`${script} exited ${code}: ${err.slice(-3000)}`)),
    );
    child.stdin.end(JSON.stringify({ sources: path.join(ROOT, 'seed', 'sources'), cases }));
  });
}

/** Runs `work` over `items`, `width` at a time, in order. */
export async function pooled<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]);
      }
    }),
  );
  return out;
}

/** |ours − theirs| relative to theirs (absolute where theirs is 0). */
export function relativeDifference(ours: number, theirs: number): number {
  return theirs === 0 ? Math.abs(ours) : Math.abs(ours - theirs) / Math.abs(theirs);
}
