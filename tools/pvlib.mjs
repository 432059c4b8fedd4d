// pvlib and hplib from PyPI, in a virtual environment of their own under the engines cache: the
// references the design tests (test/api/design.test.ts, test/api/conditions.test.ts) check the
// service's single-diode, inverter and heat-pump answers against. Installed once; nothing to start or stop.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CACHE, log, runAsync } from '../engines/util.mjs';

export const PVLIB_VERSION = '0.16.1';
/** The hplib release whose database the seed reads (seed/manifest.json, hplib-database-all-1.9.csv). */
export const HPLIB_VERSION = '1.9';
const venv = path.join(CACHE, 'pvlib', PVLIB_VERSION);
export const PVLIB_PYTHON = path.join(venv, 'bin', 'python');

export async function ensurePvlib() {
  if (!existsSync(path.join(venv, '.installed'))) {
    log('pvlib', `installing ${PVLIB_VERSION} from PyPI into ${venv}`);
    await runAsync('python3', ['-m', 'venv', venv]);
    await pip(`pvlib==${PVLIB_VERSION}`);
    // The marker is written last, so an interrupted install is redone rather than half used.
    await runAsync(PVLIB_PYTHON, [
      '-c',
      `import pathlib, pvlib; assert pvlib.__version__ == '${PVLIB_VERSION}'; pathlib.Path('${path.join(venv, '.installed')}').touch()`,
    ]);
  }
  // A venv made before hplib was asked for gains it here, with a marker of its own.
  const hplibMarker = path.join(venv, `.installed-hplib-${HPLIB_VERSION}`);
  if (existsSync(hplibMarker)) return;
  log('pvlib', `installing hplib ${HPLIB_VERSION} from PyPI into ${venv}`);
  await pip(`hplib==${HPLIB_VERSION}`);
  await runAsync(PVLIB_PYTHON, [
    '-c',
    `import pathlib, importlib.metadata as m, hplib; assert m.version('hplib') == '${HPLIB_VERSION}'; pathlib.Path('${hplibMarker}').touch()`,
  ]);
}

const pip = (requirement) =>
  runAsync(path.join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', requirement]);
