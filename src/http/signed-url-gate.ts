// The gate of an operation reached by a signed URL instead of a key: the URL's id and signature are
// checked, and the key of the link's owner stands in for a bearer key, so the rate limit and the
// credits that follow are that key's and account's. A refused URL is answered before the credits:
// nothing is charged for it.
import type { RequestMiddleware as Middleware } from './request-state';
import type { KeyPrincipal } from '../catalog/api-key.types';

/** Opens a signed link, or throws the problem saying why not (403 altered, 410 expired or revoked). */
export interface SignedUrlOpener {
  open(id: unknown, signature: unknown): Promise<{ principal: KeyPrincipal }>;
}

export function signedUrlGate(links: SignedUrlOpener): Middleware {
  return async (ctx, next) => {
    const { principal } = await links.open(ctx.params.id, ctx.query.signature);
    ctx.state.apiKey = principal;
    await next();
  };
}
