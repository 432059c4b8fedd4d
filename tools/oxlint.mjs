// oxlint with its type-aware rules (oxlint-tsgolint, built on TypeScript 7), installed from npm into
// the engines cache rather than package.json: the registry here serves only the Linux builds of their
// per-platform packages, and `npm ci` refuses a lock file that lacks the others (found by CI on a
// clean clone). Installed once under a temporary name, then moved into place.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { CACHE, ROOT, ensureDir, log, runAsync } from '../engines/util.mjs';

export const OXLINT_VERSION = '1.94.0';
export const TSGOLINT_VERSION = '7.0.2007';
const dir = path.join(CACHE, 'oxlint', `${OXLINT_VERSION}-${TSGOLINT_VERSION}`);
export const OXLINT = path.join(dir, 'node_modules', '.bin', 'oxlint');
// oxlint looks for tsgolint beside the project's node_modules unless told where it is.
const TSGOLINT = path.join(dir, 'node_modules', '.bin', 'tsgolint');

/** What `npm run lint` and `npm test` check: every TypeScript and script folder, findings fail. */
export const LINT_ARGS = [
  '--type-aware',
  '--deny-warnings',
  'src',
  'seed',
  'bench',
  'test',
  'clients/typescript',
  'scripts',
  'engines',
  'tools',
];

export async function ensureOxlint() {
  if (existsSync(OXLINT)) return;
  log('oxlint', `installing oxlint ${OXLINT_VERSION} and oxlint-tsgolint ${TSGOLINT_VERSION} into ${dir}`);
  const temp = `${dir}.tmp-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  ensureDir(temp);
  await runAsync('npm', [
    'install',
    '--prefix',
    temp,
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    `oxlint@${OXLINT_VERSION}`,
    `oxlint-tsgolint@${TSGOLINT_VERSION}`,
  ]);
  renameSync(temp, dir);
}

/** Runs the linter on the project; resolves with its exit status. */
export async function lint() {
  await ensureOxlint();
  return (
    spawnSync(OXLINT, LINT_ARGS, {
      stdio: 'inherit',
      cwd: ROOT,
      env: { ...process.env, OXLINT_TSGOLINT_PATH: TSGOLINT },
    }).status ?? 1
  );
}
