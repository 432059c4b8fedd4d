// The idle guard on streamed answers: a reader that stops is cut off after the bound; a slow source
// or a slow but steady reader is not.
import assert from 'node:assert/strict';
import { Readable, Writable, pipeline } from 'node:stream';
import { once } from 'node:events';
import { IdleGuard } from '../../../src/http/idle-guard';

const CHUNK = Buffer.alloc(1024, 'x');

/** A source that never ends, and says when it was torn down. */
function endless() {
  let destroyed = false;
  const source = new Readable({
    read() {
      this.push(CHUNK);
    },
    destroy(err, cb) {
      destroyed = true;
      cb(err);
    },
  });
  return { source, wasDestroyed: () => destroyed };
}

describe('idle guard', () => {
  it('when the reader takes nothing, then the stream fails after the bound and the source is torn down', async () => {
    const { source, wasDestroyed } = endless();
    const stuck = new Writable({ highWaterMark: 1024, write: () => undefined }); // never calls back
    const started = Date.now();
    const failed = new Promise<Error | null | undefined>((resolve) =>
      pipeline(source, new IdleGuard(100), stuck, resolve),
    );
    const err = await failed;
    assert.match(String(err), /read nothing for 100 ms/);
    assert.ok(Date.now() - started >= 100);
    assert.ok(wasDestroyed(), 'the source was destroyed (its cleanup ran)');
  });

  it('when the source is slow but the reader waits for it, then nothing is cut off', async () => {
    const chunks = [CHUNK, CHUNK, CHUNK];
    const slow = new Readable({
      read() {
        // Each chunk comes later than the idle bound.
        setTimeout(() => this.push(chunks.shift() ?? null), 60);
      },
    });
    let received = 0;
    const sink = new Writable({ write: (c: Buffer, _e, cb) => ((received += c.length), cb()) });
    const done = new Promise<Error | null | undefined>((resolve) => pipeline(slow, new IdleGuard(30), sink, resolve));
    assert.equal(await done, undefined);
    assert.equal(received, 3 * CHUNK.length);
  });

  it('when the reader is slow but keeps reading, then the stream goes on to its end', async () => {
    const chunks = Array.from({ length: 50 }, () => CHUNK);
    const source = Readable.from(chunks);
    let received = 0;
    const sink = new Writable({
      highWaterMark: 1024,
      write: (c: Buffer, _e, cb) => ((received += c.length), setTimeout(cb, 5)),
    });
    const guard = new IdleGuard(100);
    pipeline(source, guard, sink, () => undefined);
    await once(sink, 'finish');
    assert.equal(received, 50 * CHUNK.length);
  });
});
