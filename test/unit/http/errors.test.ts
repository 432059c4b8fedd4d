import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import { requestId } from '../../../src/http/request-id';
import { problemErrors } from '../../../src/http/errors';
import { createLogger } from '../../../src/shared/logger';
import { AppError } from '../../../src/errors/app-error';
import { request } from '../../helpers/http';

describe('error middleware', () => {
  let server: Server;
  let base: string;
  const logs: string[] = [];

  before(async () => {
    const app = new Koa();
    app.silent = true;
    const router = new Router();
    router.get('/missing', () => {
      throw new AppError('NOT_FOUND', 'No product with id x.');
    });
    router.get('/boom', () => {
      throw new Error('connection string mongodb://admin:hunter2@db/secret exploded');
    });
    router.get('/limited', (ctx) => ctx.throw(429, 'slow down', { headers: { 'Retry-After': '7' } }));
    app.use(requestId());
    app.use(problemErrors(createLogger('error', (l) => logs.push(l))));
    app.use(router.routes());
    app.use(router.allowedMethods());
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  it('when a handler throws an AppError, then it is rendered as problem+json with its status', async () => {
    const res = await request(`${base}/missing`);
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
    assert.deepEqual(
      {
        type: res.body.type,
        title: res.body.title,
        status: res.body.status,
        detail: res.body.detail,
        instance: res.body.instance,
      },
      {
        type: '/problems/not-found',
        title: 'Resource not found',
        status: 404,
        detail: 'No product with id x.',
        instance: '/missing',
      },
    );
    assert.equal(res.body.request_id, res.headers.get('x-request-id'));
  });

  it('when something unexpected throws, then a 500 problem says nothing internal and the cause is logged', async () => {
    const res = await request(`${base}/boom`);
    assert.equal(res.status, 500);
    assert.equal(res.body.type, '/problems/internal');
    assert.doesNotMatch(res.text, /hunter2|mongodb|exploded|at /);
    assert.ok(logs.some((l) => l.includes(res.body.request_id) && l.includes('exploded')));
  });

  it('when middleware throws an HTTP error with headers, then the problem keeps them', async () => {
    const res = await request(`${base}/limited`);
    assert.equal(res.status, 429);
    assert.equal(res.body.type, '/problems/rate-limited');
    assert.equal(res.headers.get('retry-after'), '7');
  });

  it('when no route matches, then 404 problem; when the method is wrong, then 405 problem with Allow', async () => {
    const notFound = await request(`${base}/nope`);
    assert.equal(notFound.status, 404);
    assert.equal(notFound.body.type, '/problems/route-not-found');
    const wrong = await request(`${base}/missing`, { method: 'DELETE' });
    assert.equal(wrong.status, 405);
    assert.equal(wrong.body.type, '/problems/method-not-allowed');
    assert.match(wrong.headers.get('allow') ?? '', /GET/);
  });

  it('when the client sends a sane request id, then it is echoed; an unsafe one is replaced', async () => {
    const kept = await request(`${base}/missing`, { headers: { 'x-request-id': 'client-123' } });
    assert.equal(kept.headers.get('x-request-id'), 'client-123');
    const replaced = await request(`${base}/missing`, { headers: { 'x-request-id': 'evil\tvalue<script>' } });
    assert.match(replaced.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  });
});
