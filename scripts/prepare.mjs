// Runs before every npm script but build, lint, format and engines (the `pre*` scripts of package.json;
// `start` runs it beside starting the engines, scripts/start.mjs): installs npm dependencies when they
// are missing or older than the lock file, then compiles the TypeScript into a clean dist/ when a
// source is newer than the last build. Node built-ins only, since it runs before node_modules exists.
import { existsSync, statSync, readdirSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

function sh(cmd, args) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`[prepare] ${cmd} ${args.join(' ')} failed`);
    process.exit(res.status ?? 1);
  }
}

const installed = path.join(root, 'node_modules', '.package-lock.json');
if (mtime(installed) < mtime(path.join(root, 'package-lock.json'))) {
  console.error('[prepare] installing npm dependencies (npm ci)');
  sh('npm', ['ci', '--no-audit', '--no-fund']);
}

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let t = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const stamp = path.join(root, 'dist', '.build-stamp');
const sources = Math.max(
  ...['src', 'seed', 'test', 'bench', 'clients/typescript'].map((d) => newest(path.join(root, d))),
  mtime(path.join(root, 'tsconfig.json')),
  mtime(path.join(root, 'tsconfig.build.json')),
);
if (mtime(stamp) < sources) {
  console.error('[prepare] compiling TypeScript');
  // A clean output folder: a test or module deleted from the sources must not live on in dist/.
  rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  sh('npx', ['tsc', '-p', 'tsconfig.json']);
  sh('node', ['-e', `require('fs').writeFileSync(${JSON.stringify(stamp)}, String(Date.now()))`]);
}
