// SAM lists on the complete data: pvlib's retrieve_sam reads a signed URL of every edition of every
// list SAM has a format for, and builds the frame it builds from the edition's own file; filters
// select as the list operation does; a signed URL altered, expired or revoked is refused, uncharged.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, type TestServer } from '../helpers/server';
import { fullCatalog } from '../helpers/full-catalog';
import { newDeveloper } from '../helpers/accounts';
import { call, callUnchecked } from '../helpers/contract';
import { ROOT } from '../helpers/engines';
import { PYTHON, referenceScript } from '../helpers/pvlib';
import type { Catalog } from '../helpers/catalog';

const SAMPLE = 100;

interface Manifest {
  sources: {
    id: string;
    list: string;
    edition: string;
    file: string;
    encoding?: string;
    refused_records?: unknown[];
  }[];
}
const MANIFEST = JSON.parse(readFileSync(path.join(ROOT, 'seed', 'manifest.json'), 'utf8')) as Manifest;
const SAM_EDITIONS = MANIFEST.sources.filter((s) =>
  ['cec-modules', 'cec-inverters', 'sandia-modules', 'adr-inverters'].includes(s.list),
);

interface Case {
  readonly url: string;
  readonly source: string;
  readonly encoding: string;
  readonly sample: number;
  readonly seed: number;
}
interface Result {
  readonly url_products: number;
  readonly source_products: number;
  readonly missing: string[];
  readonly missing_count: number;
  readonly extra: string[];
  readonly compared: number;
  readonly mismatches: unknown[];
  readonly product_ids: Record<string, string>;
}

/** pvlib's retrieve_sam on one URL: what it raises, or 'read' when it reads a frame. */
function retrieve(url: string): Promise<string> {
  const script = `import sys\nfrom pvlib import pvsystem\ntry:\n    pvsystem.retrieve_sam(path=sys.argv[1]); print('read')\nexcept Exception as e:\n    print(type(e).__name__, getattr(e, 'code', ''))`;
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, ['-c', script, url]);
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('close', () => resolve(out.trim()));
  });
}

