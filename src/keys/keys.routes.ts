import { route, type AnyRoute } from '../http/pipeline';
import { requireState } from '../http/request-state';
import type { KeyService } from './keys.service';

export function keyRoutes(keys: KeyService): AnyRoute[] {
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
        ctx.status = 201;
        ctx.body = await keys.create(requireState(ctx, 'accountId'), input.body);
      },
    }),
    route({
      operationId: 'revokeCurrentApiKey',
      async handle(ctx) {
        const key = requireState(ctx, 'apiKey');
        await keys.revoke(key.accountId, key.id);
        ctx.status = 204;
      },
    }),
    route({
      operationId: 'revokeApiKey',
      async handle(ctx, input) {
        await keys.revoke(requireState(ctx, 'accountId'), input.params.id);
        ctx.status = 204;
      },
    }),
  ];
}
