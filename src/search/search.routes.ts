import type { Route } from '../http/pipeline';
import { findProducts, type SearchPort } from './search.service';

export function searchRoutes(search: SearchPort, cursorSecret: string): Route[] {
  return [
    {
      operationId: 'searchProducts',
      async handle(ctx, input) {
        ctx.body = await findProducts('search', input.query, search, cursorSecret);
      },
    },
  ];
}
