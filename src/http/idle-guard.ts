// Ends a streamed answer whose client stopped reading. A stream waiting on a client that never
// reads holds a page of the export and a point in time in the engine until the socket dies, which
// may be never. Idleness is judged by the bytes the connection actually hands to the network: a
// client reading slowly but steadily (40 KB/s) keeps them moving and is never cut; one whose
// connection holds bytes it has not sent for `idleMs` is. A slow source is not idleness: with
// nothing waiting to be sent, the clock does not run.

/** What the guard reads of the connection; Node's net.Socket has both. */
export interface Connection {
  /** Bytes written to the connection, those still queued in it included. */
  readonly bytesWritten: number;
  /** Bytes queued in the connection, not yet handed to the network. */
  readonly writableLength: number;
}

/** Calls `onIdle` once the connection has held unsent bytes for `idleMs`; the function returned stops watching. */
export function watchIdleReader(connection: Connection, idleMs: number, onIdle: (err: Error) => void): () => void {
  const handedOn = () => connection.bytesWritten - connection.writableLength;
  let last = handedOn();
  let since = Date.now();
  const timer = setInterval(
    () => {
      const now = handedOn();
      if (now !== last || connection.writableLength === 0) {
        last = now;
        since = Date.now();
      } else if (Date.now() - since >= idleMs) {
        clearInterval(timer);
        onIdle(new Error(`the client read nothing for ${idleMs} ms`));
      }
    },
    Math.max(10, Math.min(1000, idleMs / 4)),
  );
  timer.unref();
  return () => clearInterval(timer);
}
