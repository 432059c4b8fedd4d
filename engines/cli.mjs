#!/usr/bin/env node
// node engines/cli.mjs up|down|status [elasticsearch|ferretdb|redis ...]
import { ENGINES, up, down, status } from './index.mjs';

const [command = 'status', ...names] = process.argv.slice(2);
const chosen = names.length ? ENGINES.filter((e) => names.includes(e.name)) : ENGINES;

try {
  if (command === 'up') await up(chosen);
  else if (command === 'down') await down(chosen.filter((e) => e.running()));
  else if (command === 'status') console.log(JSON.stringify(await status(), null, 2));
  else throw new Error(`unknown command ${command}; use up, down or status`);
} catch (err) {
  console.error(`[engines] ${err.message}`);
  process.exit(1);
}