describe('SAM lists (complete data, pvlib)', function () {
  this.timeout(900_000);
  let catalog: Catalog;
  let server: TestServer;
  let key: string;
  let aheadMs = 0;

  const balance = async () =>
    Number(
      (await call(server.url, 'listProducts', { token: key, query: { limit: 1 } })).headers.get('x-quota-balance'),
    );

  async function link(list: string, query: Record<string, unknown>, expires_in?: number) {
    const made = await call(server.url, 'createSamLink', {
      token: key,
      body: { list, query, ...(expires_in ? { expires_in } : {}) },
    });
    assert.equal(made.status, 201, made.text);
    return made.body as { id: string; url: string; expires_at: string };
  }

  before(async () => {
    catalog = await fullCatalog();
    server = await startServer(
      {
        MONGODB_URI: catalog.mongoUri,
        ELASTICSEARCH_INDEX: catalog.alias,
        RATE_LIMIT_MAX: '100000',
        ACCOUNT_RATE_LIMIT_MAX: '100000',
        SIGNUP_CREDITS: '1000000',
      },
      () => Date.now() + aheadMs,
    );
    key = (await (await newDeveloper(server.url)).key(['products:read'])).secret;
  });

  after(async () => {
    await server?.stop();
  });

  it('when pvlib reads a signed URL of each edition of each SAM list, then 100 sampled products equal, field by field, what pvlib reads from the source file', async () => {
    const cases: Case[] = [];
    for (const [i, s] of SAM_EDITIONS.entries()) {
      const made = await link(s.list, { edition: s.edition });
      cases.push({
        url: made.url,
        source: path.join(ROOT, 'seed', 'sources', s.file),
        encoding: s.encoding === 'latin1' ? 'latin1' : 'utf-8',
        sample: SAMPLE,
        seed: 20261127 + i,
      });
    }
    const results = await referenceScript<Result>('sam_lists.py', cases);
    results.forEach((r, i) => {
      const s = SAM_EDITIONS[i];
      const what = `${s.list} ${s.edition}`;
      console.log(
        `      ${what}: ${r.url_products} products read from the URL, ${r.source_products} from the file, ${r.compared} compared field by field`,
      );
      assert.deepEqual(r.mismatches, [], `${what}: every sampled value as pvlib reads it from the file`);
      assert.equal(r.compared, SAMPLE, `${what}: ${SAMPLE} products compared`);
      assert.deepEqual(r.extra, [], `${what}: no product the file does not list`);
      // Only the records the seed refused (a row cut short) are not products, so not in the list.
      assert.ok(
        r.missing_count <= (s.refused_records?.length ?? 0),
        `${what}: ${r.missing_count} of the file's products missing: ${r.missing.join(', ')}`,
      );
    });
  });

  it('when a SAM list is filtered like the list operation, then its rows are the products the list operation selects, with their ids', async () => {
    const query = { manufacturer: ['Trina Solar'], 'specs.stc_power_w[gte]': '400', product_id: true };
    const listed = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await call(server.url, 'listProducts', {
        token: key,
        query: {
          category: ['pv-module'],
          manufacturer: ['Trina Solar'],
          'specs.stc_power_w[gte]': '400',
          limit: 100,
          ...(cursor ? { cursor } : {}),
        },
      });
      for (const p of page.body.data as { id: string }[]) listed.add(p.id);
      cursor = page.body.meta.next_cursor as string | undefined;
    } while (cursor);
    assert.ok(listed.size > 20, `${listed.size} Trina modules of 400 W or more`);
    const reply = await call(server.url, 'exportSamList', { token: key, params: { list: 'cec-modules' }, query });
    assert.equal(reply.status, 200, reply.text);
    const ids = new Set(
      reply.text
        .trim()
        .split('\n')
        .slice(3)
        .map((line) => line.slice(line.lastIndexOf(',') + 1)),
    );
    const inEdition = [...listed].filter((id) => ids.has(id));
    assert.deepEqual(
      [...ids].filter((id) => !listed.has(id)),
      [],
      'no row of a product the filters leave out',
    );
    assert.ok(inEdition.length > 20, `${inEdition.length} of them in the newest edition`);
    const [result] = await referenceScript<Result>('sam_lists.py', [
      {
        url: (await link('cec-modules', query)).url,
        source: path.join(
          ROOT,
          'seed',
          'sources',
          [...SAM_EDITIONS].reverse().find((s) => s.list === 'cec-modules')!.file,
        ),
        encoding: 'utf-8',
        sample: 20,
        seed: 7,
      },
    ]);
    assert.deepEqual(result.mismatches, [], 'the filtered rows as the file printed them, the product id beside them');
    for (const id of Object.values(result.product_ids))
      assert.ok(listed.has(id), `${id} is a product the list selects`);
  });

  it('when a signed URL is altered, expired or revoked, then pvlib is refused with a problem, and nothing is charged', async () => {
    const made = await link('cec-inverters', { edition: '2024-11-14' }, 3600);
    const url = new URL(made.url);
    const signature = url.searchParams.get('signature')!;
    const before = await balance();
    const altered = new URL(made.url);
    altered.searchParams.set('signature', `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`);
    const otherId = new URL(made.url);
    otherId.pathname = otherId.pathname.replace(made.id, `${made.id.slice(0, -1)}${made.id.endsWith('A') ? 'B' : 'A'}`);
    for (const bad of [altered, otherId]) {
      const reply = await callUnchecked(server.url, 'downloadSamLink', {
        params: { id: bad.pathname.split('/').pop()! },
        query: { signature: bad.searchParams.get('signature')! },
      });
      assert.equal(reply.status, 403, reply.text);
      assert.equal(reply.body.type, '/problems/signed-url-invalid');
      assert.equal(await retrieve(bad.toString()), 'HTTPError 403');
    }
    aheadMs = 3601_000;
    const expired = await callUnchecked(server.url, 'downloadSamLink', {
      params: { id: made.id },
      query: { signature },
    });
    assert.equal(expired.status, 410, expired.text);
    assert.equal(expired.body.type, '/problems/signed-url-expired');
    assert.equal(await retrieve(made.url), 'HTTPError 410');
    aheadMs = 0;
    assert.equal(await retrieve(made.url), 'read', 'the same URL before its expiry is read');
    const afterRead = await balance();
    const revoked = await callUnchecked(server.url, 'revokeSamLink', { token: key, params: { id: made.id } });
    assert.equal(revoked.status, 204, revoked.text);
    const gone = await callUnchecked(server.url, 'downloadSamLink', { params: { id: made.id }, query: { signature } });
    assert.equal(gone.status, 410, gone.text);
    assert.equal(gone.body.type, '/problems/signed-url-revoked');
    assert.equal(await balance(), afterRead - 1, 'the refusals cost nothing (one list call)');
    const keyed = await call(server.url, 'exportSamList', {
      token: key,
      params: { list: 'cec-inverters' },
      query: { edition: '2024-11-14' },
    });
    const rows = Number(/rows=(\d+)/.exec(keyed.headers.get('x-sam-source') ?? '')?.[1]);
    assert.ok(rows > 2000, `${rows} rows`);
    assert.equal(keyed.headers.get('x-quota-cost'), String(Math.ceil(rows / 100)));
    assert.equal(before - afterRead - 1, Math.ceil(rows / 100), 'the one download was charged, 1 credit per 100 rows');
  });

  it('when a SAM list is asked of a list SAM has no format for, an unknown edition or bad filters, then a problem says so and nothing is charged', async () => {
    const before = await balance();
    const heatPumps = await call(server.url, 'exportSamList', { token: key, params: { list: 'hplib-heat-pumps' } });
    assert.equal(heatPumps.status, 404, heatPumps.text);
    assert.equal(heatPumps.body.type, '/problems/no-sam-format');
    assert.match(heatPumps.body.detail, /cec-modules, cec-inverters, sandia-modules, adr-inverters/);
    const edition = await call(server.url, 'exportSamList', {
      token: key,
      params: { list: 'cec-modules' },
      query: { edition: '2020-01-01' },
    });
    assert.equal(edition.status, 404, edition.text);
    assert.match(edition.body.detail, /2019-03-05, 2022-11-16, 2024-11-14/);
    const early = await call(server.url, 'exportSamList', {
      token: key,
      params: { list: 'cec-modules' },
      query: { as_of: '2010-01-01' },
    });
    assert.equal(early.status, 404, early.text);
    const range = await callUnchecked(server.url, 'exportSamList', {
      token: key,
      params: { list: 'cec-modules' },
      query: { 'specs.stc_power_w[gte]': 'lots' },
    });
    assert.equal(range.status, 400, range.text);
    const linkQuery = await callUnchecked(server.url, 'createSamLink', {
      token: key,
      body: { list: 'cec-modules', query: { 'specs.stc_power_w[gte]': 'lots' } },
    });
    assert.equal(linkQuery.status, 400, linkQuery.text);
    assert.equal(linkQuery.body.errors[0].name, 'query.specs.stc_power_w[gte]');
    const linkList = await callUnchecked(server.url, 'createSamLink', {
      token: key,
      body: { list: 'hisim-batteries' },
    });
    assert.equal(linkList.status, 404, linkList.text);
    assert.equal(linkList.body.type, '/problems/no-sam-format');
    const linkEdition = await callUnchecked(server.url, 'createSamLink', {
      token: key,
      body: { list: 'sandia-modules', query: { edition: '2024-11-14' } },
    });
    assert.equal(linkEdition.status, 404, linkEdition.text);
    assert.match(linkEdition.body.detail, /2015-06-30/);
    assert.equal(await balance(), before - 1, 'nothing charged but the balance check');
  });
});
