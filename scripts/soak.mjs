// `npm run test:soak [-- --minutes 10 --rate 40]`: local engines up, the soak run (its own gateway
// process under a steady rate), then the engines this command started are stopped again.
import { spawnSync } from 'node:child_process';
import { up, down, ENGINES, urlOf } from '../engines/index.mjs';

const started = await up().catch((err) => {
  console.error(`[soak] ${err.message}`);
  process.exit(1);
});
const env = { ...process.env, NODE_ENV: 'test' };
for (const engine of ENGINES) env[engine.urlVar] = urlOf(engine);
const res = spawnSync(process.execPath, ['dist/test/soak/soak.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
await down(started);
process.exit(res.status ?? 1);
