// `npm start`: local engines up, demo data loaded when the database is empty, then the API in the
// foreground. Ctrl-C (or a failed step) at any point stops what runs, then the engines this command
// started; engines that were already running are left as they were.
import { spawn } from 'node:child_process';
import { up, down } from '../engines/index.mjs';

let started = [];
let child = null;
let stopping = false;

async function finish(code, message) {
  if (stopping) return;
  stopping = true;
  if (message) console.error(`[start] ${message}`);
  child?.kill('SIGTERM');
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

try {
  started = await up();
} catch (err) {
  await finish(1, err.message);
}
if (!stopping) {
  const seeded = await runNode(['dist/src/cli/seed.js', '--if-empty']);
  if (seeded !== 0) await finish(seeded, 'loading the demo data failed; the engines this command started are stopped');
}
if (!stopping) {
  const code = await runNode(['dist/src/main.js']);
  await finish(code);
}
