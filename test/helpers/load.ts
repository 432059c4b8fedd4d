// A steady request load from a few concurrent workers, every answer recorded, for fault and
// soak tests: what a client saw, when, and how long it waited.
export interface Sample {
  readonly at: number;
  readonly ms: number;
  /** 0 when no HTTP answer came at all (connection refused or reset: a crash or a hang). */
  readonly status: number;
  readonly contentType: string | null;
  readonly retryAfter: string | null;
  readonly cost: number;
  readonly type?: string;
  readonly error?: string;
}

export interface Load {
  readonly samples: Sample[];
  stop(): Promise<Sample[]>;
}

export function startLoad(requests: readonly (() => Promise<Response>)[], workers: number, pauseMs = 0): Load {
  const samples: Sample[] = [];
  let running = true;
  const worker = async (w: number) => {
    for (let i = w; running; i++) {
      const t0 = Date.now();
      try {
        const res = await requests[i % requests.length]();
        const text = await res.text();
        const contentType = res.headers.get('content-type');
        const type =
          contentType === 'application/problem+json' ? (JSON.parse(text) as { type?: string }).type : undefined;
        samples.push({
          at: t0,
          ms: Date.now() - t0,
          status: res.status,
          contentType,
          retryAfter: res.headers.get('retry-after'),
          cost: Number(res.headers.get('x-quota-cost') ?? 0),
          type,
        });
      } catch (err) {
        samples.push({
          at: t0,
          ms: Date.now() - t0,
          status: 0,
          contentType: null,
          retryAfter: null,
          cost: 0,
          error: (err as Error).message,
        });
      }
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return {
    samples,
    async stop() {
      running = false;
      await done;
      return samples;
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `ok()` holds; returns how long that took, or throws after `timeoutMs`. */
export async function until(ok: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const t0 = Date.now();
  while (!(await ok())) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(200);
  }
  return Date.now() - t0;
}
