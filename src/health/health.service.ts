// Readiness: each engine asked one cheap question, bounded in time.

/** A dependency that can say whether it answers. */
export interface Probe {
  readonly name: 'elasticsearch' | 'mongodb' | 'redis';
  check(): Promise<void>;
}

export interface ProbeResult {
  readonly status: 'up' | 'down';
  readonly latency_ms: number;
  readonly error?: string;
}

export async function checkReadiness(
  probes: readonly Probe[],
  timeoutMs: number,
): Promise<Record<string, ProbeResult>> {
  const results = await Promise.all(probes.map((p) => runProbe(p, timeoutMs)));
  return Object.fromEntries(probes.map((p, i) => [p.name, results[i]]));
}

async function runProbe(probe: Probe, timeoutMs: number): Promise<ProbeResult> {
  const start = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([probe.check(), timeout]);
    return { status: 'up', latency_ms: Date.now() - start };
  } catch (err) {
    // Only the error's class of failure is reported: connection strings and hosts stay private.
    return { status: 'down', latency_ms: Date.now() - start, error: err instanceof Error ? err.name : 'Error' };
  } finally {
    clearTimeout(timer);
  }
}
