import type { RequestMiddleware as Middleware } from './request-state';

// A JSON API has nothing to frame, sniff or refer; these cost nothing and close those doors.
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    await next();
  };
}
