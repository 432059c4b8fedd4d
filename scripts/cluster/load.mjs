// Steady reads against the service, for scripts/rehearse-cluster.mjs: requests leave at a fixed
// rate whatever the answers do (a hang shows as requests piling up, not as a slower sender), each
// kept with when it left, how long it took and what came back; /readyz is polled beside them.

/** getProduct, search and list, in turns. */
function requestFor(n, { ids, queries }) {
  switch (n % 4) {
    case 0:
    case 1:
      return `/api/v1/products/${encodeURIComponent(ids[(n >> 2) % ids.length])}`;
    case 2:
      return `/api/v1/search?q=${encodeURIComponent(queries[(n >> 2) % queries.length])}&limit=10`;
    default:
      return `/api/v1/products?category=pv-module&limit=${10 + ((n >> 2) % 5)}`;
  }
}

/**
 * Starts the load; `stop()` resolves with every answer once the last request has settled. Times are
 * ms on performance.now()'s clock. `abortMs` is where the client gives up and counts a hang.
 */
export function startLoad({ baseUrl, key, ids, queries, rate, abortMs }) {
  const answers = [];
  const pending = new Set();
  let n = 0;
  const send = () => {
    const path = requestFor(n++, { ids, queries });
    const sentAt = performance.now();
    const done = fetch(`${baseUrl}${path}`, {
      headers: { authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(abortMs),
    })
      .then(async (res) => {
        const body = await res.text();
        answers.push({
          path,
          sentAt,
          ms: performance.now() - sentAt,
          status: res.status,
          contentType: res.headers.get('content-type') ?? '',
          retryAfter: res.headers.get('retry-after'),
          problem: res.status >= 400 ? problemType(body) : undefined,
        });
      })
      .catch((err) => answers.push({ path, sentAt, ms: performance.now() - sentAt, status: 0, error: err.name }))
      .finally(() => pending.delete(done));
    pending.add(done);
  };
  const timer = setInterval(send, 1000 / rate);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.allSettled(pending);
      return answers.sort((a, b) => a.sentAt - b.sentAt);
    },
  };
}

function problemType(body) {
  try {
    return JSON.parse(body).type;
  } catch {
    return 'not json';
  }
}

/** Polls `probe` every `everyMs`; `stop()` resolves with what each poll found, with its time. */
export function poll(probe, everyMs) {
  const seen = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const at = performance.now();
      seen.push({ at, ...(await probe()) });
      await new Promise((r) => setTimeout(r, Math.max(0, everyMs - (performance.now() - at))));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return seen;
    },
  };
}

/** /readyz's status and what it said of Elasticsearch. */
export async function readiness(baseUrl) {
  try {
    const res = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(5000) });
    const body = await res.json();
    return { status: res.status, elasticsearch: body.checks?.elasticsearch?.status ?? 'unknown' };
  } catch (err) {
    return { status: 0, elasticsearch: err.name };
  }
}

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : 0);
const round = (ms) => Math.round(ms);

/** Latency summary of `answers`: count, p50, p95, p99, worst (ms). */
export function latency(answers) {
  const sorted = answers.map((a) => a.ms).sort((x, y) => x - y);
  return {
    count: sorted.length,
    p50: round(pct(sorted, 0.5)),
    p95: round(pct(sorted, 0.95)),
    p99: round(pct(sorted, 0.99)),
    worst: round(sorted.at(-1) ?? 0),
  };
}

/**
 * What a scenario's answers say, relative to `stoppedAt`: statuses, the answers that break the rule
 * (anything but a 200 or a 503 problem+json with Retry-After, or slower than `boundMs`), the window
 * of failed answers and when the last one came back (the time to recover).
 */
export function judge(answers, stoppedAt, boundMs) {
  const byStatus = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  const fair503 = (a) =>
    a.status === 503 && a.contentType.startsWith('application/problem+json') && Boolean(a.retryAfter);
  const broken = answers.filter((a) => (a.status !== 200 && !fair503(a)) || a.ms > boundMs);
  const failed = answers.filter((a) => a.status !== 200);
  const after = answers.filter((a) => a.sentAt >= stoppedAt);
  const lastFailed = failed.at(-1);
  return {
    byStatus,
    problems: [...new Set(failed.map((a) => a.problem ?? a.error))],
    broken: broken.map((a) => ({ ...a, sentAt: round(a.sentAt - stoppedAt), ms: round(a.ms) })).slice(0, 20),
    brokenCount: broken.length,
    before: latency(answers.filter((a) => a.sentAt < stoppedAt)),
    after: latency(after),
    failedAfterStop: failed.filter((a) => a.sentAt >= stoppedAt).length,
    firstFailedMs: failed.length ? round(failed[0].sentAt - stoppedAt) : null,
    recoveredAfterMs: lastFailed ? round(lastFailed.sentAt + lastFailed.ms - stoppedAt) : 0,
    servedAfterStop: after.filter((a) => a.status === 200).length,
  };
}
