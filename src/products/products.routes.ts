import type { Route } from '../http/pipeline';
import { always } from '../http/response-cache';
import { setBefore } from '../http/request-state';
import { findProducts, type SearchPort } from '../search/search.service';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream';
import { getProduct, compareProducts, type ProductPorts } from './product.service';
import { openExport, exportCost, type ExportPorts } from './export.service';

export function productRoutes(ports: ProductPorts & ExportPorts, search: SearchPort, cursorSecret: string): Route[] {
  return [
    {
      operationId: 'exportProducts',
      async handle(ctx, input) {
        const category: string | undefined = input.query.category;
        const inLatestEdition: boolean | undefined = input.query.in_latest_edition;
        const { total, body, close } = await openExport({ category, inLatestEdition }, ports);
        // The base credit is already paid; the rest is charged before the first byte leaves.
        try {
          await setBefore(ctx, 'charge')(Math.max(0, exportCost(total) - 1));
        } catch (err) {
          await close();
          throw err;
        }
        ctx.type = 'application/x-ndjson';
        ctx.set('Content-Disposition', `attachment; filename="products${category ? `-${category}` : ''}.ndjson"`);
        const gzip = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
        if (gzip) ctx.set('Content-Encoding', 'gzip');
        // Koa pipes the body with stream.pipeline: a failure mid-stream destroys the socket (the
        // client sees the export cut short) and reaches the app's error log. The gzip stage is a
        // pipeline too, so an upstream failure reaches it instead of being an unhandled error.
        ctx.body = gzip ? pipeline(body, createGzip(), () => undefined) : body;
      },
    },
    {
      operationId: 'listProducts',
      fromIndex: always,
      async handle(ctx, input) {
        ctx.body = await findProducts('list', input.query, search, cursorSecret);
      },
    },
    {
      operationId: 'getProduct',
      // A product as it stood (as_of) is read from its revisions in MongoDB.
      fromIndex: (input) => input.query.as_of === undefined,
      async handle(ctx, input) {
        ctx.body = await getProduct(input.params.id, ports, input.query.as_of);
      },
    },
    {
      operationId: 'compareProducts',
      fromIndex: always,
      async handle(ctx, input) {
        ctx.body = await compareProducts(input.query.ids, ports);
      },
    },
  ];
}
