// Schemathesis from PyPI, in a virtual environment of its own under the engines cache, for the
// fuzzing test against the served OpenAPI document. Installed once; nothing to start or stop.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { CACHE, log, runAsync } from '../engines/util.mjs';

export const SCHEMATHESIS_VERSION = '4.32.5';
const venv = path.join(CACHE, 'schemathesis', SCHEMATHESIS_VERSION);
const marker = path.join(venv, '.installed');
export const SCHEMATHESIS = path.join(venv, 'bin', 'schemathesis');

/** [major, minor, micro] of an interpreter, or null when it does not run. */
function versionOf(python) {
  const r = spawnSync(python, ['-c', 'import sys; print(*sys.version_info[:3])'], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  return r.stdout.trim().split(' ').map(Number);
}

// CPython before 3.11.8 and 3.12.2 can fail `ast.parse` with "AST constructor recursion depth
// mismatch" when two threads parse at once (python/cpython#106905). Hypothesis parses lambdas'
// source while schemathesis runs two workers, so an affected interpreter fails a fuzz run now and
// then for no fault of ours. The newest interpreter with the fix is chosen, pyenv's included.
const hasAstFix = ([major, minor, micro]) =>
  major > 3 || minor >= 13 || (minor === 12 && micro >= 2) || (minor === 11 && micro >= 8);

function candidates() {
  const pyenvVersions = path.join(process.env.PYENV_ROOT || path.join(homedir(), '.pyenv'), 'versions');
  const installed = existsSync(pyenvVersions)
    ? readdirSync(pyenvVersions).map((v) => path.join(pyenvVersions, v, 'bin', 'python3'))
    : [];
  return ['python3.14', 'python3.13', 'python3.12', 'python3.11', ...installed, 'python3'];
}

function choosePython() {
  const found = candidates()
    .map((python) => ({ python, version: versionOf(python) }))
    .filter((c) => c.version && c.version[0] === 3 && c.version[1] >= 10);
  const fixed = found.filter((c) => hasAstFix(c.version));
  fixed.sort((a, b) => b.version[1] - a.version[1] || b.version[2] - a.version[2]);
  if (fixed[0]) return fixed[0];
  log('schemathesis', 'no Python with the fix for python/cpython#106905 here; a fuzz run may fail spuriously');
  return found[0] ?? { python: 'python3', version: null };
}

/** The interpreter the installed venv was made with, from its marker, while it is still there. */
function installedWith() {
  if (!existsSync(marker)) return null;
  const [version, python] = readFileSync(marker, 'utf8').split(' ');
  return version === SCHEMATHESIS_VERSION && existsSync(python) ? python : null;
}

export async function ensureSchemathesis() {
  // Every test run calls this: an install whose interpreter is still there is kept without asking
  // each candidate interpreter its version again.
  if (installedWith()) return;
  const chosen = choosePython();
  const want = `${SCHEMATHESIS_VERSION} ${chosen.python}`;
  if (existsSync(marker) && readFileSync(marker, 'utf8') === want) return;
  log('schemathesis', `installing ${SCHEMATHESIS_VERSION} from PyPI into ${venv} on ${chosen.python}`);
  rmSync(venv, { recursive: true, force: true });
  await runAsync(chosen.python, ['-m', 'venv', venv]);
  await runAsync(path.join(venv, 'bin', 'pip'), [
    'install',
    '--quiet',
    '--disable-pip-version-check',
    `schemathesis==${SCHEMATHESIS_VERSION}`,
  ]);
  // The marker is written last, so an interrupted install is redone rather than half used.
  writeFileSync(marker, want);
}
