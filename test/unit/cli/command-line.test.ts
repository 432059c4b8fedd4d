// The operator commands as an operator mistypes them: the usage, never a stack trace, and nothing
// done (the commands exit before they open a connection).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');
const run = (cli: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(ROOT, 'dist/src/cli', cli), ...args], {
    encoding: 'utf8',
    // Nowhere to connect: a command that got past its arguments would fail differently.
    env: { ...process.env, MONGODB_URI: 'mongodb://127.0.0.1:1/none', ELASTICSEARCH_URL: 'http://127.0.0.1:1' },
    timeout: 20000,
  });

describe('cli: command line', function () {
  // Each command loads the seed's converter before it reads its arguments: about 2 s a start.
  this.timeout(30000);
  for (const cli of ['seed.js', 'import.js']) {
    it(`when ${cli} is asked for --help, then it prints its usage and exits 0`, () => {
      const r = run(cli, '--help');
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /^usage: npm run (seed|import) -- /);
    });

    it(`when ${cli} gets an option it does not know, then it names it, prints its usage and exits 2`, () => {
      const r = run(cli, '--frobnicate');
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, /--frobnicate/);
      assert.match(r.stderr, /usage: npm run/);
      assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
    });
  }
});
