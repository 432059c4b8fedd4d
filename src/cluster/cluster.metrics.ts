// /metrics in a worker: this worker's registry is sent to the primary when it asks, and a scrape
// is answered with what the primary sums over every worker (cluster.aggregate.ts).
import cluster from 'node:cluster';
import { registry } from '../shared/metrics';
import { ANSWER_PRIMARY, ANSWER_WORKER, ASK_PRIMARY, ASK_WORKER, isMessage, pendingCalls } from './cluster.messages';

/** The Prometheus text for this process's /metrics: its own registry, or in a worker all workers' together. */
export type MetricsSource = () => Promise<string>;

export function metricsSource(): MetricsSource {
  if (!cluster.isWorker) return () => registry.metrics();
  const calls = pendingCalls<string>();
  process.on('message', (m: unknown) => {
    if (isMessage(m, ASK_WORKER))
      void registry.getMetricsAsJSON().then((metrics) => process.send?.({ type: ANSWER_PRIMARY, id: m.id, metrics }));
    else if (isMessage(m, ANSWER_WORKER))
      calls.settle(m.id, m.text ?? new Error(m.error ?? 'the primary sent no metrics'));
  });
  return () => calls.call((id) => process.send!({ type: ASK_PRIMARY, id }), 'the primary');
}
