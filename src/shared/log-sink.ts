// Log lines gathered and written to stdout in one call every few milliseconds instead of one write
// per line: with stdout on a file, each write is a synchronous system call on the request path.
// Whatever is pending is written when the process exits.
export function batchedSink(
  out: NodeJS.WritableStream = process.stdout,
  flushMs = 50,
  maxChars = 64 * 1024,
): (line: string) => void {
  let pending: string[] = [];
  let chars = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    chars = 0;
    out.write(chunk);
  };
  process.once('exit', flush);
  return (line) => {
    pending.push(line);
    chars += line.length;
    if (chars >= maxChars) flush();
    else timer ??= setTimeout(flush, flushMs);
  };
}
