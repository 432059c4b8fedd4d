// `npm test`: the linter, formatter check and floors (scripts/lint.mjs; any finding fails the run before an engine-backed test
// starts; it runs in a process of its own while Chromium is installed, the local engines come up, the complete catalog is
// prepared and the engine-free unit tests run, none of which it needs), every test (unit, integration, API and the browser test of /docs), then the engines this command started
// are stopped again. Arguments after `--` go to mocha.
// TEST_NODE=24 runs mocha (and the services the tests start) on that Node, installed by tools/node.mjs.
// It first installs and compiles (scripts/prepare.mjs) itself, rather than as npm's `pretest`, so that
// phase is timed with the others.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { readFileSync, readdirSync, rmSync, mkdirSync, createWriteStream, openSync, closeSync } from 'node:fs';
import { up, down, ENGINES, urlOf } from '../engines/index.mjs';
import { ensureChromium, CHROMIUM } from '../tools/chromium.mjs';
import { ensureSchemathesis, SCHEMATHESIS } from '../tools/schemathesis.mjs';
import { ensurePvlib, PVLIB_PYTHON } from '../tools/pvlib.mjs';
import { ferretdb } from '../engines/ferretdb.mjs';
import { redis } from '../engines/redis.mjs';
import { ROOT } from '../engines/util.mjs';
import { ensureNode } from '../tools/node.mjs';
import { needsFullCatalog, plan, specFiles } from './test-plan.mjs';

const phases = [];
let phaseStart = Date.now();
/** Closes the phase that ran since the last call, for the summary printed at the end. */
function phase(name) {
  const now = Date.now();
  phases.push([name, (now - phaseStart) / 1000]);
  phaseStart = now;
}

/** The mocha processes running now. */
const mochas = new Set();
/** Whether the complete catalog stays in the engines for the next run (test/helpers/full-catalog.ts). */
const KEEPS_CATALOG = process.env.TEST_FULL_CATALOG_KEEP !== '0';
const artifacts = path.join(ROOT, 'test-artifacts');
mkdirSync(artifacts, { recursive: true });
// Lint and every test need node_modules and dist/.
if (spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'prepare.mjs')], { stdio: 'inherit' }).status !== 0)
  process.exit(1);
phase('install and compile (npm ci when the lock file is newer, tsc when a source is)');
const linting = lintAside();
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
  linting.child.kill();
  process.exit(1);
}
for (const f of readdirSync(artifacts))
  if (/^(timings|process)-\d+\.(json|log)$/.test(f)) rmSync(path.join(artifacts, f));
/** Where mocha process `i` writes its timings, counts and failures (the timing reporter). */
const timingsOf = (i) => path.join(artifacts, `timings-${i}.json`);
const env = {
  ...process.env,
  NODE_ENV: 'test',
  CHROMIUM_PATH: CHROMIUM,
  SCHEMATHESIS_BIN: SCHEMATHESIS,
  PVLIB_PYTHON,
  TEST_TIMINGS_FILE: timingsOf(0),
};
for (const engine of ENGINES) env[engine.urlVar] = urlOf(engine);
const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
console.error(`[test] mocha on Node ${version}`);
const mocha = path.join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');
const given = process.argv.slice(2);
let failed;
if (namesFiles(given)) {
  await lintPassed();
  failed = !(await runMocha(mochaArgs(given), env)).ok;
} else failed = await runSuite(given);
phase('mocha');
await down(started);
phase('engines down');
printPhases();
process.exit(failed ? 1 : 0);

/**
 * scripts/lint.mjs in a process of its own, its output kept in test-artifacts/lint.log: it needs no
 * engine, tool or catalog, so it runs while they are prepared (about 45 s of the run's start).
 */
function lintAside() {
  const began = Date.now();
  const log = path.join(artifacts, 'lint.log');
  const fd = openSync(log, 'w');
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'lint.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const done = new Promise((resolve) =>
    child.on('close', (code) => resolve({ ok: code === 0, seconds: (Date.now() - began) / 1000, log })),
  );
  return { child, done };
}

