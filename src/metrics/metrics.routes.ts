// GET /metrics for Prometheus. Not part of the public API: by default only connections from this
// machine may read it (the socket's address, never a forwarded header); METRICS_ACCESS=token asks
// for a bearer token instead, for a scraper elsewhere; `off` answers 404 as if there were none.
import Router from '@koa/router';
import { equalInConstantTime } from '../shared/constant-time';
import { AppError } from '../errors/app-error';
import { registry } from '../shared/metrics';

export interface MetricsAccess {
  readonly mode: 'loopback' | 'token' | 'off';
  readonly token?: string;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** `source`: the Prometheus text to serve (in a worker, every worker's metrics summed). */
export function metricsRouter(access: MetricsAccess, source: () => Promise<string>): Router {
  const router = new Router();
  if (access.mode === 'off') return router;
  router.get('/metrics', async (ctx) => {
    if (access.mode === 'loopback' && !LOOPBACK.test(ctx.req.socket.remoteAddress ?? '')) {
      throw new AppError('FORBIDDEN', 'Metrics are readable from this machine only (METRICS_ACCESS=loopback).');
    }
    if (access.mode === 'token') {
      const given = /^Bearer (.+)$/i.exec(ctx.get('authorization'))?.[1] ?? '';
      if (!equalInConstantTime(Buffer.from(given), Buffer.from(access.token!)))
        throw new AppError('UNAUTHENTICATED', 'Metrics need the metrics bearer token.', {
          headers: { 'WWW-Authenticate': 'Bearer' },
        });
    }
    ctx.type = registry.contentType;
    ctx.body = await source().catch((cause: unknown) => {
      // A worker that does not answer in time (one dying as it is asked): the next scrape will do.
      throw new AppError('DEPENDENCY_UNAVAILABLE', 'The workers did not all send their metrics in time.', {
        headers: { 'Retry-After': '1' },
        cause,
      });
    });
  });
  return router;
}
