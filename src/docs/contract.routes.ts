import { gzipSync } from 'node:zlib';
import { httpRoute, route, type AnyRoute } from '../http/pipeline';
import { render, sendRendered } from '../http/entity-tags';
import { OPENAPI } from '../contract/openapi';
import { GLOSSARY } from '../catalog/glossary';

// Serialized once: the document and the glossary are frozen, and serving them is a constant-time write.
const BODY = JSON.stringify(OPENAPI);
// The document is most of what the explorer and /docs load (about 320 KB); gzip makes it a tenth.
const BODY_GZIP = gzipSync(BODY, { level: 9 });
// Rendered once, beside its value (for a door that sends values, such as a tool call).
const GLOSSARY_RENDERED = render({ data: GLOSSARY });

export function contractRoutes(): AnyRoute[] {
  return [
    // Gzipped or not as the request accepts.
    httpRoute({
      operationId: 'getOpenApiContract',
      async handleHttp(ctx) {
        ctx.type = 'application/json';
        ctx.vary('Accept-Encoding');
        if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
          ctx.set('Content-Encoding', 'gzip');
          ctx.body = BODY_GZIP;
        } else ctx.body = BODY;
      },
    }),
    route({
      operationId: 'listSpecs',
      async handle(call) {
        sendRendered(call, GLOSSARY_RENDERED);
      },
    }),
  ];
}
