// How `npm test` spreads the suite over processes: the test files of a mocha config, split into
// TEST_PROCESSES groups of about equal time (by the seconds each file took in a measured run,
// test/file-seconds.json) that run at once, then the files that judge timing or memory under load,
// one after another with the machine to themselves. Most of the suite waits on the engines, Python
// and child processes, so two groups on two cores take far less time than one.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../engines/util.mjs';

/** Files that measure latency, fairness or memory: they run alone, after the groups. */
export const ALONE = [
  ['dist/test/api/hostile-use.test.js', 'asserts /healthz answers within 500 ms during a hostile burst'],
  ['dist/test/integration/webhook-fairness.test.js', 'bounds a healthy delivery by the time it takes alone'],
  ['dist/test/integration/faults.test.js', 'judges answers within the request timeout while an engine fails'],
  ['dist/test/integration/memory-bounds.test.js', 'reads the service processes’ memory during a flood'],
];

/** Seconds a file not in test/file-seconds.json is assumed to take. */
const UNKNOWN_SECONDS = 10;

/** The files a mocha config's `spec` patterns (`dir/**\/*.test.js`) name, relative to the root, sorted. */
export function specFiles(configFile) {
  const config = JSON.parse(readFileSync(path.join(ROOT, configFile), 'utf8'));
  const files = new Set();
  for (const pattern of config.spec) {
    const [dir, rest] = pattern.split('/**/');
    const suffix = rest.replace('*', '');
    for (const file of walk(path.join(ROOT, dir))) if (file.endsWith(suffix)) files.add(path.relative(ROOT, file));
  }
  return { config, files: [...files].sort((a, b) => a.localeCompare(b)) };
}

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const at = path.join(dir, entry);
    return statSync(at).isDirectory() ? walk(at) : [at];
  });
}

/** Whether any of these compiled test files opens the complete catalog. */
export function needsFullCatalog(files) {
  return files.some((file) => readFileSync(path.join(ROOT, file), 'utf8').includes('helpers/full-catalog"'));
}

/** `files` in `count` groups of about equal measured time (longest first, each to the lightest group), and the alone ones. */
export function plan(files, count) {
  const seconds = JSON.parse(readFileSync(path.join(ROOT, 'test', 'file-seconds.json'), 'utf8'));
  const weight = (file) => seconds[file.replace(/^dist\//, '').replace(/\.js$/, '')] ?? UNKNOWN_SECONDS;
  const aloneFiles = new Set(ALONE.map(([file]) => file));
  const groups = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  const shared = files.filter((file) => !aloneFiles.has(file)).sort((a, b) => weight(b) - weight(a));
  for (const file of shared) {
    const lightest = groups.reduce((min, g) => (g.seconds < min.seconds ? g : min));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return { groups: groups.filter((g) => g.files.length > 0), alone: files.filter((file) => aloneFiles.has(file)) };
}

/** `node scripts/test-plan.mjs --record`: test/file-seconds.json from the last run's test-artifacts/timings-<i>.json. */
if (process.argv[1] === new URL(import.meta.url).pathname && process.argv[2] === '--record') {
  const artifacts = path.join(ROOT, 'test-artifacts');
  const seconds = {};
  for (const f of readdirSync(artifacts).filter((name) => /^timings-\d+\.json$/.test(name)))
    for (const row of JSON.parse(readFileSync(path.join(artifacts, f), 'utf8')).files)
      seconds[row.file] = Math.round(row.seconds * 10) / 10;
  const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(path.join(ROOT, 'test', 'file-seconds.json'), `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`test/file-seconds.json: ${Object.keys(sorted).length} files`);
}
