import { httpRoute, route, type AnyRoute } from '../http/pipeline';
import { always } from '../http/response-cache';
import { requireState } from '../http/request-state';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream';
import { getProduct, compareProducts, type ProductPorts } from './product.service';
import { similarProducts, type SimilarPorts } from './similar.service';
import { getProductsBatch, type BatchPorts } from './batch.service';
import { openExport, priceExport, exportCost, type ExportPorts } from './export.service';
import { AccountSlots } from '../shared/account-slots';
import { watchIdleReader } from '../http/idle-guard';

export interface ExportLimits {
  readonly perAccount: number;
  readonly idleMs: number;
}

export interface ProductRouteDeps {
  readonly ports: ProductPorts & ExportPorts & SimilarPorts & BatchPorts;
  readonly exportLimits: ExportLimits;
}

export function productRoutes({ ports, exportLimits }: ProductRouteDeps): AnyRoute[] {
  const slots = new AccountSlots(exportLimits.perAccount, 'exports', 10);
  return [
    // A stream, compressed as the request accepts, settled when the response closes.
    httpRoute({
      operationId: 'exportProducts',
      async handleHttp(ctx, input) {
        const filter = {
          category: input.query.category,
          inLatestEdition: input.query.in_latest_edition,
          afterId: input.query.after,
        };
        const name = `products${filter.category ? `-${filter.category}` : ''}.ndjson`;
        // A HEAD is answered from the headers alone: nothing counted, opened or charged.
        if (ctx.method === 'HEAD') {
          exportHeaders(ctx, name);
          ctx.status = 200;
          return;
        }
        const release = slots.take(requireState(ctx, 'apiKey').accountId);
        let opened: Awaited<ReturnType<typeof openExport>>;
        let price: number;
        try {
          // Priced from a count, and paid in full (the base credit is already), before anything is read.
          price = Math.max(1, await priceExport(filter, ports));
          await requireState(ctx, 'charge')(price - 1);
          opened = await openExport(filter, ports);
        } catch (err) {
          release();
          throw err;
        }
        const { body, close, sent } = opened;
        exportHeaders(ctx, name);
        const gzip = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
        if (gzip) ctx.set('Content-Encoding', 'gzip');
        // Koa pipes the body with stream.pipeline: a failure mid-stream destroys the socket (the
        // client sees the export cut short) and reaches the app's error log. The gzip stage is a
        // pipeline too, so an upstream failure reaches it instead of being an unhandled error.
        const stream = gzip ? pipeline(body, createGzip(), () => undefined) : body;
        const unwatch = watchIdleReader(ctx.socket, exportLimits.idleMs, (err) => stream.destroy(err));
        // The response closes when sent, cut short or abandoned: the slot and the point in time go
        // with it, and an export cut short gives back the credits of the products it did not send.
        const settle = requireState(ctx, 'settle');
        ctx.res.once('close', () => {
          unwatch();
          release();
          void close();
          if (!ctx.res.writableFinished) void settle(exportCost(sent()));
        });
        ctx.body = stream;
      },
    }),
    route({
      operationId: 'getProduct',
      // A product as it stood (as_of) is read from its revisions in MongoDB.
      fromIndex: (input) => input.query.as_of === undefined,
      async handle(ctx, input) {
        ctx.body = await getProduct(input.params.id, ports, input.query.as_of);
      },
    }),
    route({
      operationId: 'getProducts',
      async handle(ctx, input) {
        // Every entry is a lookup, found or not: 1 credit each, charged in full (the first is held
        // already) before anything is read, so an account that cannot pay makes the engines do nothing.
        await requireState(ctx, 'charge')(input.body.ids.length - 1);
        ctx.body = await getProductsBatch(input.body, ports);
      },
    }),
    route({
      operationId: 'listSimilarProducts',
      fromIndex: always,
      async handle(ctx, input) {
        ctx.body = await similarProducts(input.params.id, input.query.limit, ports);
      },
    }),
    route({
      operationId: 'compareProducts',
      fromIndex: always,
      async handle(ctx, input) {
        ctx.body = await compareProducts(input.query.ids, ports);
      },
    }),
  ];
}

function exportHeaders(ctx: { type: string; set(field: string, value: string): void }, name: string): void {
  ctx.type = 'application/x-ndjson';
  ctx.set('Content-Disposition', `attachment; filename="${name}"`);
}
