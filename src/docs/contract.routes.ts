import { route, type AnyRoute } from '../http/pipeline';
import { OPENAPI } from '../contract/openapi';

// Serialized once: the document is frozen, and serving it is then a constant-time write.
const BODY = JSON.stringify(OPENAPI);

export function contractRoutes(): AnyRoute[] {
  return [
    route({
      operationId: 'getOpenApiContract',
      async handle(ctx) {
        ctx.type = 'application/json';
        ctx.body = BODY;
      },
    }),
  ];
}
