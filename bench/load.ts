// One load run with autocannon, in its own process so the load generator never shares an event
// loop with what it measures. Reads a JSON plan file (argv[2]); prints one JSON result line.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadPlan {
  readonly url: string;
  readonly connections: number;
  readonly durationSeconds: number;
  readonly requests: readonly {
    method: 'GET' | 'POST';
    path: string;
    headers?: Record<string, string>;
    body?: string;
  }[];
}

export interface LoadResult {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly requests: number;
  readonly non2xx: number;
  readonly errors: number;
  /** CPU the load generator itself spent on the run, ms (filled in by runLoad). */
  readonly generatorCpuMs?: number;
}

if (require.main === module) {
  const plan = JSON.parse(readFileSync(process.argv[2], 'utf8')) as LoadPlan;
  autocannon(
    {
      url: plan.url,
      connections: plan.connections,
      duration: plan.durationSeconds,
      requests: plan.requests.map((r) => ({ ...r })),
      timeout: 10,
    },
    (err, result) => {
      if (err) throw err;
      const out: LoadResult = {
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      };
      process.stdout.write(`${JSON.stringify(out)}\n`);
    },
  );
}
