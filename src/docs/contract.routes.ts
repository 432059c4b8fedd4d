import { route, type AnyRoute } from '../http/pipeline';
import { OPENAPI } from '../contract/openapi';
import { GLOSSARY } from '../catalog/glossary';

// Serialized once: the document and the glossary are frozen, and serving them is a constant-time write.
const BODY = JSON.stringify(OPENAPI);
const GLOSSARY_BODY = JSON.stringify({ data: GLOSSARY });

export function contractRoutes(): AnyRoute[] {
  return [
    route({
      operationId: 'getOpenApiContract',
      async handle(ctx) {
        ctx.type = 'application/json';
        ctx.body = BODY;
      },
    }),
    route({
      operationId: 'listSpecs',
      async handle(ctx) {
        ctx.type = 'application/json';
        ctx.body = GLOSSARY_BODY;
      },
    }),
  ];
}
