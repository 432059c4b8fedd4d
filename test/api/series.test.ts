// Product lines (series) on a small real fixture: SMA Sunny Boy and Sunny Tripower inverters, an SMA
// Sunny Central (no line), Enphase's IQ8+ beside its IQ8P (another product), and other makers'
// modules whose model numbers look like a line's (Suntech STP…, Solarbine SB-…). Each product shows
// its line with the rule that put it there; the search facet counts them; `series=` selects them, and
// a line named in `q` selects the same products as its part's parameters.
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources, type Slice } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';
import { call, callUnchecked } from '../helpers/contract';

const NONE: Slice = { keep: () => false, limit: 0 };
const SLICES: Record<string, Slice> = {
  'cec-modules': { keep: (c) => /^(Suntech Power STP050D-5\/ZCB|Solarbine SB-S240TA1)$/.test(c.Name), limit: 5 },
  'cec-modules-2024': NONE,
  'cec-inverters': {
    keep: (c) => /^SMA America: (SB7\.7-1SP-US-40|STP 50-US-41|SC125U) /.test(c.Name),
    limit: 10,
  },
  'cec-inverters-2024': { keep: (c) => /^Enphase Energy Inc : IQ8(PLUS|P)-72-2-US /.test(c.Name), limit: 10 },
  'adr-inverters': NONE,
  'sandia-modules': NONE,
  'hplib-heat-pumps': NONE,
};

interface Listed {
  id: string;
  model: string;
  company?: { id: string };
  series?: { id: string; name: string; method: string; rule: { company: string; model_prefix: string } };
}

/** Each product's line as the lists' model numbers say it, independently of the service's rule. */
function expectedLine(p: Listed): string | undefined {
  if (p.company?.id === 'sma-america' && /^SB\d/.test(p.model)) return 'sma-sunny-boy';
  if (p.company?.id === 'sma-america' && p.model.startsWith('STP ')) return 'sma-sunny-tripower';
  if (p.company?.id === 'enphase-energy' && p.model.startsWith('IQ8PLUS-')) return 'enphase-iq8-plus';
  return undefined;
}

