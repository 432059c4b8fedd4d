// The page behind every problem `type`: `/problems/<slug>` answers what the error catalog says of
// it, so a client (or a person) following the URI from a problem+json body finds its meaning.
import Router from '@koa/router';
import { AppError } from '../errors/app-error';
import { ERRORS, PROBLEM_TYPE_BASE, type ErrorDefinition, problemTypeNotFound } from '../errors/catalog';

const BY_SLUG: ReadonlyMap<string, ErrorDefinition & { code: string }> = new Map(
  Object.entries(ERRORS).map(([code, e]) => [e.slug, { ...e, code }]),
);

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Text in backquotes as code, the rest escaped. */
const inline = (text: string) => escape(text).replace(/`([^`]+)`/g, (_, code: string) => `<code>${code}</code>`);

function page(e: ErrorDefinition & { code: string }): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(e.title)} (${e.status})</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}code{background:#f2f2f2;padding:0 .2em}</style>
</head>
<body>
<h1>${escape(e.title)}</h1>
<p>HTTP status <strong>${e.status}</strong>, problem type <code>${PROBLEM_TYPE_BASE}${e.slug}</code>, code <code>${e.code}</code>.</p>
<p>${inline(e.description)}</p>
<p>The body is RFC 9457 problem+json: <code>detail</code> says what happened to this request, <code>request_id</code> names it in our logs. Every type: <a href="/api/v1/openapi.json">the OpenAPI document</a>, <code>x-problem-types</code>; the reference: <a href="/docs">/docs</a>.</p>
</body>
</html>
`;
}

export function problemPagesRouter(): Router {
  const router = new Router();
  router.get(`${PROBLEM_TYPE_BASE}:slug`, (ctx) => {
    const entry = BY_SLUG.get(ctx.params.slug);
    if (!entry) throw new AppError(problemTypeNotFound(ctx.params.slug));
    ctx.set('Content-Security-Policy', CSP);
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page(entry);
  });
  return router;
}
