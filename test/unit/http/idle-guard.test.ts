// The idle guard on streamed answers, over a connection whose counters the test moves: a reader
// that stops is cut off after the bound; a slow but steady reader, or a slow source, is not.
import assert from 'node:assert/strict';
import { watchIdleReader, type Connection } from '../../../src/http/idle-guard';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('idle guard', () => {
  it('when the connection holds bytes it does not send, then the reader is called idle after the bound', async () => {
    const connection: Connection = { bytesWritten: 64 * 1024, writableLength: 16 * 1024 };
    const started = Date.now();
    const err = await new Promise<Error>((resolve) => watchIdleReader(connection, 100, resolve));
    assert.match(err.message, /read nothing for 100 ms/);
    assert.ok(Date.now() - started >= 100);
  });

  it('when a slow reader keeps bytes moving, however few, then it is never called idle', async () => {
    const connection = { bytesWritten: 0, writableLength: 16 * 1024 };
    let idle = false;
    const stop = watchIdleReader(connection, 100, () => (idle = true));
    for (let i = 0; i < 12; i++) {
      await tick(40);
      connection.bytesWritten += 1600; // 40 KB/s: each tick the network takes a little
    }
    stop();
    assert.equal(idle, false);
  });

  it('when nothing waits to be sent (a slow source), then the clock does not run', async () => {
    const connection = { bytesWritten: 1000, writableLength: 0 };
    let idle = false;
    const stop = watchIdleReader(connection, 50, () => (idle = true));
    await tick(250);
    stop();
    assert.equal(idle, false);
  });
});
