import { route, type AnyRoute } from '../http/pipeline';
import { always } from '../http/response-cache';
import { requireState } from '../http/request-state';
import { AccountSlots } from '../shared/account-slots';
import { findProducts, type SearchPort } from './search.service';

export interface SearchRouteDeps {
  readonly search: SearchPort;
  /** Signs the cursors of lists and searches. */
  readonly cursorSecret: string;
  /** Lists and searches one account may have in the engine at once (cached answers never get here). */
  readonly perAccount: number;
}

export function searchRoutes({ search, cursorSecret, perAccount }: SearchRouteDeps): AnyRoute[] {
  const slots = new AccountSlots(perAccount, 'searches', 1);
  return [
    route({
      operationId: 'listProducts',
      fromIndex: always,
      async handle(ctx, input) {
        ctx.body = await slots.within(requireState(ctx, 'apiKey').accountId, () =>
          findProducts('list', input.query, search, cursorSecret),
        );
      },
    }),
    route({
      operationId: 'searchProducts',
      fromIndex: always,
      async handle(ctx, input) {
        ctx.body = await slots.within(requireState(ctx, 'apiKey').accountId, () =>
          findProducts('search', input.query, search, cursorSecret),
        );
      },
    }),
  ];
}