describe('series: a field on the product, a facet and a filter', function () {
  this.timeout(180000);
  let catalog: Catalog;
  let server: TestServer;
  let key: string;
  let searchKey: string;
  let products: Listed[];

  before(async () => {
    catalog = await openCatalog();
    await catalog.seed(writeSources(SLICES));
    server = await startServer({ MONGODB_URI: catalog.mongoUri, ELASTICSEARCH_INDEX: catalog.alias });
    const dev = await newDeveloper(server.url);
    key = (await dev.key(['products:read'])).secret;
    searchKey = (await dev.key(['search:read'])).secret;
    const all = await call(server.url, 'listProducts', { token: key, query: { limit: 100 } });
    products = all.body.data;
  });
  after(async () => {
    await server?.stop();
    await catalog?.drop();
  });

  const idsOf = (ps: readonly { id: string }[]) => ps.map((p) => p.id).sort();
  const inLine = (line: string) => idsOf(products.filter((p) => expectedLine(p) === line));

  it("when products are listed, then each of a line's shows it with the entry's rule, and no other product does", () => {
    for (const line of ['sma-sunny-boy', 'sma-sunny-tripower', 'enphase-iq8-plus'])
      assert.ok(inLine(line).length >= 1, `the fixture has products of ${line}`);
    assert.ok(products.some((p) => p.model.startsWith('IQ8P-')) && products.some((p) => p.model.startsWith('SC125U')));
    assert.ok(
      products.some((p) => p.model.startsWith('STP050D')) && products.some((p) => p.model.startsWith('SB-S240')),
    );
    for (const p of products) assert.equal(p.series?.id, expectedLine(p), `${p.model}: ${JSON.stringify(p.series)}`);
    const boy = products.find((p) => expectedLine(p) === 'sma-sunny-boy')!;
    assert.deepEqual(
      { ...boy.series, evidence: undefined },
      {
        id: 'sma-sunny-boy',
        name: 'SMA Sunny Boy',
        method: 'derived',
        rule: { company: 'sma-america', model_prefix: 'sb' },
        evidence: undefined,
      },
    );
  });

  it('when a product of a line is read, then GET /products/{id} shows its line with its rule and evidence', async () => {
    const [id] = inLine('enphase-iq8-plus');
    const res = await call(server.url, 'getProduct', { token: key, params: { id } });
    assert.equal(res.body.series.id, 'enphase-iq8-plus');
    assert.deepEqual(res.body.series.rule, { company: 'enphase-energy', model_prefix: 'iq8plus' });
    assert.match(res.body.series.evidence, /IQ8PLUS/);
    const other = products.find((p) => p.model.startsWith('IQ8P-'))!;
    const plain = await call(server.url, 'getProduct', { token: key, params: { id: other.id } });
    assert.equal(plain.body.series, undefined, 'the IQ8P is not an IQ8+');
  });

  it('when a search is made, then the series facet counts the products of each line among the matches', async () => {
    const res = await call(server.url, 'searchProducts', { token: searchKey, query: { q: 'inverter', limit: 1 } });
    const counted = Object.fromEntries(res.body.meta.facets.series.map((b: any) => [b.id, [b.value, b.count]]));
    assert.deepEqual(counted, {
      'sma-sunny-boy': ['SMA Sunny Boy', inLine('sma-sunny-boy').length],
      'sma-sunny-tripower': ['SMA Sunny Tripower', inLine('sma-sunny-tripower').length],
      'enphase-iq8-plus': ['Enphase IQ8+', inLine('enphase-iq8-plus').length],
    });
    const modules = await call(server.url, 'searchProducts', { token: searchKey, query: { q: 'module', limit: 1 } });
    assert.deepEqual(modules.body.meta.facets.series, [], 'no module is in a line, look-alikes included');
  });

  it('when series= is sent, then exactly the products of those lines are listed', async () => {
    const list = (series: ('sma-sunny-boy' | 'sma-sunny-tripower' | 'enphase-iq8-plus')[]) =>
      call(server.url, 'listProducts', { token: key, query: { series, limit: 100, fields: ['id'] } });
    assert.deepEqual(idsOf((await list(['sma-sunny-boy'])).body.data), inLine('sma-sunny-boy'));
    assert.deepEqual(
      idsOf((await list(['sma-sunny-tripower', 'enphase-iq8-plus'])).body.data),
      [...inLine('sma-sunny-tripower'), ...inLine('enphase-iq8-plus')].sort(),
    );
  });

  it("when a line is named in q, then its part's parameter is series= and selects the same products", async () => {
    const read = await call(server.url, 'searchProducts', {
      token: searchKey,
      query: { q: 'Sunny Tripower', limit: 100, fields: ['id'] },
    });
    const part = read.body.meta.interpretation.parts.find((p: any) => p.kind === 'series');
    assert.deepEqual(part.parameters, { series: ['sma-sunny-tripower'] });
    assert.equal(part.id, 'sma-sunny-tripower');
    assert.deepEqual(idsOf(read.body.data), inLine('sma-sunny-tripower'));
    // The hits of a search carry the field too, by default.
    const hits = await call(server.url, 'searchProducts', { token: searchKey, query: { q: 'Sunny Tripower' } });
    assert.ok(hits.body.data.length > 0);
    for (const hit of hits.body.data) assert.equal(hit.series?.id, 'sma-sunny-tripower', hit.model);
  });

  it('when series= names no line, then 400 naming series', async () => {
    const res = await callUnchecked(server.url, 'listProducts', { token: key, query: { series: 'sunny-boy' } });
    assert.equal(res.status, 400, res.text);
    assert.ok(
      res.body.errors.some((e: { name: string }) => e.name === 'series'),
      res.text,
    );
  });
});
