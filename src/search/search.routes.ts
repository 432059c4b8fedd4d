import type { Route } from '../http/pipeline';
import { always } from '../http/response-cache';
import { findProducts, type SearchPort } from './search.service';

export function searchRoutes(search: SearchPort, cursorSecret: string): Route[] {
  return [
    {
      operationId: 'searchProducts',
      fromIndex: always,
      async handle(ctx, input) {
        ctx.body = await findProducts('search', input.query, search, cursorSecret);
      },
    },
  ];
}
