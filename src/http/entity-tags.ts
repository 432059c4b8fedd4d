// Entity tags on successful reads, and 304 Not Modified for a client that already holds the answer
// (If-None-Match). The body is serialized once, and the tag is the hash of those bytes, so it
// changes exactly when the answer does. A 304 passes every gate a 200 does first: the key, the rate
// limit and the credits are counted the same (documented in the OpenAPI description); what it saves
// is the transfer.
import { Stream } from 'node:stream';
import etag from 'etag';
import type { Rendered, RequestMiddleware as Middleware } from './request-state';
import type { Call } from './call';

export function render(body: unknown): Rendered {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return { bytes, tag: etag(bytes), value: body };
}

/** Sends an answer already rendered (by the response cache), so it is neither serialized nor hashed again. */
export function sendRendered(ctx: Call, rendered: Rendered): void {
  // The type first: Koa would label a Buffer body application/octet-stream.
  ctx.type = 'application/json';
  ctx.body = rendered.bytes;
  ctx.state.rendered = rendered;
}

export function entityTags(): Middleware {
  return async (ctx, next) => {
    await next();
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.status !== 200) return;
    const body: unknown = ctx.body;
    if (body === null || body === undefined || body instanceof Stream) return;
    let tag = ctx.state.rendered?.bytes === body ? ctx.state.rendered.tag : undefined;
    if (tag === undefined) {
      const rendered = render(body);
      // Keeps the content type Koa already set from the object (application/json).
      ctx.body = rendered.bytes;
      tag = rendered.tag;
    }
    ctx.set('ETag', tag);
    if (matches(ctx.get('If-None-Match'), tag)) ctx.status = 304;
  };
}

/**
 * RFC 9110 13.1.2: If-None-Match with weak comparison. Not Koa's `ctx.fresh`: it answers 200 to any
 * request that also says `Cache-Control: no-cache`, which fetch() adds to every conditional request.
 */
function matches(ifNoneMatch: string, tag: string): boolean {
  if (ifNoneMatch === '') return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => opaque(t) === opaque(tag));
}
