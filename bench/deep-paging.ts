// Deep paging through cursors (search_after): the latency of page 1 against a page past result
// 10,000 and one past 100,000, each the median of repeated identical requests.
import { median } from './processes';

async function timed(
  url: string,
  key: string,
): Promise<{ ms: number; body: { data: unknown[]; meta: { next_cursor?: string } } }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  const body = (await res.json()) as { data: unknown[]; meta: { next_cursor?: string } };
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - t0, body };
}

export async function measureDeepPaging(
  gateway: string,
  key: string,
  repeats: number,
): Promise<{ page1: number; past10k: number; past100k: number }> {
  const first = `${gateway}/api/v1/products?limit=100`;
  const at: Record<number, string> = {};
  let url = first;
  for (let seen = 0; seen <= 100_000;) {
    const { body } = await timed(url, key);
    seen += body.data.length;
    if (!body.meta.next_cursor)
      throw new Error(`the synthetic index ends after ${seen} products; run with a larger --deep-paging`);
    url = `${first}&cursor=${encodeURIComponent(body.meta.next_cursor)}`;
    if (seen === 10_000) at[10_000] = url;
    if (seen === 100_000) at[100_000] = url;
  }
  const latency = async (u: string) => {
    const ms: number[] = [];
    for (let i = 0; i < repeats; i++) ms.push((await timed(u, key)).ms);
    return median(ms);
  };
  return { page1: await latency(first), past10k: await latency(at[10_000]), past100k: await latency(at[100_000]) };
}
