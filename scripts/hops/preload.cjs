// Loaded before the service or a command (node -r): holds V8's precise coverage with call counts
// from the first line, and writes which functions of dist/src/ ran to HOPS_OUT on SIGUSR2 (which also
// resets the counts) and when the process exits. Used by scripts/hops/count.mjs.
const inspector = require('node:inspector');
const fs = require('node:fs');

const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

/** Each function of dist/src/ that ran since the last take: file and name (a module's own body left out). */
function take() {
  let ran = [];
  // The session is in this thread: the callback runs before post returns.
  session.post('Profiler.takePreciseCoverage', (err, answer) => {
    if (err) throw err;
    for (const script of answer.result) {
      const at = script.url.indexOf('/dist/src/');
      if (at < 0) continue;
      for (const fn of script.functions)
        if (fn.ranges[0].count > 0 && fn.ranges[0].startOffset > 0)
          ran.push(`${script.url.slice(at + 6)}:${fn.functionName || '(anonymous)'}@${fn.ranges[0].startOffset}`);
    }
  });
  try {
    if (process.env.HOPS_OUT) fs.writeFileSync(process.env.HOPS_OUT, JSON.stringify(ran));
  } catch {
    // The counter has gone (it removes its folder once it has read the counts it asked for).
  }
}

process.on('SIGUSR2', take);
process.on('exit', take);
