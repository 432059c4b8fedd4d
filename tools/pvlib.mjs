// pvlib from PyPI, in a virtual environment of its own under the engines cache: the reference the
// design test (test/api/design.test.ts) checks the service's single-diode answers against.
// Installed once; nothing to start or stop.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CACHE, log, runAsync } from '../engines/util.mjs';

export const PVLIB_VERSION = '0.16.1';
const venv = path.join(CACHE, 'pvlib', PVLIB_VERSION);
export const PVLIB_PYTHON = path.join(venv, 'bin', 'python');

export async function ensurePvlib() {
  if (existsSync(path.join(venv, '.installed'))) return;
  log('pvlib', `installing ${PVLIB_VERSION} from PyPI into ${venv}`);
  await runAsync('python3', ['-m', 'venv', venv]);
  await runAsync(path.join(venv, 'bin', 'pip'), [
    'install',
    '--quiet',
    '--disable-pip-version-check',
    `pvlib==${PVLIB_VERSION}`,
  ]);
  // The marker is written last, so an interrupted install is redone rather than half used.
  await runAsync(PVLIB_PYTHON, [
    '-c',
    `import pathlib, pvlib; assert pvlib.__version__ == '${PVLIB_VERSION}'; pathlib.Path('${path.join(venv, '.installed')}').touch()`,
  ]);
}
