// `npm test`: the linter, formatter check and floors (scripts/lint.mjs; any finding fails), then Chromium installed and local engines up, every test (unit, integration, API and the
// browser test of /docs), then the engines this command started are stopped again. Arguments after `--` go to mocha.
// TEST_NODE=24 runs mocha (and the services the tests start) on that Node, installed by tools/node.mjs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { up, down, ENGINES, urlOf } from '../engines/index.mjs';
import { ensureChromium, CHROMIUM } from '../tools/chromium.mjs';
import { ensureSchemathesis, SCHEMATHESIS } from '../tools/schemathesis.mjs';
import { ensurePvlib, PVLIB_PYTHON } from '../tools/pvlib.mjs';
import { ferretdb } from '../engines/ferretdb.mjs';
import { redis } from '../engines/redis.mjs';
import { lintAll } from './lint.mjs';
import { ROOT } from '../engines/util.mjs';
import { ensureNode } from '../tools/node.mjs';

if ((await lintAll()) !== 0) {
  console.error('[test] lint failed; fix the findings above (npm run lint)');
  process.exit(1);
}

let started = [];
let node = process.execPath;
try {
  if (process.env.TEST_NODE) node = await ensureNode(process.env.TEST_NODE);
  // The fault tests run private FerretDB and Redis processes of their own: their binaries are needed
  // even where the shared engines already answer (and up() then installs nothing).
  await Promise.all([ensureChromium(), ensureSchemathesis(), ensurePvlib(), ferretdb.install(), redis.install()]);
  started = await up();
} catch (err) {
  console.error(`[test] ${err.message}`);
  process.exit(1);
}
const env = { ...process.env, NODE_ENV: 'test', CHROMIUM_PATH: CHROMIUM, SCHEMATHESIS_BIN: SCHEMATHESIS, PVLIB_PYTHON };
for (const engine of ENGINES) env[engine.urlVar] = urlOf(engine);
const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
console.error(`[test] mocha on Node ${version}`);
const mocha = path.join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');
const res = spawnSync(node, [mocha, ...process.argv.slice(2)], { stdio: 'inherit', env, cwd: ROOT });
await down(started);
process.exit(res.status ?? 1);
