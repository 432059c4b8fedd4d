// Schemathesis from PyPI, in a virtual environment of its own under the engines cache, for the
// fuzzing test against the served OpenAPI document. Installed once; nothing to start or stop.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CACHE, log, runAsync } from './util.mjs';

export const SCHEMATHESIS_VERSION = '4.32.5';
const venv = path.join(CACHE, 'schemathesis', SCHEMATHESIS_VERSION);
export const SCHEMATHESIS = path.join(venv, 'bin', 'schemathesis');

export async function ensureSchemathesis() {
  if (existsSync(SCHEMATHESIS)) return;
  log('schemathesis', `installing ${SCHEMATHESIS_VERSION} from PyPI into ${venv}`);
  await runAsync('python3', ['-m', 'venv', venv]);
  await runAsync(path.join(venv, 'bin', 'pip'), [
    'install',
    '--quiet',
    '--disable-pip-version-check',
    `schemathesis==${SCHEMATHESIS_VERSION}`,
  ]);
}
