// CPU time spent by every process a benchmark row involves, from /proc: each gateway process (the
// primary and each worker), Elasticsearch, and the load generator (its CPU read from the shell that
// waited for it, see generatorCpuMs).
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import type { EsClient } from '../src/adapters/elasticsearch/client';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces): index 0 is field 3, state. */
function statFields(text: string): string[] {
  return text.slice(text.lastIndexOf(') ') + 2).split(' ');
}

/** User + system CPU of `pid` so far, in ms. */
export function processCpuMs(pid: number): number {
  const fields = statFields(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** User + system CPU of the waited-for children of the process whose stat line this is (cutime + cstime), in ms. */
export function childrenCpuMs(statLine: string): number {
  const fields = statFields(statLine);
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
}

/** `pid` and its children (a primary and its workers), from /proc. */
export function processTree(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return [pid, ...(children ? children.split(' ').map(Number) : [])];
}

/** CPU ms of each process of `pids` so far, by pid. */
export function cpuByPid(pids: readonly number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, processCpuMs(pid)]));
}

/** CPU Elasticsearch's processes have used so far, in ms: from /proc when they run here, else their own node stats. */
export async function esCpuMs(es: EsClient): Promise<number> {
  const [info, stats] = await Promise.all([
    es.nodes.info({ metric: 'process' }),
    es.nodes.stats({ metric: 'process' }),
  ]);
  let total = 0;
  for (const [id, node] of Object.entries(stats.nodes)) {
    const pid = info.nodes[id]?.process?.id;
    total += pid && isLocalElasticsearch(pid) ? processCpuMs(pid) : (node.process?.cpu?.total_in_millis ?? 0);
  }
  return total;
}

/** The pid a node reports is a process here only when it runs on this machine, outside a container. */
function isLocalElasticsearch(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('org.elasticsearch');
  } catch {
    return false;
  }
}
