// `npm start`: local engines up, demo data loaded when the database is empty, then the API in the
// foreground. Ctrl-C stops the API, then the engines this command started.
import { spawn, spawnSync } from 'node:child_process';
import { up, down } from '../engines/index.mjs';

const started = await up().catch((err) => {
  console.error(`[start] ${err.message}`);
  process.exit(1);
});

const seed = spawnSync(process.execPath, ['dist/src/cli/seed.js', '--if-empty'], { stdio: 'inherit' });
if (seed.status !== 0) {
  console.error('[start] loading the demo data failed; the engines stay as they were');
  await down(started);
  process.exit(seed.status ?? 1);
}

const api = spawn(process.execPath, ['dist/src/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', async (code) => {
  await down(started);
  process.exit(code ?? 0);
});
