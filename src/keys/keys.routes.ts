import type { Route } from '../http/pipeline';
import type { KeyService } from './keys.service';

export function keyRoutes(keys: KeyService): Route[] {
  return [
    {
      operationId: 'listApiKeys',
      async handle(ctx) {
        ctx.body = await keys.list(ctx.state.accountId);
      },
    },
    {
      operationId: 'createApiKey',
      async handle(ctx, input) {
        ctx.status = 201;
        ctx.body = await keys.create(ctx.state.accountId, input.body);
      },
    },
    {
      operationId: 'revokeApiKey',
      async handle(ctx, input) {
        await keys.revoke(ctx.state.accountId, input.params.id);
        ctx.status = 204;
      },
    },
  ];
}
