// Debian's Chromium for the browser test of /docs (driven by playwright-core, which downloads no
// browser of its own here). Installed once; nothing to start or stop.
import { existsSync } from 'node:fs';
import { aptInstall } from '../engines/util.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export async function ensureChromium() {
  if (!existsSync(CHROMIUM)) await aptInstall('chromium');
}
