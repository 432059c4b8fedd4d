import { route, type AnyRoute } from '../http/pipeline';
import { requireState } from '../http/request-state';
import { refuseOverLimit, type Throttle } from '../limits/throttle';
import type { KeyService } from './keys.service';

export interface KeyRouteDeps {
  readonly keys: KeyService;
  /** Key creations and revocations counted per account, so no one churns keys without bound. */
  readonly changes: Throttle;
}

export function keyRoutes({ keys, changes }: KeyRouteDeps): AnyRoute[] {
  const counted = async (accountId: string) =>
    refuseOverLimit(await changes.hit(accountId), 'key changes on this account');
  return [
    route({
      operationId: 'listApiKeys',
      async handle(ctx) {
        ctx.body = await keys.list(requireState(ctx, 'accountId'));
      },
    }),
    route({
      operationId: 'createApiKey',
      async handle(ctx, input) {
        const accountId = requireState(ctx, 'accountId');
        // Validated against the document's pattern with the rest of the request.
        const idempotencyKey = ctx.get('idempotency-key') || undefined;
        await counted(accountId);
        const { key, replayed } = await keys.create(accountId, input.body, idempotencyKey);
        if (replayed) ctx.set({ 'Idempotent-Replayed': 'true' });
        ctx.status = 201;
        ctx.body = key;
      },
    }),
    route({
      operationId: 'revokeCurrentApiKey',
      async handle(ctx) {
        const key = requireState(ctx, 'apiKey');
        await counted(key.accountId);
        await keys.revoke(key.accountId, key.id);
        ctx.status = 204;
      },
    }),
    route({
      operationId: 'revokeApiKey',
      async handle(ctx, input) {
        const accountId = requireState(ctx, 'accountId');
        await counted(accountId);
        await keys.revoke(accountId, input.params.id);
        ctx.status = 204;
      },
    }),
  ];
}
