import { route, type AnyRoute } from '../http/pipeline';
import { always } from '../http/response-cache';
import { findProducts, type SearchPort } from './search.service';

export function searchRoutes(search: SearchPort, cursorSecret: string): AnyRoute[] {
  return [
    route({
      operationId: 'listProducts',
      fromIndex: always,
      async handle(ctx, input) {
        ctx.body = await findProducts('list', input.query, search, cursorSecret);
      },
    }),
    route({
      operationId: 'searchProducts',
      fromIndex: always,
      async handle(ctx, input) {
        ctx.body = await findProducts('search', input.query, search, cursorSecret);
      },
    }),
  ];
}
