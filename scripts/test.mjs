// `npm test`: the linter, formatter check and floors (scripts/lint.mjs; any finding fails), then Chromium installed and local engines up, every test (unit, integration, API and the
// browser test of /docs), then the engines this command started are stopped again. Arguments after `--` go to mocha.
// TEST_NODE=24 runs mocha (and the services the tests start) on that Node, installed by tools/node.mjs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { existsSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import { up, down, ENGINES, urlOf } from '../engines/index.mjs';
import { ensureChromium, CHROMIUM } from '../tools/chromium.mjs';
import { ensureSchemathesis, SCHEMATHESIS } from '../tools/schemathesis.mjs';
import { ensurePvlib, PVLIB_PYTHON } from '../tools/pvlib.mjs';
import { ferretdb } from '../engines/ferretdb.mjs';
import { redis } from '../engines/redis.mjs';
import { lintAll } from './lint.mjs';
import { ROOT } from '../engines/util.mjs';
import { ensureNode } from '../tools/node.mjs';

const phases = [];
let phaseStart = Date.now();
/** Closes the phase that ran since the last call, for the summary printed at the end. */
function phase(name) {
  const now = Date.now();
  phases.push([name, (now - phaseStart) / 1000]);
  phaseStart = now;
}

if ((await lintAll()) !== 0) {
  console.error('[test] lint failed; fix the findings above (npm run lint)');
  process.exit(1);
}

phase('lint, formatter and floors');
let started = [];
let node = process.execPath;
try {
  if (process.env.TEST_NODE) node = await ensureNode(process.env.TEST_NODE);
  // The fault tests run private FerretDB and Redis processes of their own: their binaries are needed
  // even where the shared engines already answer (and up() then installs nothing).
  await Promise.all([ensureChromium(), ensureSchemathesis(), ensurePvlib(), ferretdb.install(), redis.install()]);
  phase('tools (Node, Chromium, schemathesis, pvlib, engine binaries)');
  started = await up();
  phase('engines up');
} catch (err) {
  console.error(`[test] ${err.message}`);
  process.exit(1);
}
const timings = path.join(ROOT, 'test-artifacts', 'timings.json');
mkdirSync(path.dirname(timings), { recursive: true });
rmSync(timings, { force: true });
const env = {
  ...process.env,
  NODE_ENV: 'test',
  CHROMIUM_PATH: CHROMIUM,
  SCHEMATHESIS_BIN: SCHEMATHESIS,
  PVLIB_PYTHON,
  TEST_TIMINGS_FILE: timings,
};
for (const engine of ENGINES) env[engine.urlVar] = urlOf(engine);
const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
console.error(`[test] mocha on Node ${version}`);
const mocha = path.join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');
const res = spawnSync(node, [mocha, ...mochaArgs(process.argv.slice(2))], { stdio: 'inherit', env, cwd: ROOT });
phase('mocha');
await down(started);
phase('engines down');
printPhases();
process.exit(res.status ?? 1);

/**
 * Mocha adds the config file's `spec` to the files named on the command line, so `npm test -- one.test.js`
 * would run everything: when test files are named, the config's other settings are passed instead.
 */
function mochaArgs(args) {
  if (!args.some((arg) => arg.endsWith('.test.js')) || args.includes('--config')) return args;
  const config = JSON.parse(readFileSync(path.join(ROOT, '.mocharc.json'), 'utf8'));
  const settings = ['--no-config', '--timeout', String(config.timeout), '--reporter', config.reporter];
  for (const file of config.require) settings.push('--require', file);
  if (config.exit) settings.push('--exit');
  return [...settings, ...args];
}

function printPhases() {
  const rows = phases.map(([name, seconds]) => `  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  if (existsSync(timings)) {
    const { folders, fullCatalogSeedSeconds } = JSON.parse(readFileSync(timings, 'utf8'));
    if (fullCatalogSeedSeconds !== undefined)
      rows.push(`  ${fullCatalogSeedSeconds.toFixed(1).padStart(7)} s    of which seeding the full catalog`);
    for (const [folder, seconds] of Object.entries(folders).sort((a, b) => b[1] - a[1])) {
      rows.push(`  ${seconds.toFixed(1).padStart(7)} s    of which ${folder}`);
    }
  }
  console.error(`[test] time by phase (before it: npm's pretest, install and compile)\n${rows.join('\n')}`);
}
