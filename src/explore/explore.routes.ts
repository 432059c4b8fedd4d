// GET /explore: the equipment explorer, a page for people (search, a product with its evidence and
// history, alternatives, compare, the design tools). A static shell and its own assets, served from
// this origin like /docs; the page calls the same API with a key the reader signs in for, and reads
// its vocabularies from the served OpenAPI document. No inline script or style: the CSP allows only
// this origin's files.
import Router from '@koa/router';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../shared/paths';
import { AppError } from '../errors/app-error';
import { assetNotFound } from '../errors/catalog';

// The assets stay beside this file in src/ (tsc does not copy them to dist/).
const ASSETS_DIR = path.join(PROJECT_ROOT, 'src', 'explore', 'assets');
const SCRIPT = 'text/javascript; charset=utf-8';
/** Every file the page may load, with its type: nothing else under /explore/assets/ is served. */
export const ASSETS: Readonly<Record<string, string>> = {
  'explore.css': 'text/css; charset=utf-8',
  'explore.mjs': SCRIPT,
  'api.mjs': SCRIPT,
  'dom.mjs': SCRIPT,
  'session.mjs': SCRIPT,
  'search.mjs': SCRIPT,
  'chips.mjs': SCRIPT,
  'facets.mjs': SCRIPT,
  'card.mjs': SCRIPT,
  'product.mjs': SCRIPT,
  'compare.mjs': SCRIPT,
  'design.mjs': SCRIPT,
  'chart.mjs': SCRIPT,
  'pvsyst.mjs': SCRIPT,
  'performance.mjs': SCRIPT,
  'watches.mjs': SCRIPT,
  'watch-model.mjs': SCRIPT,
};

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Equipment explorer · Product Data Service</title>
<link rel="icon" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/explore/assets/explore.css">
<script type="module" src="/explore/assets/explore.mjs"></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <a class="brand" href="/explore">Equipment explorer</a>
  <nav aria-label="Sections"><a href="/explore">Search</a> <a href="/explore?view=compare">Compare</a> <a href="/explore?view=design">Design tools</a> <a href="/explore?view=watches">Watches</a> <a href="/docs">API reference</a></nav>
  <div id="session" class="session"></div>
</header>
<div id="status" class="status" role="status" aria-live="polite"></div>
<main id="main" tabindex="-1"><noscript>The explorer needs JavaScript; the API reference is at <a href="/docs">/docs</a>.</noscript></main>
<aside id="tray" class="tray" aria-label="Products picked to compare"></aside>
</body>
</html>
`;

export function exploreRouter(): Router {
  const router = new Router();
  router.get('/explore', (ctx) => {
    ctx.set('Content-Security-Policy', CSP);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = PAGE;
  });
  router.get('/explore/assets/:file', async (ctx) => {
    const file = ctx.params.file;
    // Own properties only: `constructor` or `__proto__` must not be taken for an asset.
    if (!Object.hasOwn(ASSETS, file)) throw new AppError(assetNotFound('/explore/assets/', file));
    ctx.type = ASSETS[file];
    ctx.set('Cache-Control', 'no-cache');
    // Read whole (a few KB each) rather than streamed, so they carry an ETag and a returning reader gets 304s.
    ctx.body = await readFile(path.join(ASSETS_DIR, file));
  });
  return router;
}
