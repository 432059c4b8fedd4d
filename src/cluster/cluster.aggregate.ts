// /metrics in the primary: asks every listening worker for its registry and sums them with
// prom-client's AggregatorRegistry (counters and histograms summed; each metric's own aggregator
// otherwise). Only listening workers are asked: one still starting has nothing to say yet. The
// primary loads no registry of its own (no default metrics, no timers).
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { ANSWER_PRIMARY, ANSWER_WORKER, ASK_PRIMARY, ASK_WORKER, isMessage, pendingCalls } from './cluster.messages';

/** In the primary: answers the workers' requests with every listening worker's metrics, summed. */
export function answerMetricRequests(listening: () => Iterable<Worker>): void {
  const calls = pendingCalls<object[]>();
  cluster.on('message', (worker: Worker, m: unknown) => {
    if (isMessage(m, ANSWER_PRIMARY)) calls.settle(m.id, m.metrics ?? []);
    if (!isMessage(m, ASK_PRIMARY)) return;
    const reply = (answer: { text: string } | { error: string }) => {
      if (worker.isConnected()) worker.send({ type: ANSWER_WORKER, id: m.id, ...answer });
    };
    Promise.all([...listening()].map((w) => calls.call((id) => w.send({ type: ASK_WORKER, id }), `worker ${w.id}`)))
      .then((all) => AggregatorRegistry.aggregate(all).metrics())
      .then(
        (text) => reply({ text }),
        (err: Error) => reply({ error: err.message }),
      );
  });
}
