import { randomUUID } from 'node:crypto';
import type { RequestMiddleware as Middleware } from './request-state';

// An incoming id is kept only when it is short and plain, so it is safe to echo and to log.
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const id = SANE_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    await next();
  };
}
