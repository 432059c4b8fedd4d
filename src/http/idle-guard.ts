// Ends a streamed answer whose client stopped reading. A stream waiting on a client that never
// reads holds a page of the export and a point in time in the engine until the socket dies, which
// may be never: the guard passes bytes through and, once its reader has left it full for `idleMs`,
// destroys the stream (the connection is closed, the source's cleanup runs). A slow source is not
// idleness: the timer runs only while the output is full, never while the reader waits for data.
import { Transform, type TransformCallback } from 'node:stream';

export class IdleGuard extends Transform {
  private timer?: NodeJS.Timeout;

  constructor(private readonly idleMs: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    // push() says false when the reader has not taken what it has: from here the clock runs.
    if (!this.push(chunk)) this.arm();
    callback();
  }

  override _read(size: number): void {
    this.disarm();
    super._read(size);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.disarm();
    callback(error);
  }

  private arm(): void {
    if (this.timer) return;
    this.timer = setTimeout(
      () => this.destroy(new Error(`the client read nothing for ${this.idleMs} ms`)),
      this.idleMs,
    );
    this.timer.unref();
  }

  private disarm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
