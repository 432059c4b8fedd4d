import { route, type AnyRoute } from '../http/pipeline';
import { requireState } from '../http/request-state';
import type { WatchService } from './watches.service';
import type { DeliveryService } from './deliveries.service';

export interface WatchRouteDeps {
  readonly watches: WatchService;
  readonly deliveries: DeliveryService;
}

export function watchRoutes({ watches, deliveries }: WatchRouteDeps): AnyRoute[] {
  return [
    route({
      operationId: 'listWatches',
      async handle(ctx) {
        ctx.body = await watches.list(requireState(ctx, 'accountId'));
      },
    }),
    route({
      operationId: 'createWatch',
      async handle(ctx, input) {
        ctx.status = 201;
        ctx.body = await watches.create(requireState(ctx, 'accountId'), input.body);
      },
    }),
    route({
      operationId: 'getWatch',
      async handle(ctx, input) {
        ctx.body = await watches.get(requireState(ctx, 'accountId'), input.params.id);
      },
    }),
    route({
      operationId: 'changeWatch',
      async handle(ctx, input) {
        ctx.body = await watches.change(requireState(ctx, 'accountId'), input.params.id, input.body);
      },
    }),
    route({
      operationId: 'deleteWatch',
      async handle(ctx, input) {
        await watches.remove(requireState(ctx, 'accountId'), input.params.id);
        ctx.status = 204;
      },
    }),
    route({
      operationId: 'rotateWatchSecret',
      async handle(ctx, input) {
        ctx.body = await watches.rotateSecret(requireState(ctx, 'accountId'), input.params.id);
      },
    }),
    route({
      operationId: 'listWatchDeliveries',
      async handle(ctx, input) {
        ctx.body = await deliveries.list(requireState(ctx, 'accountId'), input.params.id, input.query.limit ?? 20);
      },
    }),
    route({
      operationId: 'redeliverWatchDelivery',
      async handle(ctx, input) {
        ctx.status = 202;
        ctx.body = await deliveries.redeliver(
          requireState(ctx, 'accountId'),
          input.params.id,
          input.params.delivery_id,
        );
      },
    }),
    route({
      operationId: 'sendWatchTestEvent',
      async handle(ctx, input) {
        ctx.status = 202;
        ctx.body = await deliveries.sendTest(requireState(ctx, 'accountId'), input.params.id);
      },
    }),
  ];
}
