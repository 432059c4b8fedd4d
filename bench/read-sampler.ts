// Two clients reading the live catalog through a gateway one request after another (a product by
// id three times in four, a search otherwise, each text new), timed until told to stop: what a
// background job costs the people reading meanwhile.
import { percentile } from './processes';

export interface ReadPhase {
  readonly requests: number;
  /** Answers other than 2xx, by status. */
  readonly failed: Record<string, number>;
  readonly p50_ms: number;
  readonly p95_ms: number;
  readonly p99_ms: number;
  readonly max_ms: number;
}

export async function sampleReads(base: string, key: string, stop: Promise<unknown>): Promise<ReadPhase> {
  const headers = { authorization: `Bearer ${key}` };
  const page = await fetch(`${base}/api/v1/products?category=inverter&limit=100&fields=id`, { headers });
  const ids = ((await page.json()) as { data: { id: string }[] }).data.map((p) => p.id);
  if (ids.length === 0) throw new Error('no products to read: load the live catalog first (npm start)');
  let stopped = false;
  void stop.then(() => (stopped = true));
  const ms: number[] = [];
  const failed: Record<string, number> = {};
  let n = 0;
  const client = async () => {
    while (!stopped) {
      const i = n++;
      const path =
        i % 4 === 3
          ? `/api/v1/search?q=${encodeURIComponent(`inverter ${3 + (i % 9)} kW ${i}`)}&limit=5`
          : `/api/v1/products/${ids[i % ids.length]}`;
      const t0 = performance.now();
      const res = await fetch(base + path, { headers });
      await res.arrayBuffer();
      ms.push(performance.now() - t0);
      if (res.status >= 300) failed[res.status] = (failed[res.status] ?? 0) + 1;
    }
  };
  await Promise.all([client(), client()]);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    requests: ms.length,
    failed,
    p50_ms: round(percentile(ms, 0.5)),
    p95_ms: round(percentile(ms, 0.95)),
    p99_ms: round(percentile(ms, 0.99)),
    max_ms: round(Math.max(...ms)),
  };
}
