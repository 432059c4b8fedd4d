// Debian's wrk for the benchmark: a load generator in C that takes a fraction of a core where
// autocannon (Node) takes most of one, so on a small machine it leaves the cores to what it
// measures. Installed once; nothing to start or stop.
import { existsSync } from 'node:fs';
import { aptInstall } from '../engines/util.mjs';

export const WRK = process.env.WRK_PATH || '/usr/bin/wrk';

export async function ensureWrk() {
  if (!existsSync(WRK)) await aptInstall('wrk');
  return WRK;
}
