// The log as operators read it: one JSON object a line, secrets redacted at any depth, the level
// threshold kept, and every line written even when the process exits right after logging them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createLogger, isoTime } from '../../../src/shared/logger';

describe('logger', () => {
  it('when fields carry secrets at any depth, then each line is one JSON object with them redacted', () => {
    const lines: string[] = [];
    const log = createLogger('info', (l) => lines.push(l));
    log.info('request', {
      path: '/x',
      authorization: 'Bearer k-secret',
      nested: { deeper: [{ password: 'hunter2', api_key: 'pds_live_x', kept: 1 }] },
    });
    assert.equal(lines.length, 1);
    assert.ok(lines[0].endsWith('\n') && !lines[0].slice(0, -1).includes('\n'), 'one line');
    const entry = JSON.parse(lines[0]) as Record<string, unknown>;
    assert.equal(entry.msg, 'request');
    assert.equal(entry.level, 'info');
    assert.ok(!Number.isNaN(Date.parse(String(entry.time))), 'an ISO time');
    assert.equal(entry.path, '/x');
    assert.equal(entry.authorization, '[redacted]');
    assert.deepEqual(entry.nested, { deeper: [{ password: '[redacted]', api_key: '[redacted]', kept: 1 }] });
    assert.ok(!lines[0].includes('hunter2') && !lines[0].includes('k-secret') && !lines[0].includes('pds_live_x'));
  });

  it('when lines are written within one second and across seconds, then each carries its own exact ISO time', () => {
    // Around second, minute, day and year boundaries, in order and out of order (clocks step back).
    const times = [Date.UTC(2026, 11, 31, 23, 59, 59, 998), 0, 7, 999, 1000, 1001].flatMap((t, i) =>
      [0, 1, 2, 999, 1000, 61_000].map((d) => t + d * (i % 2 ? 1 : -1) + 1_795_000_000_000 * (i === 0 ? 0 : 1)),
    );
    for (const t of [...times, ...times.toReversed()])
      assert.equal(isoTime(t), `,"time":"${new Date(t).toISOString()}"`, `at ${t}`);
  });

  it('when a line is below the level, then it is not written', () => {
    const lines: string[] = [];
    const log = createLogger('warn', (l) => lines.push(l));
    log.info('quiet');
    log.warn('loud');
    assert.deepEqual(
      lines.map((l) => (JSON.parse(l) as { msg: string }).msg),
      ['loud'],
    );
  });

  it('when the process exits right after logging, then no line written to stdout is lost', () => {
    const count = 20000;
    const logger = path.resolve(__dirname, '../../../src/shared/logger.js');
    const script = `const log = require(${JSON.stringify(logger)}).createLogger('info');
      for (let i = 0; i < ${count}; i++) log.info('line', { i, padding: 'x'.repeat(200) });
      process.exit(0);`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    assert.equal(run.status, 0, run.stderr);
    const seen = run.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { i: number }).i);
    assert.equal(seen.length, count);
    assert.equal(seen[count - 1], count - 1);
  });
});
