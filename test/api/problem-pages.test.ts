// Every problem `type` URI the API answers with resolves to a page that says what it means.
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server';
import { request } from '../helpers/http';
import { OPENAPI } from '../../src/contract/openapi';

describe('problem type pages', function () {
  this.timeout(30000);
  let server: TestServer;

  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  it('when each problem type of the document is followed, then a page names its title, status and meaning', async () => {
    const types = Object.entries(OPENAPI['x-problem-types']);
    assert.ok(types.length > 20);
    for (const [uri, t] of types) {
      const res = await request(new URL(uri, server.url).href);
      assert.equal(res.status, 200, uri);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      assert.ok(res.text.includes(`<h1>${t.title}</h1>`), uri);
      assert.ok(res.text.includes(`status <strong>${t.status}</strong>`), uri);
      assert.ok(res.text.includes(t.code), uri);
    }
  });

  it('when a problem answered by the API is followed, then its page is the one for that type; an unknown type is a 404 problem', async () => {
    const answered = await request(`${server.url}/api/v1/products`);
    assert.equal(answered.status, 401);
    const page = await request(new URL(answered.body.type, server.url).href);
    assert.match(page.text, /<h1>Authentication required<\/h1>/);
    const unknown = await request(`${server.url}/problems/no-such-problem`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.type, '/problems/route-not-found');
  });
});
