// buildApp(deps): the middleware order and the routers, no I/O. main.ts supplies the dependencies.
import Koa from 'koa';
import Router from '@koa/router';
import { requestId } from './http/request-id';
import { timing } from './http/timing';
import { problemErrors } from './http/errors';
import { securityHeaders } from './http/security-headers';
import { entityTags } from './http/entity-tags';
import { boundedQuery } from './http/query-string';
import type { RequestState } from './http/request-state';
import type { Logger } from './shared/logger';

export interface AppDeps {
  readonly logger: Logger;
  readonly trustProxy: boolean;
  /** With trustProxy, how many proxies append to X-Forwarded-For: the client is the entry that many from the right. */
  readonly proxyHops: number;
  /** Routers in mount order; each carries its own middleware (auth, limits, credits) per route. */
  readonly routers: readonly Router[];
}

export function buildApp(deps: AppDeps): Koa {
  // maxIpsCount keeps only the entries our own proxies wrote: the leftmost are whatever the client sent.
  const app = new Koa<RequestState>({ proxy: deps.trustProxy, maxIpsCount: deps.proxyHops });
  // Errors are rendered by problemErrors; Koa's own handler would only log them a second time.
  app.silent = true;
  // What reaches Koa's error event is past problemErrors: a body stream failing after the headers.
  // Koa reports that once from the body pipeline and once from the response closing: log it once.
  const reported = new WeakSet<Error>();
  app.on('error', (err: Error, ctx?: Koa.Context) => {
    if (reported.has(err)) return;
    reported.add(err);
    deps.logger.error('response failed after headers', {
      request_id: ctx?.state.requestId,
      path: ctx?.path,
      cause: err.message,
    });
  });
  app.use(requestId());
  app.use(timing(deps.logger));
  app.use(securityHeaders());
  app.use(problemErrors(deps.logger));
  app.use(boundedQuery());
  app.use(entityTags());
  const root = new Router();
  for (const router of deps.routers) root.use(router.routes());
  app.use(root.routes());
  app.use(root.allowedMethods());
  return app;
}
