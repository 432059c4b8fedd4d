import { route, type AnyRoute } from '../http/pipeline';
import { always } from '../http/response-cache';
import { requireState } from '../http/request-state';
import { FairGate, type FairGateLimits } from '../shared/fair-gate';
import { findProducts, type SearchPort } from './search.service';
import type { Mode } from '../catalog/product-query';

export interface SearchRouteDeps {
  readonly search: SearchPort;
  /** Signs the cursors of lists and searches. */
  readonly cursorSecret: string;
  /** Admission of lists and searches to the engine, fair between accounts (cached answers never get here). */
  readonly engineSlots: FairGateLimits;
}

/** The two collection operations and how each reads its query. */
const COLLECTIONS = [
  { operationId: 'listProducts', mode: 'list' },
  { operationId: 'searchProducts', mode: 'search' },
] as const satisfies readonly { operationId: string; mode: Mode }[];

export function searchRoutes({ search, cursorSecret, engineSlots }: SearchRouteDeps): AnyRoute[] {
  const slots = new FairGate(engineSlots, 'searches');
  return COLLECTIONS.map(({ operationId, mode }) =>
    route<(typeof COLLECTIONS)[number]['operationId']>({
      operationId,
      fromIndex: always,
      async handle(ctx, input) {
        ctx.body = await slots.within(requireState(ctx, 'apiKey').accountId, () =>
          findProducts(mode, input.query, search, cursorSecret),
        );
      },
    }),
  );
}
