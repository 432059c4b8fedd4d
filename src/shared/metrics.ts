// The service's Prometheus series, in one registry of its own. Recording is a few in-memory
// increments per request; the text format is built only when /metrics is read.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'pds_' });

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const requests = new Counter({
  name: 'pds_http_requests_total',
  help: 'HTTP requests answered, by route (the path template), method and status.',
  labelNames: ['route', 'method', 'status'],
  registers: [registry],
});
const requestSeconds = new Histogram({
  name: 'pds_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route, method and status.',
  labelNames: ['route', 'method', 'status'],
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});
const dependencySeconds = new Histogram({
  name: 'pds_dependency_call_duration_seconds',
  help: 'Duration of Elasticsearch (es) and MongoDB (db) calls, failed ones included.',
  labelNames: ['dependency'],
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});
const creditsSpent = new Counter({
  name: 'pds_credits_spent_total',
  help: 'Credits charged for answered requests (refunds already deducted).',
  registers: [registry],
});
const responseCache = new Counter({
  name: 'pds_response_cache_lookups_total',
  help: 'Rendered answers looked up in the response cache, by result (hit or miss).',
  labelNames: ['result'],
  registers: [registry],
});
const readCache = new Counter({
  name: 'pds_read_cache_lookups_total',
  help: 'Elasticsearch answers looked up in the read cache, by result (hit or miss).',
  labelNames: ['result'],
  registers: [registry],
});
const rateLimited = new Counter({
  name: 'pds_rate_limit_rejections_total',
  help: 'Requests refused with 429, by limiter (api_key, account, or a login, registration or refused-key throttle).',
  labelNames: ['limiter'],
  registers: [registry],
});

/** Each route, method and status's two series, looked up once: labelling hashes the label values. */
const series = new Map<string, { count: { inc(): void }; seconds: { observe(s: number): void } }>();

export const metrics = {
  request(route: string, method: string, status: number, seconds: number): void {
    const id = `${method} ${status} ${route}`;
    let s = series.get(id);
    if (!s) {
      // Bounded: routes are the router's templates (or 'unmatched'), methods and statuses few.
      s = {
        count: requests.labels(route, method, String(status)),
        seconds: requestSeconds.labels(route, method, String(status)),
      };
      series.set(id, s);
    }
    s.count.inc();
    s.seconds.observe(seconds);
  },
  dependency(name: string, seconds: number): void {
    dependencySeconds.observe({ dependency: name }, seconds);
  },
  creditsSpent(n: number): void {
    if (n > 0) creditsSpent.inc(n);
  },
  responseCache(result: 'hit' | 'miss'): void {
    responseCache.inc({ result });
  },
  readCache(result: 'hit' | 'miss'): void {
    readCache.inc({ result });
  },
  rateLimited(limiter: string): void {
    rateLimited.inc({ limiter });
  },
};
