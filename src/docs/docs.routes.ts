// GET /docs: the API reference, rendered in the browser by Swagger UI from the served OpenAPI
// document, with "Try it out" for calls with the reader's own key. Every asset is served from
// here (swagger-ui-dist from npm), so the page works offline and the CSP allows only this origin.
import Router from '@koa/router';
import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../shared/paths';
import { AppError } from '../errors/app-error';
import { assetNotFound } from '../errors/catalog';

const DIST = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const VERSION = (JSON.parse(readFileSync(path.join(DIST, 'package.json'), 'utf8')) as { version: string }).version;
const VENDOR: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};
// Our own two assets stay beside this file in src/ (tsc does not copy them to dist/).
const OWN_DIR = path.join(PROJECT_ROOT, 'src', 'docs', 'assets');
const OWN: Readonly<Record<string, string>> = {
  'docs.js': 'text/javascript; charset=utf-8',
  'docs.css': 'text/css; charset=utf-8',
};

// Swagger UI sets style attributes from script, hence 'unsafe-inline' for styles only; scripts,
// fetches and images stay on this origin.
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Product Data Service API reference</title>
<link rel="icon" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css?v=${VERSION}">
<link rel="stylesheet" href="/docs/assets/docs.css">
</head>
<body>
<p class="explore-link"><a href="/explore">Equipment explorer</a>: search, a product's evidence and history, alternatives, compare and the design tools, in the browser.</p>
<div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js?v=${VERSION}"></script>
<script src="/docs/assets/docs.js"></script>
</body>
</html>
`;

export function docsRouter(): Router {
  const router = new Router();
  router.get('/docs', (ctx) => {
    ctx.set('Content-Security-Policy', CSP);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = PAGE;
  });
  router.get('/docs/assets/:file', (ctx) => {
    const file = ctx.params.file;
    // Own properties only: `constructor` or `__proto__` must not be taken for an asset.
    const vendor = Object.hasOwn(VENDOR, file);
    if (!vendor && !Object.hasOwn(OWN, file)) throw new AppError(assetNotFound('/docs/assets/', file));
    ctx.type = vendor ? VENDOR[file] : OWN[file];
    ctx.set('Cache-Control', vendor ? 'public, max-age=86400' : 'no-cache');
    ctx.body = createReadStream(vendor ? path.join(DIST, file) : path.join(OWN_DIR, file));
  });
  return router;
}
