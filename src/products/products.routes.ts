import type { Route } from '../http/pipeline';
import { findProducts, type SearchPort } from '../search/search.service';
import { getProduct, compareProducts, type ProductPorts } from './product.service';

export function productRoutes(ports: ProductPorts, search: SearchPort, cursorSecret: string): Route[] {
  return [
    {
      operationId: 'listProducts',
      async handle(ctx, input) {
        ctx.body = await findProducts('list', input.query, search, cursorSecret);
      },
    },
    {
      operationId: 'getProduct',
      async handle(ctx, input) {
        ctx.body = await getProduct(input.params.id, ports, input.query.as_of);
      },
    },
    {
      operationId: 'compareProducts',
      async handle(ctx, input) {
        ctx.body = await compareProducts(input.query.ids, ports);
      },
    },
  ];
}
