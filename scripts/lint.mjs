// `npm run lint`: oxlint with type-aware rules over the whole project (see engines/oxlint.mjs), then
// the floors of the house (scripts/layers.mjs).
import { spawnSync } from 'node:child_process';
import { lint } from '../engines/oxlint.mjs';

const linted = await lint();
const layers = spawnSync(process.execPath, [new URL('./layers.mjs', import.meta.url).pathname], { stdio: 'inherit' });
process.exit(linted || layers.status || 0);
