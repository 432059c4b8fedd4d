import Router from '@koa/router';
import { AppError } from '../errors/app-error';
import { notReady } from '../errors/catalog';
import { checkReadiness, type Probe } from './health.service';

export function healthRouter(probes: readonly Probe[], timeoutMs: number): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const checks = await checkReadiness(probes, timeoutMs);
    const down = Object.keys(checks).filter((name) => checks[name].status === 'down');
    if (down.length > 0) {
      throw new AppError(notReady(down), { extensions: { checks } });
    }
    ctx.body = { status: 'ready', checks };
  });
  return router;
}
