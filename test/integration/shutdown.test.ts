// The real entry point, as an operator runs it: it starts, serves, and stops cleanly on SIGTERM.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, ELASTICSEARCH_URL, MONGODB_URI, REDIS_URL, uniqueName, mongoUriFor } from '../helpers/engines';
import { dropTestData } from '../helpers/cleanup';
import { logLines } from '../helpers/log-lines';

describe('main.ts process', function () {
  this.timeout(30000);

  it('when started and then sent SIGTERM, then it serves, drains, logs "stopped" and exits 0', async () => {
    const name = uniqueName('main');
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/src/main.js')], {
      env: {
        ...process.env,
        // The single process (several workers: workers.test.ts).
        WEB_CONCURRENCY: '1',
        PORT: '0',
        ELASTICSEARCH_URL,
        MONGODB_URI: mongoUriFor(name, MONGODB_URI),
        REDIS_URL,
        ELASTICSEARCH_INDEX: name,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    const address = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line: ${out}`)), 15000);
      child.stdout.on('data', () => {
        const at = logLines(out).find((l) => l.msg === 'listening')?.address;
        if (typeof at === 'string') {
          clearTimeout(timer);
          resolve(at);
        }
      });
    });
    const health = await fetch(`http://${address}/healthz`);
    assert.equal(health.status, 200);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    const lines = logLines(out);
    assert.ok(
      lines.some((l) => l.msg === 'shutting down' && l.signal === 'SIGTERM'),
      out,
    );
    assert.ok(
      lines.some((l) => l.msg === 'stopped'),
      out,
    );
    await dropTestData(mongoUriFor(name, MONGODB_URI), name);
  });

  it('when a configuration value is invalid, then it refuses to start and names the variable', async () => {
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/src/main.js')], {
      env: { ...process.env, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 2);
    assert.match(err, /PORT/);
  });
});
