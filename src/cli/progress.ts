// Progress for long operator commands: a bar with count, rate and ETA on a terminal, a plain line
// every few seconds otherwise (CI logs, pipes). Without a known total it shows the count and rate
// only: a total guessed from the count so far would be a promise the next line breaks.

export interface Progress {
  readonly update: (done: number, total?: number) => void;
  finish(message: string): void;
}

export function createProgress(label: string, out: NodeJS.WriteStream = process.stderr): Progress {
  // The clock starts at the first update, so a bar made ahead of its phase reports that phase only.
  let start = 0;
  let lastLine = 0;
  const describe = (done: number, total?: number) => {
    const secs = (Date.now() - start) / 1000;
    const rate = secs > 0 ? done / secs : 0;
    if (total === undefined) return `${done} ${rate.toFixed(0)}/s`;
    const eta = rate > 0 ? Math.max(0, (total - done) / rate) : 0;
    return `${done}/${total} ${rate.toFixed(0)}/s ETA ${eta.toFixed(0)}s`;
  };
  return {
    update(done, total) {
      start ||= Date.now();
      if (out.isTTY) {
        const width = 30;
        const bar = total ? `[${'#'.repeat(Math.round((Math.min(done, total) / total) * width)).padEnd(width)}] ` : '';
        out.write(`\r${label} ${bar}${describe(done, total)}   `);
      } else if (Date.now() - lastLine > 5000 || done === total) {
        lastLine = Date.now();
        out.write(`${label}: ${describe(done, total)}\n`);
      }
    },
    finish(message) {
      start ||= Date.now();
      if (out.isTTY) out.write('\n');
      out.write(`${label}: ${message} in ${((Date.now() - start) / 1000).toFixed(1)} s\n`);
    },
  };
}
