// `npm run lint`, and the first step of `npm test`: oxlint with type-aware rules (tools/oxlint.mjs),
// the formatter's check (Prettier with .prettierrc.json; `npm run format` fixes what it finds), the
// floors of the house (scripts/layers.mjs), and the types of the explorer's browser modules (those
// marked `// @ts-check`, by src/explore/assets/tsconfig.json). Any finding fails.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lint } from '../tools/oxlint.mjs';
import { CACHE, ROOT } from '../engines/util.mjs';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT }).status ?? 1;

/** Exit status of all four checks: 0 when none found anything. */
export async function lintAll() {
  const oxlint = await lint();
  // The cache (by content, beside the engines so a clean clone with them warm has it) skips the files
  // Prettier has passed before with the same options and version: 20 s of CPU on two cores otherwise.
  const format = run(path.join(ROOT, 'node_modules', '.bin', 'prettier'), [
    '--check',
    '--cache',
    '--cache-strategy',
    'content',
    '--cache-location',
    path.join(CACHE, 'prettier', 'cache.json'),
    '--log-level',
    'warn',
    '**/*.{ts,mjs}',
  ]);
  if (format !== 0) console.error('[lint] formatting differs from Prettier: npm run format');
  const layers = run(process.execPath, [path.join(ROOT, 'scripts', 'layers.mjs')]);
  const assets = run(path.join(ROOT, 'node_modules', '.bin', 'tsc'), [
    '-p',
    path.join('src', 'explore', 'assets', 'tsconfig.json'),
  ]);
  if (assets !== 0) console.error('[lint] the browser assets do not type-check (src/explore/assets/tsconfig.json)');
  return oxlint || format || layers || assets;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(await lintAll());
