// CPU time spent by the gateway (from /proc) and by Elasticsearch (its own node stats) over a run.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import type { EsClient } from '../src/adapters/elasticsearch/client';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** User + system CPU of `pid` so far, in ms. */
export function processCpuMs(pid: number): number {
  // Fields after the command name (which may hold spaces, hence the split at its closing paren).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** CPU Elasticsearch's process has used so far, in ms (all nodes; the bench runs one). */
export async function esCpuMs(es: EsClient): Promise<number> {
  const stats = await es.nodes.stats({ metric: 'process' });
  return Object.values(stats.nodes).reduce((sum, n) => sum + (n.process?.cpu?.total_in_millis ?? 0), 0);
}
