import { route, type AnyRoute } from '../http/pipeline';
import { always } from '../http/response-cache';
import { requireState } from '../http/request-state';
import { FairGate, type FairGateLimits } from '../shared/fair-gate';
import { findProducts, type SearchPort } from './search.service';

export interface SearchRouteDeps {
  readonly search: SearchPort;
  /** Signs the cursors of lists and searches. */
  readonly cursorSecret: string;
  /** Admission of lists and searches to the engine, fair between accounts (cached answers never get here). */
  readonly engineSlots: FairGateLimits;
}

export function searchRoutes({ search, cursorSecret, engineSlots }: SearchRouteDeps): AnyRoute[] {
  const slots = new FairGate(engineSlots, 'searches');
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
