// /metrics across workers, the messages: the worker that is asked passes the question to the
// primary, which gathers every listening worker's registry as JSON, sums them and sends the text
// back (the two sides: cluster.metrics.ts in the workers, cluster.aggregate.ts in the primary).
export const ASK_PRIMARY = 'pds:metrics?';
export const ANSWER_WORKER = 'pds:metrics';
export const ASK_WORKER = 'pds:registry?';
export const ANSWER_PRIMARY = 'pds:registry';
/** How long the primary waits for every worker's registry, and a worker for the primary's answer. */
const WAIT_MS = 5000;

export interface Message {
  readonly type: string;
  readonly id: number;
  readonly text?: string;
  readonly metrics?: object[];
  readonly error?: string;
}

export const isMessage = (m: unknown, type: string): m is Message =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === type;

/** Calls waiting for one answer each, by id, each given up after WAIT_MS. */
export function pendingCalls<T>() {
  const waiting = new Map<number, (answer: T | Error) => void>();
  let next = 0;
  return {
    call(send: (id: number) => void, what: string): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const id = next++;
        const timer = setTimeout(() => settle(id, new Error(`${what} did not answer within ${WAIT_MS} ms`)), WAIT_MS);
        waiting.set(id, (answer) => {
          clearTimeout(timer);
          if (answer instanceof Error) reject(answer);
          else resolve(answer);
        });
        send(id);
      });
    },
    settle,
  };
  function settle(id: number, answer: T | Error): void {
    const done = waiting.get(id);
    waiting.delete(id);
    done?.(answer);
  }
}
