// Mocha's spec reporter, plus the wall time of each test file and of each folder of test/ at the end,
// slowest first, so a slow suite names what makes it slow (hooks included: a file's time runs from
// its first suite starting to its last ending). With TEST_TIMINGS_FILE, the table is also written there
// as JSON for scripts/test.mjs's summary, with the counts and the failures (the runner lists them
// again at the very end when the suite ran in several processes, where a CI log's tail shows them).
import fs from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';
import { fullCatalogSeedSeconds } from './full-catalog';

const { EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_RUN_END } = Mocha.Runner.constants;

interface Span {
  start: number;
  end: number;
}

class TimingReporter extends Mocha.reporters.Spec {
  private readonly files = new Map<string, Span>();

  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    runner.on(EVENT_SUITE_BEGIN, (suite) => this.touch(suite.file));
    runner.on(EVENT_SUITE_END, (suite) => this.touch(suite.file));
    runner.once(EVENT_RUN_END, () => this.report());
  }

  private touch(file: string | undefined): void {
    if (!file) return;
    const now = Date.now();
    const span = this.files.get(file);
    if (span) span.end = now;
    else this.files.set(file, { start: now, end: now });
  }

  private report(): void {
    const rows = [...this.files].map(([file, span]) => ({
      file: shortName(file),
      seconds: (span.end - span.start) / 1000,
    }));
    const folders = new Map<string, number>();
    for (const row of rows) {
      const folder = row.file.split('/').slice(0, 2).join('/');
      folders.set(folder, (folders.get(folder) ?? 0) + row.seconds);
    }
    const bySeconds = (a: { seconds: number }, b: { seconds: number }) => b.seconds - a.seconds;
    const lines = ['', '  time by folder of test/:'];
    for (const [folder, seconds] of [...folders].sort((a, b) => b[1] - a[1])) {
      lines.push(`    ${seconds.toFixed(1).padStart(7)} s  ${folder}`);
    }
    const seeded = fullCatalogSeedSeconds();
    if (seeded !== undefined)
      lines.push(`  the full catalog was seeded in ${seeded.toFixed(1)} s (inside the first file that needed it)`);
    lines.push('  slowest files:');
    for (const row of [...rows].sort(bySeconds).slice(0, 15)) {
      lines.push(`    ${row.seconds.toFixed(1).padStart(7)} s  ${row.file}`);
    }
    console.log(lines.join('\n'));
    const out = process.env.TEST_TIMINGS_FILE;
    if (out)
      fs.writeFileSync(
        out,
        JSON.stringify({
          folders: Object.fromEntries(folders),
          files: rows,
          fullCatalogSeedSeconds: seeded,
          passes: this.stats.passes,
          failures: this.failures.map((test) => ({
            file: test.file ? shortName(test.file) : undefined,
            title: test.fullTitle(),
            message: (test.err?.message ?? '').slice(0, 300),
          })),
        }),
      );
  }
}

/** `dist/test/api/mcp.test.js` -> `test/api/mcp.test`. */
function shortName(file: string): string {
  const rel = path.relative(path.resolve(__dirname, '..', '..'), file);
  return rel.replace(/\.js$/, '');
}

export = TimingReporter;
