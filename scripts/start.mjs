// `npm start`: dependencies and compiled code (scripts/prepare.mjs) and the local engines made ready
// side by side, demo data loaded when the database is empty, then the API in the foreground. On a
// fresh machine the two first steps wait on different things (npm's registry and tsc; Maven Central
// and Go's compiler), so side by side they take about the longer of the two. Ctrl-C (or a failed
// step) at any point stops what runs, then the engines this command started; engines that were
// already running are left as they were.
import { spawn } from 'node:child_process';
import { up, down } from '../engines/index.mjs';

let started = [];
let child = null;
let preparing = null;
let stopping = false;

async function finish(code, message) {
  if (stopping) return;
  stopping = true;
  if (message) console.error(`[start] ${message}`);
  child?.kill('SIGTERM');
  preparing?.kill('SIGTERM');
  await down(started);
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // The API drains in-flight requests on SIGTERM and exits; its exit handler then stops the engines.
    if (child && !stopping) child.kill(signal);
    else void finish(130);
  });
}

/** scripts/prepare.mjs (built-ins only, so it runs before node_modules exists); rejects unless it succeeds. */
function prepare() {
  return new Promise((resolve, reject) => {
    preparing = spawn(process.execPath, ['scripts/prepare.mjs'], { stdio: 'inherit' });
    preparing.on('exit', (code, signal) => {
      preparing = null;
      if (code === 0) resolve();
      else reject(new Error(`installing the dependencies or compiling failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** Runs node with args in the foreground; resolves with its exit code. */
function runNode(args) {
  return new Promise((resolve) => {
    child = spawn(process.execPath, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      child = null;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

// Both settle before going on: engines a failed preparation left starting are then stopped too.
const [prepared, engines] = await Promise.allSettled([prepare(), up()]);
if (engines.status === 'fulfilled') started = engines.value;
const failed = [engines, prepared].find((step) => step.status === 'rejected');
if (failed) await finish(1, failed.reason.message);
if (!stopping) {
  // A larger young generation: the seed allocates fast and keeps much of it (the drafts), and with
  // 64 MB semi-spaces its scavenges took 5 s instead of 8 s of the full data's load (2026-11-25).
  const seeded = await runNode(['--max-semi-space-size=64', 'dist/src/cli/seed.js', '--if-empty']);
  if (seeded !== 0) await finish(seeded, 'loading the demo data failed; the engines this command started are stopped');
}
if (!stopping) {
  const code = await runNode(['dist/src/main.js']);
  await finish(code);
}