/**
 * Waits for the lint, prints what it wrote, and when it found anything stops the unit tests running beside
 * it and the engines this command started, drops the complete catalog it seeded (`preparing`, once
 * prepared, unless kept) and fails the run: no engine-backed test starts.
 */
async function lintPassed(preparing = Promise.resolve(undefined)) {
  const lint = await linting.done;
  process.stderr.write(readFileSync(lint.log, 'utf8'));
  phase(
    `lint, formatter and floors (${lint.seconds.toFixed(1)} s, beside the phases above; this row: the wait after them)`,
  );
  if (lint.ok) return;
  console.error('[test] lint failed; fix the findings above (npm run lint)');
  const catalog = await preparing;
  if (catalog && !KEEPS_CATALOG) dropFullCatalog(catalog.name);
  await failRun();
}

/** Whether test files are named on the command line (then they run in one process, as named). */
function namesFiles(args) {
  return args.some((arg) => arg.endsWith('.test.js')) && !args.includes('--config');
}

/**
 * The whole suite (or a config's, `--config FILE`): the complete catalog prepared once, the groups
 * of scripts/test-plan.mjs at once, then the files that run alone; true when anything failed.
 */
async function runSuite(args) {
  const at = args.indexOf('--config');
  const configFile = at >= 0 ? args[at + 1] : '.mocharc.json';
  const rest = at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : args;
  const { config, files } = specFiles(configFile);
  const runEnv = { ...env };
  const preparing = needsFullCatalog(files) ? prepareFullCatalog() : Promise.resolve(undefined);
  const settings = configSettings(config);
  // The engine-free unit tests run while lint runs and the complete catalog is prepared, not after them;
  // when lint finds anything they are stopped with the run.
  const early = files.filter((file) => file.startsWith('dist/test/unit/'));
  const { groups, alone } = plan(
    files.filter((file) => !early.includes(file)),
    Number(process.env.TEST_PROCESSES || 2),
  );
  const unitRun = early.length
    ? runMocha([...settings, ...rest, ...early], { ...runEnv, TEST_TIMINGS_FILE: timingsOf(groups.length + 1) }, true)
    : undefined;
  await lintPassed(preparing);
  const catalog = await preparing;
  if (catalog) runEnv.TEST_FULL_CATALOG = catalog.name;
  const shared = groups.map((g) => `${g.files.length} (~${Math.round(g.seconds)} s)`).join(' and ');
  console.error(
    `[test] ${files.length} files: ${early.length ? `${early.length} unit files in a process of their own, started beside lint and the catalog; ` : ''}${shared ? `${shared} at once, ` : ''}then ${alone.length} alone`,
  );
  const runs = await Promise.all([
    ...groups.map((g, i) =>
      runMocha([...settings, ...rest, ...g.files], { ...runEnv, TEST_TIMINGS_FILE: timingsOf(i) }, i > 0),
    ),
    ...(unitRun ? [unitRun] : []),
  ]);
  if (alone.length)
    runs.push(
      await runMocha([...settings, ...rest, ...alone], { ...runEnv, TEST_TIMINGS_FILE: timingsOf(groups.length) }),
    );
  if (catalog && !KEEPS_CATALOG) dropFullCatalog(catalog.name);
  summarise(runs.length);
  return runs.some((r) => !r.ok);
}

/**
 * Mocha adds the config file's `spec` to the files named on the command line, so `npm test -- one.test.js`
 * would run everything: when test files are named, the config's other settings are passed instead.
 */
function mochaArgs(args) {
  return [...configSettings(JSON.parse(readFileSync(path.join(ROOT, '.mocharc.json'), 'utf8'))), ...args];
}

/** A mocha config's settings other than `spec`, as arguments. */
function configSettings(config) {
  const settings = ['--no-config', '--timeout', String(config.timeout), '--reporter', config.reporter];
  for (const file of config.require) settings.push('--require', file);
  if (config.exit) settings.push('--exit');
  return settings;
}

/**
 * One mocha process. Its output goes to the terminal as it comes, or with `buffered` to
 * test-artifacts/process-<i>.log, printed when it ends (two processes' lines would interleave).
 */
