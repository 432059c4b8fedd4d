import { route, type AnyRoute } from '../http/pipeline';
import { always } from '../http/response-cache';
import { requireState } from '../http/request-state';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream';
import { getProduct, compareProducts, type ProductPorts } from './product.service';
import { similarProducts, type SimilarPorts } from './similar.service';
import { getProductsBatch, type BatchPorts } from './batch.service';
import { openExport, priceExport, ExportSlots, type ExportPorts } from './export.service';
import { IdleGuard } from '../http/idle-guard';

export interface ExportLimits {
  readonly perAccount: number;
  readonly idleMs: number;
}

export function productRoutes(
  ports: ProductPorts & ExportPorts & SimilarPorts & BatchPorts,
  exportLimits: ExportLimits,
): AnyRoute[] {
  const slots = new ExportSlots(exportLimits.perAccount);
  return [
    route({
      operationId: 'exportProducts',
      async handle(ctx, input) {
        const category: string | undefined = input.query.category;
        const inLatestEdition: boolean | undefined = input.query.in_latest_edition;
        const release = slots.take(requireState(ctx, 'apiKey').accountId);
        let opened: Awaited<ReturnType<typeof openExport>>;
        try {
          // Priced from a count, and paid in full (the base credit is already), before anything is read.
          await requireState(ctx, 'charge')(Math.max(0, (await priceExport({ category, inLatestEdition }, ports)) - 1));
          opened = await openExport({ category, inLatestEdition }, ports);
        } catch (err) {
          release();
          throw err;
        }
        const { body, close } = opened;
        // The response closes when sent, cut short or abandoned: the slot and the point in time go with it.
        ctx.res.once('close', () => {
          release();
          void close();
        });
        ctx.type = 'application/x-ndjson';
        ctx.set('Content-Disposition', `attachment; filename="products${category ? `-${category}` : ''}.ndjson"`);
        const gzip = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
        if (gzip) ctx.set('Content-Encoding', 'gzip');
        // Koa pipes the body with stream.pipeline: a failure mid-stream destroys the socket (the
        // client sees the export cut short) and reaches the app's error log. The gzip stage is a
        // pipeline too, so an upstream failure reaches it instead of being an unhandled error.
        const guarded = pipeline(body, new IdleGuard(exportLimits.idleMs), () => undefined);
        ctx.body = gzip ? pipeline(guarded, createGzip(), () => undefined) : guarded;
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
        const batch = await getProductsBatch(input.body, ports);
        // Priced by what was found, known only now: the credit held to start becomes one per product found.
        await requireState(ctx, 'settle')(batch.meta.found);
        ctx.body = batch;
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
