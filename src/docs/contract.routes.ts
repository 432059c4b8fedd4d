import type { Route } from '../http/pipeline';
import { OPENAPI } from './openapi';

// Serialized once: the document is frozen, and serving it is then a constant-time write.
const BODY = JSON.stringify(OPENAPI);

export function contractRoutes(): Route[] {
  return [
    {
      operationId: 'getOpenApiContract',
      async handle(ctx) {
        ctx.type = 'application/json';
        ctx.body = BODY;
      },
    },
  ];
}
