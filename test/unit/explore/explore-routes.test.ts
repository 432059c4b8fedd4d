// The explorer's shell and assets, served by the production app around its router (no engines):
// a strict CSP, every asset the page imports is listed and exists, anything else is a 404 problem,
// and an asset comes with an ETag so a returning reader gets 304.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import { buildApp } from '../../../src/app';
import { exploreRouter, ASSETS } from '../../../src/explore/explore.routes';
import { createLogger } from '../../../src/shared/logger';
import { PROJECT_ROOT } from '../../../src/shared/paths';
import { request } from '../../helpers/http';

const DIR = path.join(PROJECT_ROOT, 'src', 'explore', 'assets');

describe('explorer routes (/explore)', () => {
  let server: Server;
  let base: string;

  before(async () => {
    const app = buildApp({
      logger: createLogger('error', () => undefined),
      trustProxy: false,
      proxyHops: 1,
      routers: [exploreRouter()],
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  it('when /explore is asked, then it is HTML whose CSP allows only this origin, with no inline script or style', async () => {
    const res = await request(`${base}/explore`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self';/);
    assert.match(csp, /style-src 'self';/);
    assert.doesNotMatch(csp, /unsafe/);
    assert.doesNotMatch(res.text, /<script>|<style|style="/, 'nothing inline for the CSP to refuse');
  });

  it('when the modules are read, then every file they import is listed and every listed file exists', () => {
    for (const file of Object.keys(ASSETS)) assert.ok(existsSync(path.join(DIR, file)), `${file} exists`);
    for (const file of Object.keys(ASSETS).filter((f) => f.endsWith('.mjs'))) {
      const text = readFileSync(path.join(DIR, file), 'utf8');
      for (const [, imported] of text.matchAll(/from '\.\/([^']+)'/g))
        assert.ok(Object.hasOwn(ASSETS, imported), `${file} imports ${imported}, which is not served`);
    }
  });

  it('when an asset is asked twice, then it comes with its type and an ETag, and the second time as 304', async () => {
    const first = await request(`${base}/explore/assets/explore.mjs`);
    assert.equal(first.status, 200);
    assert.match(first.headers.get('content-type') ?? '', /^text\/javascript/);
    const tag = first.headers.get('etag');
    assert.ok(tag);
    const again = await request(`${base}/explore/assets/explore.mjs`, { headers: { 'if-none-match': tag } });
    assert.equal(again.status, 304);
  });

  it('when a file not listed is asked, then 404 problem+json, also for names an object has', async () => {
    for (const file of ['nope.js', 'constructor', '__proto__', '..%2Fexplore.routes.ts']) {
      const res = await request(`${base}/explore/assets/${file}`);
      assert.equal(res.status, 404, file);
      assert.equal(res.headers.get('content-type'), 'application/problem+json');
    }
  });
});
