import type { Route } from '../http/pipeline';
import { setBefore } from '../http/request-state';
import type { KeyService } from './keys.service';

export function keyRoutes(keys: KeyService): Route[] {
  return [
    {
      operationId: 'listApiKeys',
      async handle(ctx) {
        ctx.body = await keys.list(setBefore(ctx, 'accountId'));
      },
    },
    {
      operationId: 'createApiKey',
      async handle(ctx, input) {
        ctx.status = 201;
        ctx.body = await keys.create(setBefore(ctx, 'accountId'), input.body);
      },
    },
    {
      operationId: 'revokeApiKey',
      async handle(ctx, input) {
        await keys.revoke(setBefore(ctx, 'accountId'), input.params.id);
        ctx.status = 204;
      },
    },
  ];
}
