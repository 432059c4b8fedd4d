// Companies on the complete real data: a company spelled several ways by the sources answers as one
// through the filter, the facet, search and the manufacturers endpoints, and every spelling comes
// with the rule and evidence that tie it. Groups are taken from the company records the seed wrote,
// and checked against the products' own manufacturer strings.
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server';
import { fullCatalog, fullCatalogProducts } from '../helpers/full-catalog';
import { newDeveloper } from '../helpers/accounts';
import { call } from '../helpers/contract';
import type { Catalog } from '../helpers/catalog';
import type { CompanyDoc } from '../../src/catalog/company-records';
import { companyKey } from '../../src/company-resolution/company-key';

describe('companies: one company, one name (complete data)', function () {
  this.timeout(300000);
  let catalog: Catalog;
  let server: TestServer;
  let key: string;
  let companies: CompanyDoc[];
  /** Products per manufacturer string, as the products themselves carry it. */
  const perSpelling = new Map<string, number>();

  before(async () => {
    catalog = await fullCatalog();
    server = await startServer({
      MONGODB_URI: catalog.mongoUri,
      ELASTICSEARCH_INDEX: catalog.alias,
      RATE_LIMIT_MAX: '100000',
      ACCOUNT_RATE_LIMIT_MAX: '100000',
      SIGNUP_CREDITS: '1000000',
    });
    key = (await (await newDeveloper(server.url)).key(['products:read', 'search:read'])).secret;
    companies = await catalog.mongo.db.collection<CompanyDoc>('companies').find({}).toArray();
    for (const p of await fullCatalogProducts())
      perSpelling.set(p.manufacturer, (perSpelling.get(p.manufacturer) ?? 0) + 1);
  });
  after(async () => {
    await server?.stop();
  });

  const list = (query: Record<string, unknown>) =>
    call(server.url, 'listProducts', { token: key, query: { limit: 1, ...query } });
  const named = (name: string) => companies.find((c) => c.spellings.some((s) => s.spelling === name))!;

  it('then the spellings the issue names, and every group the normalization finds, are one company each', () => {
    const groups = [
      ['Jinko Solar Co. Ltd', 'Jinko Solar Co - Ltd', 'Jinko Solar Co._ Ltd'],
      ['Canadian Solar Inc.', 'Canadian Solar Inc', 'Canadian Solar Incorporated', 'Canadian Solar'],
      ['SolarEdge Technologies Ltd', 'SolarEdge Technologies Inc.', 'SolarEdge Technologies'],
      ['Enphase Energy Inc', 'Enphase Energy', 'Enphase Energy Inc.'],
      ['LG Electronics Inc.', 'LG Electronics Inc'],
      ['Vietnam Sunergy Joint Stock Company', 'VIETNAM SUNERGY JOINT STOCK COMPANY'],
    ];
    for (const group of groups) {
      for (const s of group) assert.ok(perSpelling.has(s), `the data spells it '${s}'`);
      assert.equal(new Set(group.map((s) => named(s)?._id)).size, 1, group.join(' / '));
    }
    // Every product's spelling has a company, and spellings that differ only by case, punctuation
    // and legal form are never two companies.
    const byKey = new Map<string, Set<string>>();
    for (const spelling of perSpelling.keys()) {
      const company = named(spelling);
      assert.ok(company, `'${spelling}' has a company`);
      const ids = byKey.get(companyKey(spelling)) ?? new Set();
      byKey.set(companyKey(spelling), ids.add(company._id));
    }
    assert.deepEqual(
      [...byKey].filter(([, ids]) => ids.size > 1),
      [],
    );
    // Each spelling says how it was tied, with its evidence.
    for (const c of companies) for (const s of c.spellings) assert.ok(s.rule && s.evidence, `${c._id}: ${s.spelling}`);
  });

  it('when products are filtered by any spelling, the company id or a short name, then each answers the whole company, and its facet shows it once', async () => {
    const several = companies
      .filter((c) => c.spellings.filter((s) => perSpelling.has(s.spelling)).length >= 2)
      .sort((a, b) => b.products - a.products);
    assert.ok(several.length >= 100, `${several.length} companies spelled several ways`);
    for (const c of several.slice(0, 12)) {
      const whole = c.spellings.reduce((n, s) => n + (perSpelling.get(s.spelling) ?? 0), 0);
      for (const by of [c._id, ...c.spellings.map((s) => s.spelling).filter((s) => perSpelling.has(s)), c.aliases[0]]) {
        const res = await list({ manufacturer: [by] });
        assert.equal(res.status, 200);
        // Products branded by others that the company made answer too (made_by), so at least the whole company.
        assert.ok(res.body.meta.total >= whole, `${c._id} by '${by}': ${res.body.meta.total} of ${whole}`);
      }
      const facet = await call(server.url, 'searchProducts', {
        token: key,
        query: { q: c.spellings[0].spelling, limit: 1 },
      });
      const rows = facet.body.meta.facets.manufacturer.filter((f: { id: string }) => f.id === c._id);
      assert.equal(rows.length, 1, `${c._id} appears once in the facet`);
      assert.equal(rows[0].value, c.name);
    }
  });

  it("when products are filtered by a group, then they are exactly its members' products, each member still a company of its own", async () => {
    for (const [groupId, name, members] of [
      ['qcells-group', 'Qcells', ['hanwha-qcells-qidong', 'qcells-north-america', 'q-cells']],
      ['sonali-energees-group', 'Sonali Energees', ['sonali-energees-usa', 'sonali-energees']],
    ] as const) {
      const docs = companies.filter((c) => c.group?.id === groupId);
      assert.deepEqual(docs.map((c) => c._id).sort(), [...members].sort());
      const whole = docs.flatMap((c) => c.spellings).reduce((n, s) => n + (perSpelling.get(s.spelling) ?? 0), 0);
      for (const by of [groupId, name]) assert.equal((await list({ manufacturer: [by] })).body.meta.total, whole, by);
      for (const c of docs) {
        const own = c.spellings.reduce((n, s) => n + (perSpelling.get(s.spelling) ?? 0), 0);
        assert.ok(own < whole);
        assert.equal((await list({ manufacturer: [c._id] })).body.meta.total, own, c._id);
      }
    }
  });

  it("when a short name people use is searched, then that company's products lead", async () => {
    for (const [q, spelling] of [
      ['Jinko', 'Jinko Solar Co. Ltd'],
      ['Qcells', 'Qcells North America'],
      ['SolarEdge', 'SolarEdge Technologies Ltd'],
      ['Canadian Solar', 'Canadian Solar Inc.'],
    ]) {
      const id = named(spelling)._id;
      const res = await call(server.url, 'searchProducts', { token: key, query: { q, limit: 3 } });
      assert.equal(res.status, 200);
      assert.deepEqual(
        res.body.data.map((p: { company: { id: string } }) => p.company.id),
        [id, id, id],
        q,
      );
    }
  });

  it("when a brand sells another maker's product, then both the brand and the maker find it, and it says who made it", async () => {
    const spelling = 'SunPower Corp (Original Mfg - Fronius Int. GmbH)';
    assert.ok(perSpelling.has(spelling));
    const branded = await list({ manufacturer: [spelling], limit: 100 });
    const own = branded.body.data.filter((p: { manufacturer: string }) => p.manufacturer === spelling);
    assert.ok(own.length > 0);
    for (const p of own) {
      assert.equal(p.company.id, named(spelling)._id);
      assert.match(p.made_by.name, /Fronius/);
    }
    const ids = new Set(own.map((p: { id: string }) => p.id));
    const byMaker = await list({ manufacturer: ['Fronius Int. GmbH'], limit: 100 });
    assert.ok(
      byMaker.body.data.some((p: { id: string }) => ids.has(p.id)),
      'the maker finds what it made for the brand',
    );
  });

  it('when the manufacturers are listed, then each company appears once with counts per category, paged by cursor; one company shows its spellings and evidence', async () => {
    const seen = new Map<string, number>();
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await call(server.url, 'listManufacturers', {
        token: key,
        query: { limit: 100, ...(cursor ? { cursor } : {}) },
      });
      assert.equal(res.status, 200);
      for (const c of res.body.data) {
        assert.ok(!seen.has(c.id), `${c.id} once`);
        seen.set(c.id, c.products);
        assert.equal(
          Object.values(c.categories as Record<string, number>).reduce((a, b) => a + b, 0),
          c.products,
        );
      }
      cursor = res.body.meta.next_cursor;
      pages++;
    } while (cursor);
    assert.ok(pages > 1);
    assert.equal(
      seen.size,
      new Set([...perSpelling.keys()].map((s) => named(s)._id)).size,
      'every company that has products',
    );
    const jinko = named('Jinko Solar Co. Ltd');
    assert.equal(
      seen.get(jinko._id),
      jinko.spellings.reduce((n, s) => n + (perSpelling.get(s.spelling) ?? 0), 0),
    );
    const one = await call(server.url, 'getManufacturer', { token: key, params: { id: jinko._id } });
    assert.equal(one.status, 200);
    assert.deepEqual(
      one.body.spellings.map((s: { spelling: string }) => s.spelling).sort(),
      jinko.spellings.map((s) => s.spelling).sort(),
    );
    assert.ok(one.body.spellings.every((s: { rule: string; evidence: string }) => s.rule && s.evidence.length > 10));
    const missing = await call(server.url, 'getManufacturer', { token: key, params: { id: 'no-such-company' } });
    assert.equal(missing.status, 404);
  });
});