function runMocha(argv, runEnv, buffered = false) {
  return new Promise((resolve) => {
    const stdio = ['ignore', buffered ? 'pipe' : 'inherit', buffered ? 'pipe' : 'inherit'];
    const child = spawn(node, [mocha, ...argv], { env: runEnv, cwd: ROOT, stdio });
    mochas.add(child);
    const log = runEnv.TEST_TIMINGS_FILE.replace(/timings-(\d+)\.json$/, 'process-$1.log');
    if (buffered) {
      const out = createWriteStream(log);
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    }
    child.on('close', (code) => {
      mochas.delete(child);
      if (buffered)
        process.stdout.write(
          `\n[test] the output of a process that ran beside the one above (${path.relative(ROOT, log)}):\n${readFileSync(log, 'utf8')}`,
        );
      resolve({ ok: code === 0 });
    });
  });
}

/**
 * Seeds the complete catalog once for every process of the run (or finds the kept one), in a child
 * process: lint and the unit tests run meanwhile. Resolves to `{ name, seconds }`.
 */
function prepareFullCatalog() {
  const script = path.join(ROOT, 'dist/test/helpers/prepare-full-catalog.js');
  const began = Date.now();
  const child = spawn(node, [script], { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (err += c));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      if (code !== 0) {
        console.error(`[test] the complete catalog could not be prepared:\n${err}`);
        void failRun();
        return;
      }
      const prepared = JSON.parse(out.trim().split('\n').at(-1));
      const how = prepared.seconds ? `seeded in ${prepared.seconds.toFixed(1)} s` : 'kept from an earlier run';
      console.error(`[test] the complete catalog ${prepared.name}: ${how}`);
      phases.push([
        `the complete catalog, prepared once for every process (beside lint and the unit tests)`,
        (Date.now() - began) / 1000,
      ]);
      resolve(prepared);
    }),
  );
}

/** Stops the mocha processes running and the engines this command started, and fails the run. */
async function failRun() {
  for (const child of mochas) child.kill();
  await down(started);
  process.exit(1);
}

function dropFullCatalog(name) {
  const script = path.join(ROOT, 'dist/test/helpers/prepare-full-catalog.js');
  spawnSync(node, [script, '--drop', name], { env, cwd: ROOT, stdio: 'inherit' });
}

/** What every process wrote (test-artifacts/timings-<i>.json). */
function reports() {
  return readdirSync(artifacts)
    .filter((f) => /^timings-\d+\.json$/.test(f))
    .map((f) => JSON.parse(readFileSync(path.join(artifacts, f), 'utf8')));
}

/** The suite's counts, slowest files and failures over all its processes: the last lines a CI log shows. */
function summarise(processes) {
  const all = reports();
  const files = all.flatMap((r) => r.files).sort((a, b) => b.seconds - a.seconds);
  const failures = all.flatMap((r) => r.failures ?? []);
  const passes = all.reduce((n, r) => n + (r.passes ?? 0), 0);
  const silent = processes - all.length;
  const lines = [`[test] ${processes} mocha processes; the slowest files:`];
  for (const f of files.slice(0, 12)) lines.push(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`);
  lines.push(
    `[test] ${passes} passing, ${failures.length} failing${silent ? ` (${silent} process(es) wrote no report: see their output)` : ''}`,
  );
  for (const f of failures) lines.push(`  failed: ${f.file}: ${f.title}\n      ${f.message.split('\n')[0]}`);
  console.error(lines.join('\n'));
}

function printPhases() {
  const rows = phases.map(([name, seconds]) => `  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  const folders = new Map();
  for (const r of reports()) {
    if (r.fullCatalogSeedSeconds !== undefined)
      rows.push(`  ${r.fullCatalogSeedSeconds.toFixed(1).padStart(7)} s    of which seeding the full catalog`);
    for (const [folder, seconds] of Object.entries(r.folders))
      folders.set(folder, (folders.get(folder) ?? 0) + seconds);
  }
  for (const [folder, seconds] of [...folders].sort((a, b) => b[1] - a[1]))
    rows.push(`  ${seconds.toFixed(1).padStart(7)} s    in ${folder} (summed over processes that ran at once)`);
  console.error(`[test] time by phase\n${rows.join('\n')}`);
}
